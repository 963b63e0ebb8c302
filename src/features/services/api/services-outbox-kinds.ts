import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The services feature's outbox kinds: a new service, an edit of one, and a review of one. */
export const SERVICES_OUTBOX_KINDS: OutboxKindDeclarations<'service-offer' | 'service-edit' | 'review'> = {
  'service-offer': {
    send: () => import('./service-senders').then((m) => m.sendServiceOffer),
    editPath: (item) => `/main/offer-service?outbox=${item.id}`,
  },
  'service-edit': {
    send: () => import('./service-senders').then((m) => m.sendServiceEdit),
    editPath: (item) => `/main/edit-profession/${encodeURIComponent(item.payload.serviceId)}?outbox=${item.id}`,
  },
  review: {
    send: () => import('./service-senders').then((m) => m.sendReview),
    editPath: (item) =>
      item.payload.providerId === undefined
        ? undefined
        : `/main/prof-profile/${encodeURIComponent(item.payload.providerId)}?outbox=${item.id}`,
  },
};
