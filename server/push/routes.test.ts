import { ECDH, createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/domain/push-message';
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionRecord } from '../../src/domain/push-subscription';
import { pushSubscriptions } from '../db/schema';
import { startLocalPushService, type LocalPushService, type LocalPushSubscription } from '../test/push-service';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { createWebPushSender } from './push-sender';
import { removeSubscription, subscriptionsOf } from './push-subscription-store';
import { PUSH_ENDPOINT_REFUSED_MESSAGE, PUSH_KEY_CACHE_CONTROL, PUSH_KEYS_INVALID_MESSAGE } from './routes';

/**
 * /api/v1/push (issue 43, point 2): the public key, and each person's browsers' subscriptions: checked keys, only
 * endpoints the server may send to, one row per endpoint (a device moves with the account it subscribes for), at
 * most PUSH_SUBSCRIPTIONS_MAX per person, and a delete that touches only the caller's own.
 */

const ctx = testContextForFile();
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

const subscribe = (json: unknown, token?: string) =>
  ctx.request<PushSubscriptionRecord>('PUT', '/api/v1/push/subscriptions', { json, ...(token ? { token } : {}) });

/** A 204 has no body, which ctx.request would refuse as not JSON. */
async function unsubscribe(endpoint: unknown, token?: string): Promise<number> {
  const response = await ctx.app.request('/api/v1/push/subscriptions', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ endpoint }),
  });
  if (response.status !== 204) expect(await response.json()).toMatchObject({ success: false });
  return response.status;
}

const rowsOf = (user: SignedInUser) =>
  ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
const browser = (): LocalPushSubscription =>
  service.subscribe({ applicationServerKey: ctx.config.push.vapid.publicKey });

describe('GET /api/v1/push/key', () => {
  it('answers anyone the server key, which browsers may cache', async () => {
    const response = await ctx.request<{ publicKey: string }>('GET', '/api/v1/push/key');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ publicKey: ctx.config.push.vapid.publicKey });
    expect(response.headers.get('cache-control')).toBe(PUSH_KEY_CACHE_CONTROL);
    const point = Buffer.from(response.body.data!.publicKey, 'base64url');
    expect(ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'uncompressed')).toHaveLength(65);
  });
});

