import type { AlertFilters, AlertFrequency, AlertRecord } from '@/domain/alerts';
import type { ListingKind } from '@/domain/listing-kinds';
import { api } from '@/lib/api-client';

/**
 * The alerts and push endpoints (issue 43). None goes through the outbox: saving an alert, and turning a device's
 * notifications on or off, are done while the person looks at the answer, and offline the screen says they need a
 * connection rather than queue them.
 */

/**
 * The answer's data: every endpoint answers the API's envelope `{success, message, data}` (docs/api.md); a bare
 * answer (the record itself) is read the same, so the two sides need not agree on more than the record.
 */
function dataOf<T>(body: unknown): T {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'success' in body) {
    const envelope = body as { data?: T; message?: string };
    if (envelope.data === undefined) throw new Error(envelope.message ?? 'The answer held no data');
    return envelope.data;
  }
  return body as T;
}

export interface NewAlert {
  kind: ListingKind;
  filters: AlertFilters;
  frequency: AlertFrequency;
}

/** The person's alerts, newest first. */
export async function fetchAlerts(signal?: AbortSignal): Promise<AlertRecord[]> {
  return dataOf<AlertRecord[]>(await api.get('alerts', signal ? { signal } : {}).json());
}

/** Saves an alert; `existing` when the person already had this one (the server answers it with 200, not 201). */
export async function createAlert(alert: NewAlert): Promise<{ alert: AlertRecord; existing: boolean }> {
  const response = await api.post('alerts', { json: alert });
  return { alert: dataOf<AlertRecord>(await response.json()), existing: response.status === 200 };
}

export async function deleteAlert(id: string): Promise<void> {
  await api.delete(`alerts/${encodeURIComponent(id)}`);
}

/** The server's VAPID public key (base64url), which a push subscription is made for. */
export async function fetchPushKey(): Promise<string> {
  const { publicKey } = dataOf<{ publicKey?: unknown }>(await api.get('push/key').json());
  if (typeof publicKey !== 'string' || publicKey === '') throw new Error('The server has no push key');
  return publicKey;
}

/** Tells the server where to push to this device (a PushSubscription's JSON); again is harmless. */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.put('push/subscriptions', { json: subscription });
}

export async function removePushSubscription(endpoint: string): Promise<void> {
  await api.delete('push/subscriptions', { json: { endpoint } });
}
