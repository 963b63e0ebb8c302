import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';

export interface PriceRange {
  min: number;
  max: number;
  count: number;
}

export interface PriceRanges {
  rent: PriceRange | null;
  services: Partial<Record<string, PriceRange>>;
}

/** GET /market/price-ranges: live lowest and highest prices, in taka, for the /services pages. */
export async function getPriceRanges(): Promise<PriceRanges> {
  const body = await api.get('market/price-ranges').json<ApiEnvelope<PriceRanges>>();
  return body.data ?? { rent: null, services: {} };
}
