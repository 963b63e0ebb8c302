/** The words a request's columns hold (src/domain/request-status.ts); no imports, so the database schema can read them. */

export const REQUEST_KINDS = ['service', 'visit'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
export const REQUEST_ACTIONS = ['accept', 'decline', 'cancel', 'done'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];
export const REQUEST_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'done', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The statuses in which a request is still open: it counts against the limits and blocks a second one. */
export const OPEN_REQUEST_STATUSES = ['requested', 'accepted'] as const satisfies readonly RequestStatus[];

/** One change of status, as a request's history keeps it. */
export interface RequestHistoryEntry {
  status: RequestStatus;
  at: string;
  by: 'customer' | 'owner' | 'system';
  reason?: string;
  price?: number;
}
