/**
 * What the pages' hooks use of the outbox, in one module they load on first use (./outbox-lazy.ts): the outbox's
 * storage brings Dexie (about 27 KiB on the wire), which a form does not need to draw.
 */
export { discardOutboxItem, postToOutbox } from './outbox';
export { getOutboxItem, isOutboxItemOf, outboxItemsOfKindQuery, outboxItemsQuery } from './outbox-db';
export { onOutboxEvent } from './outbox-processor';
export { latestWaitingEdit } from './replace-waiting';
