import type { OutboxKind } from '@/domain/outbox';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import type { OutboxSender } from '@/lib/outbox/outbox-senders';

/** What the app declares of each kind: how it is sent, and which page edits an item taken back from the outbox. */
interface OutboxKindDeclaration<K extends OutboxKind> {
  /** The feature's sender, loaded with its chunk on first use (the service worker precaches it, so offline too). */
  send: () => Promise<OutboxSender<K>>;
  /** The form that opens with the item's values (`?outbox=<id>`); undefined when none can. */
  editPath: (item: OutboxItem<K>) => string | undefined;
}

/**
 * Every kind of outbox item, declared once: its payload's schema is `OUTBOX_PAYLOADS[kind]` (src/domain, where
 * pages, the outbox and tests all read it); its sender and its edit page are here, the one layer that may reach
 * into every feature. A kind added to `OUTBOX_KINDS` in src/domain/outbox.ts is a type error until it is declared
 * in both.
 */
export const OUTBOX_KIND_DECLARATIONS: { [K in OutboxKind]: OutboxKindDeclaration<K> } = {
  'rent-ad': {
    send: () => import('@/features/rent/api/rent-post-writes').then((m) => m.sendRentAd),
    editPath: (item) => `/main/add-rent?outbox=${item.id}`,
  },
  'service-offer': {
    send: () => import('@/features/services/api/service-senders').then((m) => m.sendServiceOffer),
    editPath: (item) => `/main/offer-service?outbox=${item.id}`,
  },
  review: {
    send: () => import('@/features/services/api/service-senders').then((m) => m.sendReview),
    editPath: (item) =>
      item.payload.providerId === undefined
        ? undefined
        : `/main/prof-profile/${encodeURIComponent(item.payload.providerId)}?outbox=${item.id}`,
  },
  'landing-feedback': {
    send: () => import('@/features/public-site/api/send-landing-feedback').then((m) => m.sendLandingFeedbackItem),
    editPath: (item) => `/contact?outbox=${item.id}`,
  },
  'service-edit': {
    send: () => import('@/features/services/api/service-senders').then((m) => m.sendServiceEdit),
    editPath: (item) => `/main/edit-profession/${encodeURIComponent(item.payload.serviceId)}?outbox=${item.id}`,
  },
  'profile-edit': {
    send: () => import('@/features/profiles/api/update-profile').then((m) => m.sendProfileEdit),
    editPath: (item) => `/main/edit-profile?outbox=${item.id}`,
  },
  'rent-edit': {
    send: () => import('@/features/rent/api/rent-manage-writes').then((m) => m.sendRentEdit),
    editPath: (item) => `/main/edit-rent/${encodeURIComponent(item.payload.postId)}?outbox=${item.id}`,
  },
  'rent-status': {
    send: () => import('@/features/rent/api/rent-manage-writes').then((m) => m.sendRentStatus),
    editPath: () => undefined,
  },
  saved: {
    send: () => import('@/lib/saved/send-saved-toggle').then((m) => m.sendSavedToggle),
    editPath: () => undefined,
  },
};

/** Where an item can be edited: its kind's form. */
export function outboxEditPath<K extends OutboxKind>(item: OutboxItem<K>): string | undefined {
  const declaration: OutboxKindDeclaration<K> = OUTBOX_KIND_DECLARATIONS[item.kind];
  return declaration.editPath(item);
}
