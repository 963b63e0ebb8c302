import { ECDH } from 'node:crypto';
import { Hono } from 'hono';
import {
  PUSH_AUTH_BYTES,
  PUSH_P256DH_BYTES,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type PushKeyRecord,
} from '../../src/domain/push-subscription';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readJsonBody } from '../http/validate';
import { checkPushEndpoint } from './push-endpoint-policy';
import { removeOwnSubscription, saveSubscription, toSubscriptionRecord } from './push-subscription-store';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Web Push under /api/v1/push (issue 43): `GET /key` is the server's VAPID public key, which browsers subscribe
 * with; `PUT /subscriptions` stores the signed-in person's browser subscription and `DELETE /subscriptions` forgets
 * one of theirs. What is sent to them, and when, is decided elsewhere; these routes only keep where to send.
 */

export const PUSH_ENDPOINT_REFUSED_MESSAGE = (): string => m.server_push_endpoint_refused();
export const PUSH_KEYS_INVALID_MESSAGE = (): string => m.server_push_keys_invalid();

/** The key changes only when the deployment's VAPID pair does, and browsers then need to subscribe again anyway. */
export const PUSH_KEY_CACHE_CONTROL = 'public, max-age=86400';

export function pushRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.get('/key', (c) => {
    c.header('Cache-Control', PUSH_KEY_CACHE_CONTROL);
    return ok<PushKeyRecord>(c, 'ok', { publicKey: deps.config.push.vapid.publicKey });
  });

  routes.use('/subscriptions', requireSession(deps));

  routes.put('/subscriptions', async (c) => {
    const body = await readJsonBody(c, pushSubscriptionSchema);
    if (!checkPushEndpoint(body.endpoint, deps.config.push).allowed) {
      throw new HttpError(400, PUSH_ENDPOINT_REFUSED_MESSAGE());
    }
    if (!isBrowserKey(body.keys.p256dh) || Buffer.from(body.keys.auth, 'base64url').byteLength !== PUSH_AUTH_BYTES) {
      throw new HttpError(400, PUSH_KEYS_INVALID_MESSAGE());
    }
    const { row, created } = await saveSubscription(
      deps.db,
      c.get('session').userId,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      deps.clock.now(),
    );
    return created
      ? ok(c, m.server_push_subscribed(), toSubscriptionRecord(row), 201)
      : ok(c, m.server_push_refreshed(), toSubscriptionRecord(row));
  });

  // 204 whether or not the caller held it: the state asked for holds either way, and a different answer for an
  // endpoint someone else holds would tell the caller that it is subscribed.
  routes.delete('/subscriptions', async (c) => {
    const { endpoint } = await readJsonBody(c, pushUnsubscribeSchema);
    await removeOwnSubscription(deps.db, c.get('session').userId, endpoint);
    return c.body(null, 204);
  });

  return routes;
}

/** A browser's p256dh: an uncompressed point (0x04, x, y) on P-256, which payloads can be encrypted for. */
function isBrowserKey(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.byteLength !== PUSH_P256DH_BYTES || point[0] !== 0x04) return false;
  try {
    // Decoding checks that the point is on the curve.
    ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}
