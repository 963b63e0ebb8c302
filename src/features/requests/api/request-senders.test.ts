// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aRequestActionPayload } from '@/domain/outbox-payloads.fixtures';
import { enqueueOutboxItem, resumeOutbox } from '@/lib/outbox/outbox';
import { listOutboxItems } from '@/lib/outbox/outbox-db';
import { registerOutboxSender } from '@/lib/outbox/outbox-processor';
import { emptyOutboxBeforeEachTest } from '@/lib/outbox/outbox-test-support';
import { holdSession } from '@/lib/session-cookies';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { sendRequestAction } from './request-senders';

/**
 * Moves on one request made offline (issue 41, point 4): each is a real step, so none replaces another; they go in
 * the order they were made, each once with its own key, and one the request no longer allows (409) stays on the
 * phone as refused, in the server's words.
 */

/** PATCH /requests/{id} answered by `answer`, in turn; what was sent is recorded. */
function stubPatches(answers: (() => Response)[]) {
  const sent: { path: string; body: unknown; key: string | null }[] = [];
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: Request) => {
    sent.push({
      path: new URL(input.url).pathname,
      body: await input.clone().json(),
      key: input.headers.get('Idempotency-Key'),
    });
    return answers.shift()!();
  });
  return sent;
}

const queueMove = (action: 'accept' | 'cancel') =>
  enqueueOutboxItem({
    kind: 'request-action',
    ownerId: 'owner-1',
    label: action,
    payload: aRequestActionPayload('request-7', action),
  });

emptyOutboxBeforeEachTest();
beforeEach(() => {
  holdSession({ userId: 'owner-1', token: 'bs_x' });
  registerOutboxSender('request-action', () => Promise.resolve(sendRequestAction));
});
afterEach(() => {
  vi.restoreAllMocks();
  holdSession(undefined);
});

describe('moves on a request made offline', () => {
  it('are both kept and sent in the order they were made, each with its own key', async () => {
    const sent = stubPatches([
      () =>
        Response.json({ success: true, message: 'Request updated', data: { _id: 'request-7', status: 'accepted' } }),
      () =>
        Response.json({ success: true, message: 'Request updated', data: { _id: 'request-7', status: 'cancelled' } }),
    ]);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const accept = await queueMove('accept');
    const cancel = await queueMove('cancel');
    expect((await listOutboxItems()).map((item) => item.id)).toEqual([accept.id, cancel.id]);

    online.mockReturnValue(true);
    await resumeOutbox();
    await resumeOutbox();
    expect(sent).toEqual([
      { path: '/api/v1/requests/request-7', body: { action: 'accept' }, key: accept.key },
      { path: '/api/v1/requests/request-7', body: { action: 'cancel' }, key: cancel.key },
    ]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps one the request no longer allows (409) as refused, in the server’s words', async () => {
    const words = 'This request is cancelled now; that cannot be done.';
    stubPatches([
      () => Response.json({ success: false, message: words, data: { status: 'cancelled' } }, { status: 409 }),
    ]);
    const accept = await queueMove('accept');
    await resumeOutbox();
    expect(await listOutboxItems()).toMatchObject([{ id: accept.id, status: 'failed', lastError: words }]);
  });
});
