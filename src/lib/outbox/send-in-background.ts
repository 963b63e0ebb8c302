import { COOKIE_SELF_ID, COOKIE_SELF_TOKEN } from '@/domain/constants';
import { holdSession, releaseSession, type Session } from '../session-cookies';
import { listOutboxItems, makeWaitingItemsDue } from './outbox-db';
import { onOutboxEvent, sendOutboxOnce } from './outbox-processor';

/**
 * What the service worker does when Background Sync says a connection has returned, with no page of Basha in front:
 * the outbox sends what waits, as a page would (same processor, same senders, same Idempotency-Keys). The pages'
 * XMLHttpRequest uploads become fetch there (src/lib/upload-with-progress.ts), and the session is the one in the
 * session cookies, read through the Cookie Store API for this run only.
 *
 * Answers true when something is left to try later (the connection failed again, a server fault, or a tab was
 * sending for longer than the worker waits): the worker then fails the sync event, and the browser fires it again
 * later.
 */
export function sendOutboxInBackground(cookies: Pick<CookieStore, 'get'>): Promise<boolean> {
  // Sync events can come close together: they share one run, which alone holds the session it read.
  running ??= sendOnce(cookies).finally(() => {
    running = undefined;
  });
  return running;
}

/** How long a run waits for a tab that holds the outbox (one being closed lets go at once). */
const LOCK_WAIT_MS = 10_000;

let running: Promise<boolean> | undefined;

async function sendOnce(cookies: Pick<CookieStore, 'get'>): Promise<boolean> {
  holdSession(await sessionFrom(cookies));
  let retryLater = false;
  const stop = onOutboxEvent((event) => {
    if (event.type === 'retry-later') retryLater = true;
  });
  try {
    // The connection is back: the backoff of items that could not go while it was missing is over.
    await makeWaitingItemsDue(Date.now(), { includeFailed: false });
    return (await sendOutboxOnce(LOCK_WAIT_MS)) === 'busy' || retryLater;
  } finally {
    stop();
    releaseSession();
  }
}

/**
 * The session cookies as the Cookie Store API reads them: read for each run, and copied nowhere, so signing out
 * (which removes them) is seen by the next run.
 */
async function sessionFrom(cookies: Pick<CookieStore, 'get'>): Promise<Session | undefined> {
  const [userId, token] = await Promise.all([cookies.get(COOKIE_SELF_ID), cookies.get(COOKIE_SELF_TOKEN)]);
  return userId?.value && token?.value ? { userId: decoded(userId.value), token: decoded(token.value) } : undefined;
}

/** js-cookie writes values URI-encoded where they need it (ids and tokens never do, but a value may). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether any post still waits to be sent. A page in front was asked to send them; should it close before it has,
 * the worker fails the sync event, and sends them itself when the browser fires it again.
 */
export async function outboxHasWaitingItems(): Promise<boolean> {
  return (await listOutboxItems()).some((item) => item.status === 'waiting' || item.status === 'sending');
}
