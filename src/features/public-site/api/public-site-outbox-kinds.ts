import type { OutboxKindDeclarations } from '@/lib/outbox/outbox-senders';

/** The public site's outbox kind: a message sent from the landing or contact page. */
export const PUBLIC_SITE_OUTBOX_KINDS: OutboxKindDeclarations<'landing-feedback'> = {
  'landing-feedback': {
    send: () => import('./send-landing-feedback').then((m) => m.sendLandingFeedbackItem),
    editPath: (item) => `/contact?outbox=${item.id}`,
  },
};
