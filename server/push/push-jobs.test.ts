import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../db/schema';
import { startLocalPushService, type LocalPushService, type LocalPushSubscription } from '../test/push-service';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { PushNotDelivered } from './push-jobs';

/**
 * The push jobs (issue 43): a person is told on each of their devices, in their language, through the real sender
 * to a local push service that checks the VAPID signature and decrypts each message; a device whose service says it
 * is gone is forgotten, one whose service fails is tried again, and a device that moved to another account is not
 * told the first person's news.
 */

const ctx = testContextForFile();
let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

async function subscribedDevice(person: SignedInUser): Promise<LocalPushSubscription> {
  const device = service.subscribe({ applicationServerKey: ctx.config.push.vapid.publicKey });
  const answer = await ctx.request('PUT', '/api/v1/push/subscriptions', { json: device, token: person.token });
  expect(answer.status).toBe(201);
  return device;
}

const receivedBy = (device: LocalPushSubscription) =>
  service.received.filter((push) => push.endpoint === device.endpoint).map((push) => push.payload);

describe('push.notify and push.send', () => {
  it('tells each of the person’s devices, in their language, and forgets a device whose service says it is gone', async () => {
    const person = await registerSignedIn(ctx, 'push-jobs-person');
    await ctx.db.update(users).set({ language: 'bn' }).where(eq(users.id, person.id));
    const phone = await subscribedDevice(person);
    const oldLaptop = await subscribedDevice(person);
    service.answer(oldLaptop.endpoint, 410);

    await ctx.jobs.send('push.notify', { userId: person.id, about: { type: 'message', url: '/main/messages/abc' } });
    await ctx.runJobs();

    expect(receivedBy(phone)).toEqual([{ type: 'message', url: '/main/messages/abc', lang: 'bn' }]);
    const left = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.id));
    expect(left.map((row) => row.endpoint)).toEqual([phone.endpoint]);
  });

  it('throws for a push service that fails, so the queue tries that device again', async () => {
    const person = await registerSignedIn(ctx, 'push-jobs-outage');
    const phone = await subscribedDevice(person);
    service.answer(phone.endpoint, 503);
    await ctx.jobs.send('push.notify', { userId: person.id, about: { type: 'request', url: '/main/requests' } });
    await expect(ctx.runJobs()).rejects.toBeInstanceOf(PushNotDelivered);
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint)),
    ).toHaveLength(1);
    ctx.jobs.sent.length = 0;
  });

  it('does not tell whoever holds a device now what was meant for its earlier account', async () => {
    const first = await registerSignedIn(ctx, 'push-jobs-first');
    const second = await registerSignedIn(ctx, 'push-jobs-second');
    const sharedPhone = await subscribedDevice(first);
    const [row] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sharedPhone.endpoint));
    const message = { type: 'request', url: '/main/requests', lang: 'en' } as const;
    await ctx.jobs.send('push.send', { userId: first.id, subscriptionId: row!.id, message });
    // Before the job runs, the phone signs in to the second account and subscribes for it: the same row, moved.
    const moved = await ctx.request('PUT', '/api/v1/push/subscriptions', { json: sharedPhone, token: second.token });
    expect(moved.status).toBe(201);
    await ctx.runJobs();
    expect(receivedBy(sharedPhone)).toEqual([]);
    // For the second account it is sent.
    await ctx.jobs.send('push.send', { userId: second.id, subscriptionId: row!.id, message });
    await ctx.runJobs();
    expect(receivedBy(sharedPhone)).toEqual([message]);
  });
});
