import { OUTBOX_KIND_DECLARATIONS } from '../src/app/offline/outbox-kinds';
import { configureOutboxSenders } from '../src/lib/outbox/outbox-senders';
import { uploadWithFetch } from '../src/lib/upload-with-fetch';
import { provideUploadWithoutXhr } from '../src/lib/upload-with-progress';
import { outboxHasWaitingItems, sendOutboxInBackground } from '../src/lib/outbox/send-in-background';

export { outboxHasWaitingItems };

/**
 * The outbox as the service worker runs it on Background Sync: the app's kinds (the same senders the pages use)
 * and one run through the queue. Loaded by sw.ts on the first sync only, so that starting the worker for a
 * navigation does not evaluate the outbox, its database library and the senders.
 */

/** Sends what waits; answers true when something is left to try later. */
export function sendOutboxFromWorker(cookies: Pick<CookieStore, 'get'>): Promise<boolean> {
  configureOutboxSenders(OUTBOX_KIND_DECLARATIONS);
  provideUploadWithoutXhr(uploadWithFetch);
  return sendOutboxInBackground(cookies);
}
