import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The profiles feature's outbox kind: an edit of one's own profile. */
export const PROFILES_OUTBOX_KINDS: OutboxKindDeclarations<'profile-edit'> = {
  'profile-edit': {
    send: () => import('./update-profile').then((m) => m.sendProfileEdit),
    editPath: (item) => `/main/edit-profile?outbox=${item.id}`,
  },
};
