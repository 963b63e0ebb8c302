import Dexie from 'dexie';
import { afterEach, beforeEach } from 'vitest';
import { OUTBOX_DB_NAME, closeOutboxDb, listOutboxItems, updateOutboxItem } from './outbox-db';
import { resetOutboxProcessor } from './outbox-processor';

/** Each test of the file starts with an empty outbox database and an idle processor. */
export function emptyOutboxBeforeEachTest(): void {
  beforeEach(async () => {
    closeOutboxDb();
    await Dexie.delete(OUTBOX_DB_NAME);
  });
  afterEach(() => resetOutboxProcessor());
}

/** Makes every waiting item due now, as the network coming back would. */
export async function makeWaitingItemsDue(): Promise<void> {
  for (const item of await listOutboxItems()) {
    if (item.id && item.status === 'waiting') await updateOutboxItem(item.id, { nextAttemptAt: 0 });
  }
}
