import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';

/**
 * "Show number" on a visitor's copy of a service: `GET /profession/view-details/{id}/phone`, counted per connection
 * by the server. Its own module, loaded at the tap: cards are on the list's first screen.
 */
export async function fetchServicePhone(id: string): Promise<string> {
  const body = await api
    .get(`profession/view-details/${encodeURIComponent(id)}/phone`)
    .json<ApiEnvelope<{ contactNumber?: unknown }>>();
  if (typeof body.data?.contactNumber !== 'string') throw new Error(m.share_show_number_failed());
  return body.data.contactNumber;
}
