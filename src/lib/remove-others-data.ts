import { endDevicePushSubscription } from './device-push-end';
import { keepDraftsOnlyOf } from './drafts/drafts-db';
import { keepSavedItemsOnlyOf } from './saved/clear-saved';
import { removeViewedRecordsExcept } from './viewed-records/viewed-records-db';
import { VISITOR_VIEWER } from './viewed-records/viewer';

/**
 * Every other person's data leaves the phone (./person-data.ts says what and when): copies of viewed records but
 * visitors', saved items with their photos, drafts; and this device's push subscription ends (./device-push-end.ts). One module, loaded only when the person on the phone changes.
 */
export async function removeDataOfOthersThan(current: string | undefined): Promise<void> {
  await Promise.all([
    removeViewedRecordsExcept(current === undefined ? [VISITOR_VIEWER] : [current, VISITOR_VIEWER]),
    keepSavedItemsOnlyOf(current),
    keepDraftsOnlyOf(current),
    // Whoever comes next turns notifications on for themselves; a browser that refuses says nothing of anyone's data.
    endDevicePushSubscription().catch(() => undefined),
  ]);
}
