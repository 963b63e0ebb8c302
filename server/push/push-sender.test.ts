import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/domain/push-message';
import { startLocalPushService, type LocalPushService, type LocalPushSubscription } from '../test/push-service';
import { createWebPushSender, DEFAULT_PUSH_TTL_SECONDS, type PushTarget } from './push-sender';
import { generateVapidKeys } from './vapid-keys';

/**
 * The sender's contract, through the real sender (web-push's encryption and VAPID signature) to a local push service
 * that checks both as a browser's push service and the browser would (server/test/push-service.ts).
 */

const vapid = { ...generateVapidKeys(), subject: 'mailto:push@basha.test' };
const demoPush = { vapid, loopbackEndpoints: true };
const sender = createWebPushSender(demoPush, { timeoutMs: 1000 });
const message: PushMessage = {
  type: 'alert',
  kind: 'rent',
  count: 1,
  url: '/rent/6f1c0c1e-0000-4000-8000-000000000001',
  lang: 'bn',
};

let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

function targetOf(subscription: LocalPushSubscription): PushTarget {
  return { endpoint: subscription.endpoint, ...subscription.keys };
}

function subscribed(): LocalPushSubscription {
  return service.subscribe({ applicationServerKey: vapid.publicKey });
}

const receivedAt = (endpoint: string) => service.received.filter((push) => push.endpoint === endpoint);
const requestsTo = (endpoint: string) => service.requests.filter((request) => request.endpoint === endpoint);

describe('the push sender', () => {
  it('delivers the message encrypted for the browser (aes128gcm) and signed with the server key', async () => {
    const subscription = subscribed();
    const result = await sender.send(targetOf(subscription), message, {
      ttlSeconds: 600,
      urgency: 'high',
      topic: 'rent',
    });
    expect(requestsTo(subscription.endpoint)).toEqual([{ endpoint: subscription.endpoint, status: 201 }]);
    expect(result).toEqual({ outcome: 'sent' });
    const [push] = receivedAt(subscription.endpoint);
    expect(push?.payload).toEqual(message);
    expect(push?.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '600',
      urgency: 'high',
      topic: 'rent',
    });
    expect(push?.vapid).toMatchObject({ publicKey: vapid.publicKey, sub: vapid.subject, aud: service.origin });
  });

  it('asks the push service to keep a message a day for an offline browser unless told otherwise', async () => {
    const subscription = subscribed();
    await sender.send(targetOf(subscription), message);
    expect(receivedAt(subscription.endpoint)[0]?.headers.ttl).toBe(String(DEFAULT_PUSH_TTL_SECONDS));
  });

  it('is refused by the push service when signed with another key than the browser subscribed with', async () => {
    const subscription = subscribed();
    const stranger = createWebPushSender({ ...demoPush, vapid: { ...generateVapidKeys(), subject: vapid.subject } });
    const result = await stranger.send(targetOf(subscription), message);
    expect(result).toMatchObject({ outcome: 'failed', retryable: false, status: 403 });
    expect(receivedAt(subscription.endpoint)).toEqual([]);
  });

  it('is refused by the browser when encrypted for another browser', async () => {
    const subscription = subscribed();
    const other = subscribed();
    const result = await sender.send({ ...targetOf(subscription), ...other.keys }, message);
    expect(result).toMatchObject({ outcome: 'failed', retryable: false, status: 400 });
    expect(receivedAt(subscription.endpoint)).toEqual([]);
  });

  it('calls a subscription gone on 410 and on 404, for the caller to remove it', async () => {
    const unsubscribed = subscribed();
    service.answer(unsubscribed.endpoint, 410);
    expect(await sender.send(targetOf(unsubscribed), message)).toEqual({ outcome: 'gone' });
    const unknown = `${service.origin}/push/never-subscribed`;
    expect(await sender.send({ ...targetOf(subscribed()), endpoint: unknown }, message)).toEqual({ outcome: 'gone' });
  });

  it('calls 500, 503 and 429 retryable, and 413 not', async () => {
    for (const [status, retryable] of [
      [500, true],
      [503, true],
      [429, true],
      [413, false],
    ] as const) {
      const subscription = subscribed();
      service.answer(subscription.endpoint, status);
      expect(await sender.send(targetOf(subscription), message)).toMatchObject({
        outcome: 'failed',
        retryable,
        status,
      });
    }
  });

  it('gives up on a push service that does not answer within its time-out, as retryable', async () => {
    const subscription = subscribed();
    service.answer(subscription.endpoint, 'no answer');
    const started = Date.now();
    const result = await sender.send(targetOf(subscription), message);
    expect(result).toMatchObject({ outcome: 'failed', retryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('calls a push service it cannot reach retryable', async () => {
    const closed = await startLocalPushService();
    const subscription = closed.subscribe();
    await closed.close();
    expect(await sender.send(targetOf(subscription), message)).toMatchObject({ outcome: 'failed', retryable: true });
  });

  it('never contacts an endpoint the policy refuses, checked again at sending', async () => {
    const subscription = subscribed();
    const production = createWebPushSender({ ...demoPush, loopbackEndpoints: false });
    expect(await production.send(targetOf(subscription), message)).toMatchObject({
      outcome: 'failed',
      retryable: false,
    });
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/push/x',
      `${service.origin.replace('127.0.0.1', 'user:pw@127.0.0.1')}/push/x`,
    ]) {
      expect(await sender.send({ ...targetOf(subscription), endpoint }, message)).toMatchObject({
        outcome: 'failed',
        retryable: false,
      });
    }
    expect(requestsTo(subscription.endpoint)).toEqual([]);
    expect(service.requests.filter((request) => !request.endpoint.startsWith(service.origin))).toEqual([]);
  });

  it('refuses a payload over MAX_PUSH_PAYLOAD_BYTES without sending it', async () => {
    const subscription = subscribed();
    const tooLarge: PushMessage = { type: 'message', url: `/conversations/${'x'.repeat(3000)}`, lang: 'en' };
    expect(await sender.send(targetOf(subscription), tooLarge)).toMatchObject({ outcome: 'failed', retryable: false });
    expect(requestsTo(subscription.endpoint)).toEqual([]);
  });
});
