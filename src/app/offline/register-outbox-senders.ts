import { registerOutboxSender } from '@/lib/outbox/outbox-senders';

/**
 * Which feature sends which kind of outbox item. Each sender loads with its feature's chunk when the first
 * such item is sent, so the shell stays small; the service worker precaches the chunks, so this works offline.
 */
export function registerOutboxSenders(): void {
  registerOutboxSender('rent-ad', () => import('@/features/rent/api/rent-post-writes').then((m) => m.sendRentAd));
  registerOutboxSender('service-offer', () =>
    import('@/features/services/api/post-services').then((m) => m.sendServiceOffer),
  );
  registerOutboxSender('review', () => import('@/features/services/api/post-services').then((m) => m.sendReview));
  registerOutboxSender('service-edit', () =>
    import('@/features/services/api/post-services').then((m) => m.sendServiceEdit),
  );
  registerOutboxSender('profile-edit', () =>
    import('@/features/profiles/api/update-profile').then((m) => m.sendProfileEdit),
  );
  registerOutboxSender('landing-feedback', () =>
    import('@/features/public-site/api/send-landing-feedback').then((m) => m.sendLandingFeedbackItem),
  );
}
