import { dhakaDate } from './dhaka-time';
import * as v from 'valibot';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { PersonRef } from './service';
import {
  REQUEST_ACTIONS,
  REQUEST_KINDS,
  TIMES_OF_DAY,
  type RequestAction,
  type RequestKind,
  type RequestStatus,
  type TimeOfDay,
  type RequestHistoryEntry,
} from './request-constants';

/**
 * Requests (issue 41): a customer asks a provider for a job (`service`) or a landlord for a visit (`visit`); the
 * owner of the listing answers. The statuses, the moves between them (ONE table, read by the server and the app
 * alike), the Dhaka calendar the dates are read in, and the request and action bodies.
 */

export {
  OPEN_REQUEST_STATUSES,
  REQUEST_ACTIONS,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  TIMES_OF_DAY,
  type RequestAction,
  type RequestKind,
  type RequestStatus,
  type TimeOfDay,
  type RequestHistoryEntry,
} from './request-constants';
export type RequestRole = 'customer' | 'owner';
/** Who wrote a history entry: one side, or Basha itself (expiry). */
export type RequestActor = RequestRole | 'system';

export const REQUEST_NOTE_MIN_LENGTH = 10;
export const REQUEST_NOTE_MAX_LENGTH = 500;
export const REQUEST_REASON_MAX_LENGTH = 300;
/** The latest day a request may name, counted from today in Dhaka. */
export const REQUEST_DAYS_AHEAD = 60;
/** A request nobody answered is `expired` this long after it was made. */
export const REQUEST_ANSWER_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Open requests a customer may have at once (requested or accepted, over all listings). */
export const MAX_OPEN_REQUESTS = 10;
/** The most requests one list answers (newest first): a person's own list is small. */
export const REQUESTS_LIST_MAX = 100;

interface Move {
  from: readonly RequestStatus[];
  by: readonly RequestRole[];
  to: RequestStatus;
  /** Only on or after the request's date (Dhaka's calendar). */
  fromItsDate?: true;
}

/** Every move there is. Anything not here is refused (409 with the current status). */
export const REQUEST_MOVES: Record<RequestAction, Move> = {
  accept: { from: ['requested'], by: ['owner'], to: 'accepted' },
  decline: { from: ['requested'], by: ['owner'], to: 'declined' },
  cancel: { from: ['requested', 'accepted'], by: ['customer', 'owner'], to: 'cancelled' },
  done: { from: ['accepted'], by: ['customer', 'owner'], to: 'done', fromItsDate: true },
};

export type MoveOutcome = { ok: true; to: RequestStatus } | { ok: false; why: 'not-allowed' | 'before-date' };

/** Whether `role` may take `action` on a request now in `status` for `date`, `today` being Dhaka's date. */
export function requestMove(
  status: RequestStatus,
  action: RequestAction,
  role: RequestRole,
  dates: { date: string; today: string },
): MoveOutcome {
  const move = REQUEST_MOVES[action];
  if (!move.from.includes(status) || !move.by.includes(role)) return { ok: false, why: 'not-allowed' };
  if (move.fromItsDate && dates.today < dates.date) return { ok: false, why: 'before-date' };
  return { ok: true, to: move.to };
}

/** The actions `role` can take now (for the pages' buttons). */
export function requestActionsFor(
  status: RequestStatus,
  role: RequestRole,
  dates: { date: string; today: string },
): RequestAction[] {
  return REQUEST_ACTIONS.filter((action) => requestMove(status, action, role, dates).ok);
}

/**
 * The buttons a request's card offers `role`: the actions it can take, less an owner's `cancel` while `decline` is
 * there. To the owner, cancelling a request not yet answered is declining it (the server takes either, as the table
 * says); two buttons for one outcome only make them wonder which to press.
 */
export function requestButtonsFor(
  status: RequestStatus,
  role: RequestRole,
  dates: { date: string; today: string },
): RequestAction[] {
  const actions = requestActionsFor(status, role, dates);
  return actions.includes('decline') ? actions.filter((action) => action !== 'cancel') : actions;
}

export { dhakaDate };

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** Whether `date` may be asked for at `now`: today to REQUEST_DAYS_AHEAD days ahead, by Dhaka's calendar. */
export function isRequestDateInRange(date: string, now: Date): boolean {
  const today = dhakaDate(now);
  return date >= today && date <= addDays(today, REQUEST_DAYS_AHEAD);
}

const localNumber = (value: number) => localDigits(String(value), getLocale());
const noteLength = () =>
  m.requests_note_length({ min: localNumber(REQUEST_NOTE_MIN_LENGTH), max: localNumber(REQUEST_NOTE_MAX_LENGTH) });
const dateInvalid = () => m.requests_date_invalid();

/** The body of `POST /api/v1/requests`. The customer comes from the session, the owner from the listing. */
export const newRequestSchema = v.strictObject({
  kind: v.picklist(REQUEST_KINDS, () => m.requests_kind_invalid()),
  listingId: v.pipe(
    v.string(() => m.requests_listing_required()),
    v.nonEmpty(() => m.requests_listing_required()),
  ),
  date: v.pipe(
    v.string(dateInvalid),
    v.check((value) => isCalendarDate(value), dateInvalid),
  ),
  timeOfDay: v.picklist(TIMES_OF_DAY, () => m.requests_time_invalid()),
  placeId: v.optional(
    v.pipe(
      v.string(() => m.requests_place_invalid()),
      v.nonEmpty(() => m.requests_place_invalid()),
    ),
  ),
  note: v.pipe(
    v.string(noteLength),
    v.trim(),
    v.minLength(REQUEST_NOTE_MIN_LENGTH, noteLength),
    v.maxLength(REQUEST_NOTE_MAX_LENGTH, noteLength),
  ),
  offeredPrice: v.optional(
    v.pipe(
      v.number(() => m.requests_price_invalid()),
      v.integer(() => m.requests_price_invalid()),
      v.minValue(1, () => m.requests_price_invalid()),
    ),
  ),
});
export type NewRequestInput = v.InferInput<typeof newRequestSchema>;
export type NewRequestValues = v.InferOutput<typeof newRequestSchema>;

/** The body of `PATCH /api/v1/requests/{id}`. */
export const requestActionSchema = v.strictObject({
  action: v.picklist(REQUEST_ACTIONS, () => m.requests_action_invalid()),
  price: v.optional(
    v.pipe(
      v.number(() => m.requests_price_invalid()),
      v.integer(() => m.requests_price_invalid()),
      v.minValue(1, () => m.requests_price_invalid()),
    ),
  ),
  reason: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(REQUEST_REASON_MAX_LENGTH, () =>
        m.requests_reason_too_long({ max: localNumber(REQUEST_REASON_MAX_LENGTH) }),
      ),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  ),
});
export type RequestActionValues = v.InferOutput<typeof requestActionSchema>;

/** A side of a request as the other sees it: the name always, the phone number only once accepted (and done). */
export interface RequestPerson extends PersonRef {
  phone?: string;
}

export interface RequestRecord {
  _id: string;
  kind: RequestKind;
  listingId: string;
  customer: RequestPerson;
  owner: RequestPerson;
  date: string;
  timeOfDay: TimeOfDay;
  placeId: string | null;
  note: string;
  offeredPrice: number | null;
  price: number | null;
  status: RequestStatus;
  reason: string | null;
  history: RequestHistoryEntry[];
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** The statuses in which each side sees the other's phone number. */
export const PHONE_SHOWN_STATUSES: readonly RequestStatus[] = ['accepted', 'done'];
