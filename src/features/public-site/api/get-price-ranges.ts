import type { PriceRanges } from '@/domain/price-ranges';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';

/** GET /market/price-ranges: live lowest and highest prices, in taka, for the /services pages. */
export async function getPriceRanges(): Promise<PriceRanges> {
  const body = await api.get('market/price-ranges').json<ApiEnvelope<PriceRanges>>();
  return body.data ?? { rent: null, services: {} };
}
