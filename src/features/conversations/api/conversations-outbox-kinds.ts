import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The conversations feature's outbox kind: a message, which has no form to edit it in. */
export const CONVERSATIONS_OUTBOX_KINDS: OutboxKindDeclarations<'message'> = {
  message: {
    send: () => import('./message-sender').then((m) => m.sendMessageItem),
    editPath: () => undefined,
  },
};
