import { eq } from 'drizzle-orm';
import type { PushAbout, PushMessage } from '../../src/domain/push-message';
import { accountLanguage } from '../accounts/users';
import { pushSubscriptions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { removeSubscription, subscriptionsOf } from './push-subscription-store';

/**
 * The push jobs (issue 43): `push.notify` tells one person on each device they have push on, as one `push.send`
 * per device, so that a push service that fails is retried for its device alone (with backoff, by the queue),
 * and one that says the subscription is gone (404, 410) has it removed.
 */

/** Seconds a push service keeps a notification for a phone that is offline: a day, then it is old news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

type PushDeps = Pick<AppDeps, 'db' | 'jobs' | 'pushSender' | 'logger'>;

export async function notifyPerson(deps: PushDeps, userId: string, about: PushAbout): Promise<void> {
  const [person] = await deps.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  if (!person) return;
  const message = { ...about, lang: accountLanguage(person.language) } as PushMessage;
  for (const device of await subscriptionsOf(deps.db, userId)) {
    await deps.jobs.send('push.send', { userId, subscriptionId: device.id, message });
  }
}

/** Thrown for a failure worth trying again later: the queue retries the job with a growing delay. */
export class PushNotDelivered extends Error {}

export async function sendToDevice(
  deps: PushDeps,
  { userId, subscriptionId, message }: { userId: string; subscriptionId: string; message: PushMessage },
): Promise<void> {
  const [device] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  // Unsubscribed since, or the browser now signed in to another account (its row moved): the message was for the
  // person, never for whoever holds the device now.
  if (!device || device.userId !== userId) return;
  const result = await deps.pushSender.send(device, message, {
    ttlSeconds: PUSH_TTL_SECONDS,
    urgency: message.type === 'message' ? 'high' : 'normal',
  });
  switch (result.outcome) {
    case 'sent':
      return;
    case 'gone':
      await removeSubscription(deps.db, device.endpoint);
      return;
    case 'failed':
      if (result.retryable) throw new PushNotDelivered(`The push service answered ${result.status ?? 'nothing'}`);
      deps.logger?.info(`A push was not sent and is not tried again: ${result.reason ?? result.status ?? ''}`);
      return;
  }
}
