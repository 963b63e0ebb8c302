import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { aServiceEditPayload } from '@/domain/outbox-payloads.fixtures';
import { isOutboxItemOf, listOutboxItems, updateOutboxItem, type OutboxItem, type StoredOutboxItem } from './outbox-db';
import { flushOutbox, registerOutboxSender, type OutboxSender } from './outbox-processor';
import { makeWaitingItemsDue, emptyOutboxBeforeEachTest } from './outbox-test-support';
import { discardWaitingEdits, enqueueReplacingEdits, latestWaitingEdit } from './replace-waiting';

// Items of visitors (ownerId null) can be sent without a session cookie in these tests.
const OWNER = null;
const sameService = (serviceId: string) => (item: OutboxItem<'service-edit'>) => item.payload.serviceId === serviceId;

function queueEdit(serviceId: string, description: string) {
  return enqueueReplacingEdits(
    { kind: 'service-edit', ownerId: OWNER, label: 'Edit', payload: aServiceEditPayload(serviceId, description) },
    sameService(serviceId),
  );
}

/** The description an edit carries. */
const described = (item: StoredOutboxItem) =>
  isOutboxItemOf(item, 'service-edit') ? item.payload.values.description : undefined;

/** A sender that records each payload it sends; offline while `online` is false. */
function recordingSender() {
  const sent: StoredOutboxItem[] = [];
  const state = { online: false };
  const sender: OutboxSender<'service-edit'> = async (item) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    sent.push(item);
    return { message: 'Service updated successfully!' };
  };
  return { sender, sent, state };
}

emptyOutboxBeforeEachTest();

describe('edits in the outbox', () => {
  it('keeps only the newest unsent edit of a service, sends it once, and leaves other services alone', async () => {
    const { sender, sent, state } = recordingSender();
    registerOutboxSender('service-edit', async () => sender);
    await queueEdit('a', 'first');
    await flushOutbox(); // offline: it waits
    await queueEdit('b', 'other service');
    await queueEdit('a', 'second');
    await queueEdit('a', 'third');
    const waiting = await listOutboxItems();
    expect(waiting.map(described)).toEqual(['other service', 'third']);

    state.online = true;
    await makeWaitingItemsDue();
    await flushOutbox();
    expect(sent.map(described)).toEqual(['other service', 'third']);
    expect(await listOutboxItems()).toEqual([]);
    await flushOutbox();
    expect(sent).toHaveLength(2);
  });

  it('leaves an older edit that is being sent, so both arrive in order', async () => {
    const older = await queueEdit('a', 'older');
    await updateOutboxItem(older.id, { status: 'sending' });
    await queueEdit('a', 'newer');
    expect((await listOutboxItems()).map((item) => [described(item), item.status])).toEqual([
      ['older', 'sending'],
      ['newer', 'waiting'],
    ]);
  });

  it('replaces a refused edit, and answers the newest edit for the form', async () => {
    const refused = await queueEdit('a', 'refused');
    await updateOutboxItem(refused.id, { status: 'failed', lastError: 'Description should be at least 20 characters' });
    expect((await latestWaitingEdit('service-edit', OWNER, sameService('a')))?.status).toBe('failed');
    await queueEdit('a', 'fixed');
    expect((await listOutboxItems()).map(described)).toEqual(['fixed']);
    expect((await latestWaitingEdit('service-edit', OWNER, sameService('a')))?.payload).toEqual(
      aServiceEditPayload('a', 'fixed'),
    );
  });

  it('drops the waiting edits of a deleted service only', async () => {
    await queueEdit('a', 'gone');
    await queueEdit('b', 'kept');
    await discardWaitingEdits('service-edit', OWNER, sameService('a'));
    expect((await listOutboxItems()).map(described)).toEqual(['kept']);
  });
});
