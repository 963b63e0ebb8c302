import type { RequestAction, RequestKind, RequestStatus, TimeOfDay } from '@/domain/request-status';
import { formatCalendarDate } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';

/** How a request's words read on the pages, in the page's language. */

const TIMES: Record<TimeOfDay, () => string> = {
  morning: () => m.requests_time_morning(),
  afternoon: () => m.requests_time_afternoon(),
  evening: () => m.requests_time_evening(),
};

export function timeOfDayLabel(time: TimeOfDay): string {
  return TIMES[time]();
}

// The domain's own words for the statuses (server/messages/requests.*.json): the mails say them too.
const STATUSES: Record<RequestStatus, () => string> = {
  requested: () => m.requests_status_requested(),
  accepted: () => m.requests_status_accepted(),
  declined: () => m.requests_status_declined(),
  cancelled: () => m.requests_status_cancelled(),
  done: () => m.requests_status_done(),
  expired: () => m.requests_status_expired(),
};

export function requestStatusLabel(status: RequestStatus): string {
  return STATUSES[status]();
}

const KINDS: Record<RequestKind, () => string> = {
  service: () => m.requests_kind_service(),
  visit: () => m.requests_kind_visit(),
};

export function requestKindLabel(kind: RequestKind): string {
  return KINDS[kind]();
}

const ACTIONS: Record<RequestAction, () => string> = {
  accept: () => m.requests_action_accept(),
  decline: () => m.requests_action_decline(),
  cancel: () => m.requests_action_cancel(),
  done: () => m.requests_action_done(),
};

export function requestActionLabel(action: RequestAction): string {
  return ACTIONS[action]();
}

/** How the outbox names a request waiting to be sent (kept with the item, in the language of the moment). */
export function requestItemLabel(kind: RequestKind, date: string): string {
  return m.requests_label({ kind: requestKindLabel(kind), date: formatCalendarDate(date) });
}

/** How the outbox names a move waiting to be sent ("Accept: Visit on 20 Dec 2026"). */
export function requestActionItemLabel(action: RequestAction, request: { kind: RequestKind; date: string }): string {
  return m.requests_action_item_label({
    action: requestActionLabel(action),
    kind: requestKindLabel(request.kind),
    date: formatCalendarDate(request.date),
  });
}
