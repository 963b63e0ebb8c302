import * as v from 'valibot';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { LISTING_KINDS } from './listing-kinds';

/**
 * Reports and moderation (issue 21, point 4): the report sheet's form, the body of `POST /api/v1/reports`, and
 * what `GET /api/v1/moderation/reports` and `POST /api/v1/moderation/hide|dismiss` take and answer. The reporter
 * always comes from the session, never the body.
 */

/** Every kind of listing, a review, a person and a conversation (the `reports` table's check lists the same kinds). */
export const REPORT_KINDS = [...LISTING_KINDS, 'review', 'user', 'conversation'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** `scam` covers requests for an advance payment before a visit, the commonest trick. */
export const REPORT_REASONS = ['scam', 'wrong-details', 'already-rented', 'offensive', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Details are optional, except with `other`, where they are all a moderator has to go on. */
export const REPORT_DETAILS_MAX_LENGTH = 1000;

/** Reports one account may send per hour: enough for an honest person, too few to flood the moderators. */
export const REPORTS_PER_HOUR = 10;

/** Report groups on one page of the moderation list. */
export const MODERATION_PAGE_SIZE = 20;

/** How many of a group's reporters the moderator sees the account age of (those of its newest reports). */
export const REPORTER_AGES_SHOWN = 5;

const localNumber = (value: number) => localDigits(String(value), getLocale());
const kindUnknown = () => m.moderation_kind_unknown();
const targetInvalid = () => m.moderation_target_invalid();
const reasonRequired = () => m.moderation_reason_required();
const detailsTooLong = () => m.moderation_details_too_long({ max: localNumber(REPORT_DETAILS_MAX_LENGTH) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const kind = v.picklist(REPORT_KINDS, kindUnknown);
const targetId = v.pipe(v.string(targetInvalid), v.regex(UUID, targetInvalid), v.toLowerCase());

/** The report sheet's fields; the same rules as the API's body. */
export const reportFormSchema = v.pipe(
  v.object({
    // A string in, so that the sheet can start with no reason chosen.
    reason: v.pipe(v.string(reasonRequired), v.picklist(REPORT_REASONS, reasonRequired)),
    details: v.pipe(v.string(detailsTooLong), v.trim(), v.maxLength(REPORT_DETAILS_MAX_LENGTH, detailsTooLong)),
  }),
  v.forward(
    v.check(
      (input) => input.reason !== 'other' || input.details.length > 0,
      () => m.moderation_details_required(),
    ),
    ['details'],
  ),
);
export type ReportFormValues = v.InferOutput<typeof reportFormSchema>;

/** `POST /api/v1/reports`. */
export const reportPayloadSchema = v.pipe(
  v.strictObject({
    kind,
    targetId,
    reason: v.picklist(REPORT_REASONS, reasonRequired),
    details: v.optional(
      v.pipe(v.string(detailsTooLong), v.trim(), v.maxLength(REPORT_DETAILS_MAX_LENGTH, detailsTooLong)),
      '',
    ),
  }),
  v.forward(
    v.check(
      (input) => input.reason !== 'other' || input.details.length > 0,
      () => m.moderation_details_required(),
    ),
    ['details'],
  ),
);
export type ReportPayload = v.InferOutput<typeof reportPayloadSchema>;

/** `POST /api/v1/moderation/hide` and `/dismiss`. A hide may name its reason; else the commonest reported one. */
export const moderationActionSchema = v.strictObject({
  kind,
  targetId,
  reason: v.optional(v.picklist(REPORT_REASONS, reasonRequired)),
});
export type ModerationAction = v.InferOutput<typeof moderationActionSchema>;

/** One reported item in the moderation list: its open reports counted by reason, and the latest ones. */
export const reportGroupSchema = v.object({
  kind,
  targetId: v.string(),
  /** A few words naming the item (an ad's area and rent, a service's category, a review's start, a name). */
  label: v.string(),
  ownerId: v.string(),
  /** Every open report of the item. */
  count: v.number(),
  /**
   * What those reports weigh: reporters whose e-mail is verified and who are not hidden, several from one client
   * address counting once. Four sock-puppet accounts on one phone weigh 1.
   */
  weight: v.number(),
  /** When the accounts behind the newest reports (at most REPORTER_AGES_SHOWN) were made, newest report first. */
  reporterSince: v.array(v.string()),
  reasons: v.array(v.object({ reason: v.picklist(REPORT_REASONS), count: v.number() })),
  latestAt: v.string(),
  /** The newest reports' details (a few), for the moderator to read. */
  details: v.array(v.string()),
});
export type ReportGroup = v.InferOutput<typeof reportGroupSchema>;

export const reportPageSchema = v.object({
  groups: v.array(reportGroupSchema),
  /** The page after this one, or null on the last. */
  nextPage: v.nullable(v.number()),
});
export type ReportPage = v.InferOutput<typeof reportPageSchema>;

/** What the owner of hidden items sees of them (`GET /api/v1/moderation/hidden-mine`). */
export const hiddenItemSchema = v.object({
  kind,
  targetId: v.string(),
  label: v.string(),
  reason: v.picklist(REPORT_REASONS),
  hiddenAt: v.string(),
});
export type HiddenItem = v.InferOutput<typeof hiddenItemSchema>;

export function isReportKind(value: string): value is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(value);
}

export function isReportReason(value: string): value is ReportReason {
  return (REPORT_REASONS as readonly string[]).includes(value);
}

/** A reason in the reader's language. */
export function reportReasonLabel(reason: ReportReason): string {
  switch (reason) {
    case 'scam':
      return m.moderation_reason_scam();
    case 'wrong-details':
      return m.moderation_reason_wrong_details();
    case 'already-rented':
      return m.moderation_reason_already_rented();
    case 'offensive':
      return m.moderation_reason_offensive();
    case 'duplicate':
      return m.moderation_reason_duplicate();
    case 'other':
      return m.moderation_reason_other();
  }
}