describe('PUT /api/v1/push/subscriptions', () => {
  it('stores a browser subscription (201), refreshes it on a repeat (200), and never answers its keys', async () => {
    const person = await registerSignedIn(ctx, 'push-person');
    const subscription = browser();
    const created = await subscribe(subscription, person.token);
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      endpoint: subscription.endpoint,
      createdAt: ctx.clock.now().toISOString(),
      updatedAt: ctx.clock.now().toISOString(),
    });
    ctx.clock.advance(60_000);
    const renewed = browser();
    const refreshed = await subscribe({ ...subscription, keys: renewed.keys }, person.token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data).toMatchObject({ updatedAt: ctx.clock.now().toISOString() });
    expect(JSON.stringify([created.body, refreshed.body])).not.toContain(subscription.keys.auth);
    expect(await rowsOf(person)).toMatchObject([{ endpoint: subscription.endpoint, ...renewed.keys }]);
  });

  it('moves a device to the account it subscribes for', async () => {
    const first = await registerSignedIn(ctx, 'push-first');
    const second = await registerSignedIn(ctx, 'push-second');
    const subscription = browser();
    expect((await subscribe(subscription, first.token)).status).toBe(201);
    expect((await subscribe(subscription, second.token)).status).toBe(201);
    expect(await rowsOf(first)).toEqual([]);
    expect(await rowsOf(second)).toMatchObject([{ endpoint: subscription.endpoint }]);
  });

  it(`keeps ${PUSH_SUBSCRIPTIONS_MAX} devices per person, dropping the one refreshed longest ago`, async () => {
    const person = await registerSignedIn(ctx, 'push-many');
    const devices = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX }, browser);
    for (const device of devices) {
      expect((await subscribe(device, person.token)).status).toBe(201);
      ctx.clock.advance(1000);
    }
    // The first device comes back: now the second is the one refreshed longest ago.
    expect((await subscribe(devices[0], person.token)).status).toBe(200);
    ctx.clock.advance(1000);
    const newest = browser();
    expect((await subscribe(newest, person.token)).status).toBe(201);
    const endpoints = (await rowsOf(person)).map((row) => row.endpoint).sort();
    expect(endpoints).toEqual([devices[0]!, ...devices.slice(2), newest].map((one) => one.endpoint).sort());
  });

  it(`holds ${PUSH_SUBSCRIPTIONS_MAX} under parallel subscribes`, async () => {
    const person = await registerSignedIn(ctx, 'push-parallel');
    const answers = await Promise.all(
      Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 3 }, () => subscribe(browser(), person.token)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    expect(await rowsOf(person)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
  });

  it('refuses endpoints the server may not send to, with a clear message', async () => {
    const person = await registerSignedIn(ctx, 'push-endpoints');
    const { keys } = browser();
    for (const endpoint of [
      'https://example.com/push/abc',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1:5432/',
      'http://[::ffff:127.0.0.1]:8080/push/abc',
      'https://fcm.googleapis.com:444/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const answer = await subscribe({ endpoint, keys }, person.token);
      expect([endpoint, answer.status, answer.body.message]).toEqual([endpoint, 400, PUSH_ENDPOINT_REFUSED_MESSAGE()]);
    }
    const tooLong = await subscribe({ endpoint: `${service.origin}/push/${'a'.repeat(1000)}`, keys }, person.token);
    expect(tooLong.status).toBe(400);
    expect(await rowsOf(person)).toEqual([]);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret in base64url', async () => {
    const person = await registerSignedIn(ctx, 'push-keys');
    const { endpoint, keys } = browser();
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64]! ^= 1;
    const compressed = createECDH('prime256v1');
    compressed.generateKeys();
    const notFour = Buffer.from(point);
    notFour[0] = 0x05;
    for (const bad of [
      { p256dh: offCurve.toString('base64url'), auth: keys.auth },
      { p256dh: notFour.toString('base64url'), auth: keys.auth },
      { p256dh: compressed.getPublicKey('base64url', 'compressed'), auth: keys.auth },
      { p256dh: point.toString('base64'), auth: keys.auth },
      { p256dh: `${keys.p256dh}=`, auth: keys.auth },
      { p256dh: keys.p256dh, auth: Buffer.alloc(15, 1).toString('base64url') },
      { p256dh: keys.p256dh, auth: Buffer.alloc(32, 1).toString('base64url') },
      { p256dh: keys.p256dh },
      { p256dh: 42, auth: keys.auth },
      undefined,
    ]) {
      const answer = await subscribe({ endpoint, keys: bad }, person.token);
      expect([bad, answer.status, answer.body.message]).toEqual([bad, 400, PUSH_KEYS_INVALID_MESSAGE()]);
    }
    expect(await rowsOf(person)).toEqual([]);
  });

  it('needs a session', async () => {
    const subscription = browser();
    expect((await subscribe(subscription)).status).toBe(401);
    expect((await subscribe(subscription, 'not-a-token')).status).toBe(401);
    const rows = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
    expect(rows).toEqual([]);
  });
});

describe('DELETE /api/v1/push/subscriptions', () => {
  it("removes the caller's own subscription, and answers 204 alike for another's, which it leaves", async () => {
    const owner = await registerSignedIn(ctx, 'push-owner');
    const stranger = await registerSignedIn(ctx, 'push-stranger');
    const mine = browser();
    const kept = browser();
    await subscribe(mine, owner.token);
    await subscribe(kept, owner.token);
    expect(await unsubscribe(kept.endpoint, stranger.token)).toBe(204);
    expect(await unsubscribe(`${service.origin}/push/never`, stranger.token)).toBe(204);
    expect(await unsubscribe(mine.endpoint, owner.token)).toBe(204);
    expect((await rowsOf(owner)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await unsubscribe(kept.endpoint)).toBe(401);
    expect(await unsubscribe(42, owner.token)).toBe(400);
    expect(await unsubscribe('x'.repeat(1001), owner.token)).toBe(400);
    expect(await rowsOf(owner)).toHaveLength(1);
  });
});

describe('a stored subscription', () => {
  it('reaches the browser through the sender, and goes once its push service calls it gone', async () => {
    const person = await registerSignedIn(ctx, 'push-send');
    const subscription = browser();
    await subscribe(subscription, person.token);
    const sender = createWebPushSender(ctx.config.push);
    const message: PushMessage = { type: 'request', url: '/requests', lang: 'en' };
    const [target] = await subscriptionsOf(ctx.db, person.id);
    expect(await sender.send(target!, message)).toEqual({ outcome: 'sent' });
    expect(service.received.find((push) => push.endpoint === subscription.endpoint)?.payload).toEqual(message);

    service.answer(subscription.endpoint, 410);
    expect(await sender.send(target!, message)).toEqual({ outcome: 'gone' });
    await removeSubscription(ctx.db, target!.endpoint);
    expect(await subscriptionsOf(ctx.db, person.id)).toEqual([]);
  });
});
