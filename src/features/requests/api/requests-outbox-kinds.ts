import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The requests feature's outbox kinds: a new request, and a move on one. Neither has a form to edit it in. */
export const REQUESTS_OUTBOX_KINDS: OutboxKindDeclarations<'request' | 'request-action'> = {
  request: {
    send: () => import('./request-senders').then((m) => m.sendRequestItem),
    editPath: () => undefined,
  },
  'request-action': {
    send: () => import('./request-senders').then((m) => m.sendRequestAction),
    editPath: () => undefined,
  },
};
