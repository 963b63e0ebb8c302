import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';

/**
 * A browser's Web Push subscription as the app sends it (issue 43): `PushSubscription.toJSON()`, put to
 * `PUT /api/v1/push/subscriptions` and named by its endpoint to `DELETE` it. The shapes are checked here for the
 * app and the server alike; the server also checks that `p256dh` is a point on P-256 and that the endpoint is one it
 * may send to (server/push/push-endpoint-policy.ts).
 */

/** The longest endpoint accepted: browsers' endpoints are under 500 characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/** Devices one account keeps subscribed; a new one beyond it drops the one refreshed longest ago. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

/** Bytes of a subscription's keys: an uncompressed P-256 point (0x04, x, y) and the auth secret. */
export const PUSH_P256DH_BYTES = 65;
export const PUSH_AUTH_BYTES = 16;

/** base64url without padding, as PushSubscription.toJSON() writes it, of exactly `bytes` bytes. */
function base64UrlOf(bytes: number): RegExp {
  return new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);
}

const endpoint = () =>
  v.pipe(
    v.string(() => m.server_push_endpoint_required()),
    v.nonEmpty(() => m.server_push_endpoint_required()),
    v.maxLength(PUSH_ENDPOINT_MAX_LENGTH, () => m.server_push_endpoint_refused()),
  );

/** `PUT /api/v1/push/subscriptions`: `PushSubscription.toJSON()` as every browser writes it, and nothing else. */
export const pushSubscriptionSchema = v.strictObject({
  endpoint: endpoint(),
  expirationTime: v.nullish(v.number(() => m.server_push_keys_invalid())),
  keys: v.strictObject(
    {
      p256dh: v.pipe(
        v.string(() => m.server_push_keys_invalid()),
        v.regex(base64UrlOf(PUSH_P256DH_BYTES), () => m.server_push_keys_invalid()),
      ),
      auth: v.pipe(
        v.string(() => m.server_push_keys_invalid()),
        v.regex(base64UrlOf(PUSH_AUTH_BYTES), () => m.server_push_keys_invalid()),
      ),
    },
    () => m.server_push_keys_invalid(),
  ),
});
export type PushSubscriptionValues = v.InferOutput<typeof pushSubscriptionSchema>;

/** `DELETE /api/v1/push/subscriptions`. */
export const pushUnsubscribeSchema = v.strictObject({ endpoint: endpoint() });

/** A subscription as the API answers it: never its keys, which only the sender needs. */
export interface PushSubscriptionRecord {
  endpoint: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/v1/push/key`: the server's VAPID public key, the `applicationServerKey` to subscribe with. */
export interface PushKeyRecord {
  publicKey: string;
}
