import type { ReportKind } from '@/domain/report';
import { m } from '@/i18n/generated/messages.js';

/** What a reported or hidden item is, in the reader's language (the moderation list, the owner's hidden items). */
export const REPORT_KIND_NAMES: Record<ReportKind, () => string> = {
  rent: () => m.moderation_kind_rent(),
  service: () => m.moderation_kind_service(),
  review: () => m.moderation_kind_review(),
  user: () => m.moderation_kind_user(),
  conversation: () => m.moderation_kind_conversation(),
};
