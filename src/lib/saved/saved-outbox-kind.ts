import type { OutboxKindDeclarations } from '../outbox/outbox-senders';

/**
 * The saved items' outbox kind: a heart toggled offline. Declared here, beside its sender, since the hearts are
 * shared by every list (src/ui/save-heart.tsx) rather than owned by one feature.
 */
export const SAVED_OUTBOX_KINDS: OutboxKindDeclarations<'saved'> = {
  saved: {
    send: () => import('./send-saved-toggle').then((m) => m.sendSavedToggle),
    editPath: () => undefined,
  },
};
