import { holdSessionFromCookieStore, releaseSession } from '../session-cookies';
import { makeWaitingItemsDue } from './outbox-db';
import { onOutboxEvent, sendOutboxOnce } from './outbox-processor';

/**
 * What the service worker does when Background Sync says a connection has returned, with no page of Basha in front:
 * the outbox sends what waits, as a page would (same processor, same senders, same Idempotency-Keys). The pages'
 * XMLHttpRequest uploads become fetch there (src/lib/upload-with-progress.ts), and the session is the one in the
 * session cookies, read through the Cookie Store API for this run only.
 *
 * Answers true when something is left to try later (the connection failed again, a server fault, or a tab was
 * sending): the worker then fails the sync event, and the browser fires it again later.
 */
export async function sendOutboxInBackground(cookies: Pick<CookieStore, 'get'>): Promise<boolean> {
  await holdSessionFromCookieStore(cookies);
  let retryLater = false;
  const stop = onOutboxEvent((event) => {
    if (event.type === 'retry-later') retryLater = true;
  });
  try {
    // The connection is back: the backoff of items that could not go while it was missing is over.
    await makeWaitingItemsDue(Date.now(), { includeFailed: false });
    return (await sendOutboxOnce()) === 'busy' || retryLater;
  } finally {
    stop();
    releaseSession();
  }
}
