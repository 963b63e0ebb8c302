import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The rent feature's outbox kinds: a new ad, an edit of one, and its Booked/Active status. */
export const RENT_OUTBOX_KINDS: OutboxKindDeclarations<'rent-ad' | 'rent-edit' | 'rent-status'> = {
  'rent-ad': {
    send: () => import('./rent-post-writes').then((m) => m.sendRentAd),
    editPath: (item) => `/main/add-rent?outbox=${item.id}`,
  },
  'rent-edit': {
    send: () => import('./rent-manage-writes').then((m) => m.sendRentEdit),
    editPath: (item) => `/main/edit-rent/${encodeURIComponent(item.payload.postId)}?outbox=${item.id}`,
  },
  'rent-status': {
    send: () => import('./rent-manage-writes').then((m) => m.sendRentStatus),
    editPath: () => undefined,
  },
};
