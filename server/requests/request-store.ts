import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  dhakaDate,
  isRequestDateInRange,
  MAX_OPEN_REQUESTS,
  OPEN_REQUEST_STATUSES,
  PHONE_SHOWN_STATUSES,
  REQUEST_ANSWER_WINDOW_MS,
  REQUEST_DAYS_AHEAD,
  REQUESTS_LIST_MAX,
  requestMove,
  type NewRequestValues,
  type RequestAction,
  type RequestHistoryEntry,
  type RequestKind,
  type RequestRecord,
  type RequestRole,
  type RequestStatus,
  type TimeOfDay,
} from '../../src/domain/request-status';
import type { Database } from '../db/client';
import { rentPosts, requests, services, users, type RequestRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { lockPoster } from '../http/posting-limit';
import { isUuid } from '../rent/rent-posts';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Reading and writing requests (issue 41). Every change of status is one conditional UPDATE (`where status =` the
 * status it was read in), so two answers sent at once (an accept and a cancel) leave exactly one outcome: the
 * second finds the row changed and is refused with 409. A request still `requested` past `expires_at` is
 * `expired`: written so by whoever reads it first (a list, an action) and by the cleanup job.
 */

/** The listing a request is about, as the checks need it. */
interface ListingFacts {
  ownerId: string;
  active: boolean;
  placeIds: string[] | undefined;
  priceRange: { min: number; max: number } | undefined;
}

async function listingFacts(db: Database, kind: RequestKind, id: string): Promise<ListingFacts | undefined> {
  if (!isUuid(id)) return undefined;
  if (kind === 'service') {
    const [row] = await db.select().from(services).where(eq(services.id, id.toLowerCase())).limit(1);
    if (!row || row.deletedAt) return undefined;
    return {
      ownerId: row.providerId,
      active: row.status === 'active',
      placeIds: row.servicePlaceIds,
      priceRange: { min: row.minimumPrice, max: row.maximumPrice },
    };
  }
  const [row] = await db.select().from(rentPosts).where(eq(rentPosts.id, id.toLowerCase())).limit(1);
  if (!row || row.deletedAt) return undefined;
  return {
    ownerId: row.userId,
    active: row.status === 'Active' && row.unlistedAt === null,
    placeIds: undefined,
    priceRange: undefined,
  };
}

const refuse = (message: string, field?: string) =>
  new HttpError(400, message, field ? { errors: { [field]: [message] } } : {});

function checkPrice(price: number, range: { min: number; max: number }, field: string): void {
  if (price < range.min || price > range.max) {
    throw refuse(m.server_requests_price_out_of_range({ min: String(range.min), max: String(range.max) }), field);
  }
}

/** Makes a request, or refuses it (400, 404, 409). Runs in one transaction that first locks the customer's row. */
export async function createRequest(
  db: Database,
  customerId: string,
  input: NewRequestValues,
  now: Date,
): Promise<RequestRow> {
  const listing = await listingFacts(db, input.kind, input.listingId);
  if (!listing) throw new HttpError(404, m.server_requests_listing_not_found());
  if (!listing.active) throw refuse(m.server_requests_listing_inactive());
  if (listing.ownerId === customerId) throw refuse(m.server_requests_own_listing());
  if (!isRequestDateInRange(input.date, now)) {
    throw refuse(m.server_requests_date_out_of_range({ days: String(REQUEST_DAYS_AHEAD) }), 'date');
  }
  if (input.kind === 'service') {
    const places = listing.placeIds ?? [];
    // A service that names no place (an old one) takes a request without one.
    if (places.length > 0 && (input.placeId === undefined || !places.includes(input.placeId))) {
      throw refuse(m.server_requests_place_outside(), 'placeId');
    }
    if (places.length === 0 && input.placeId !== undefined) throw refuse(m.server_requests_place_outside(), 'placeId');
    if (input.offeredPrice !== undefined && listing.priceRange) {
      checkPrice(input.offeredPrice, listing.priceRange, 'offeredPrice');
    }
  } else {
    if (input.placeId !== undefined) throw refuse(m.server_requests_place_for_services(), 'placeId');
    if (input.offeredPrice !== undefined) throw refuse(m.server_requests_price_for_services(), 'offeredPrice');
  }
  const listingId = input.listingId.toLowerCase();
  return db.transaction(async (tx) => {
    // Parallel requests by one customer count and write one after another, so none slips past the limits.
    await lockPoster(tx, customerId);
    await expireDue(tx, now, eq(requests.customerId, customerId));
    const open = await tx
      .select({ listingId: requests.listingId })
      .from(requests)
      .where(and(eq(requests.customerId, customerId), inArray(requests.status, [...OPEN_REQUEST_STATUSES])));
    if (open.some((row) => row.listingId === listingId)) throw new HttpError(409, m.server_requests_already_open());
    if (open.length >= MAX_OPEN_REQUESTS) {
      throw new HttpError(409, m.server_requests_open_limit({ max: String(MAX_OPEN_REQUESTS) }));
    }
    const history: RequestHistoryEntry[] = [{ status: 'requested', at: now.toISOString(), by: 'customer' }];
    const [row] = await tx
      .insert(requests)
      .values({
        kind: input.kind,
        listingId,
        customerId,
        ownerId: listing.ownerId,
        date: input.date,
        timeOfDay: input.timeOfDay,
        placeId: input.kind === 'service' ? (input.placeId ?? null) : null,
        note: input.note,
        offeredPrice: input.offeredPrice ?? null,
        status: 'requested',
        history,
        createdAt: now,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + REQUEST_ANSWER_WINDOW_MS),
      })
      .returning();
    if (!row) throw new Error('The request was not stored');
    return row;
  });
}

/**
 * Marks `expired` every request still `requested` whose time is up (of those `where` picks, or all): one statement,
 * which a second run (another process's cleanup, a read at the same moment) finds already done.
 */
export async function expireDue(db: Database, now: Date, where?: SQL): Promise<number> {
  const entry = JSON.stringify([{ status: 'expired', at: now.toISOString(), by: 'system' }]);
  const expired = await db
    .update(requests)
    .set({
      status: 'expired',
      updatedAt: now,
      history: sql`${requests.history} || ${entry}::jsonb`,
    })
    .where(and(eq(requests.status, 'requested'), lte(requests.expiresAt, now), where))
    .returning({ id: requests.id });
  return expired.length;
}

/**
 * How many requests wait for `userId`'s answer (the header's badge): theirs to answer as the owner, still `requested`
 * and not past their time. One count, which writes nothing: a request past its time is left for the next list or the
 * cleanup job to mark `expired`, and is not counted meanwhile.
 */
export async function waitingCountOf(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(requests)
    .where(and(eq(requests.ownerId, userId), eq(requests.status, 'requested'), gt(requests.expiresAt, now)));
  return row?.count ?? 0;
}

const customers = alias(users, 'customers');
const owners = alias(users, 'owners');

/** Requests with both sides' names and numbers, as `toRecord` takes them; the caller says which. */
function withPeople(db: Database) {
  return db
    .select({
      request: requests,
      customerName: customers.name,
      customerPhone: customers.phoneNumber,
      ownerName: owners.name,
      ownerPhone: owners.phoneNumber,
    })
    .from(requests)
    .innerJoin(customers, eq(customers.id, requests.customerId))
    .innerJoin(owners, eq(owners.id, requests.ownerId));
}

/** The caller's requests as one side, newest first, at most REQUESTS_LIST_MAX. */
export async function requestsOf(db: Database, userId: string, as: RequestRole, now: Date): Promise<RequestRecord[]> {
  const mine = as === 'customer' ? eq(requests.customerId, userId) : eq(requests.ownerId, userId);
  await expireDue(db, now, mine);
  const rows = await withPeople(db)
    .where(mine)
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(REQUESTS_LIST_MAX);
  return rows.map((row) => toRecord(row.request, row, as));
}

/** One request with both sides, if the caller is one of them (a stranger finds nothing: 404). */
async function requestFor(db: Database, id: string, userId: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await withPeople(db)
    .where(and(eq(requests.id, id.toLowerCase()), or(eq(requests.customerId, userId), eq(requests.ownerId, userId))))
    .limit(1);
  return row;
}

interface People {
  customerName: string;
  customerPhone: string;
  ownerName: string;
  ownerPhone: string;
}

/** A request as `as` sees it: both names; the other side's phone number only once accepted (and done). */
export function toRecord(row: RequestRow, people: People, as: RequestRole): RequestRecord {
  const phonesShown = PHONE_SHOWN_STATUSES.includes(row.status as RequestStatus);
  const customer = { _id: row.customerId, name: people.customerName };
  const owner = { _id: row.ownerId, name: people.ownerName };
  return {
    _id: row.id,
    kind: row.kind as RequestKind,
    listingId: row.listingId,
    customer: phonesShown || as === 'customer' ? { ...customer, phone: people.customerPhone } : customer,
    owner: phonesShown || as === 'owner' ? { ...owner, phone: people.ownerPhone } : owner,
    date: row.date,
    timeOfDay: row.timeOfDay as TimeOfDay,
    placeId: row.placeId,
    note: row.note,
    offeredPrice: row.offeredPrice,
    price: row.price,
    status: row.status as RequestStatus,
    reason: row.reason,
    history: row.history,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What an action changed, for the answer and the mail to the other side. */
export interface MoveResult {
  record: RequestRecord;
  row: RequestRow;
  role: RequestRole;
}

/**
 * Takes `action` on request `id` as `userId`: 404 for a stranger, 409 (with the current status) for a move the
 * table does not allow or that someone else's answer overtook.
 */
export async function moveRequest(
  db: Database,
  id: string,
  userId: string,
  change: { action: RequestAction; price?: number | undefined; reason?: string | undefined },
  now: Date,
): Promise<MoveResult> {
  const found = await requestFor(db, id, userId);
  if (!found) throw new HttpError(404, m.server_requests_not_found());
  await expireDue(db, now, eq(requests.id, found.request.id));
  const current = (await requestFor(db, id, userId)) ?? found;
  const row = current.request;
  const role: RequestRole = row.customerId === userId ? 'customer' : 'owner';
  const status = row.status as RequestStatus;
  const outcome = requestMove(status, change.action, role, { date: row.date, today: dhakaDate(now) });
  if (!outcome.ok) {
    throw refusedMove(status, outcome.why === 'before-date' ? m.server_requests_before_date() : undefined);
  }
  let price: number | undefined;
  if (change.price !== undefined) {
    if (change.action !== 'accept' || row.kind !== 'service') {
      throw refuse(m.server_requests_price_for_services(), 'price');
    }
    const [service] = await db
      .select({ min: services.minimumPrice, max: services.maximumPrice })
      .from(services)
      .where(eq(services.id, row.listingId));
    if (service) checkPrice(change.price, service, 'price');
    price = change.price;
  }
  const reason = change.action === 'decline' || change.action === 'cancel' ? change.reason : undefined;
  const entry: RequestHistoryEntry = {
    status: outcome.to,
    at: now.toISOString(),
    by: role,
    ...(reason !== undefined ? { reason } : {}),
    ...(price !== undefined ? { price } : {}),
  };
  const [moved] = await db
    .update(requests)
    .set({
      status: outcome.to,
      updatedAt: now,
      history: sql`${requests.history} || ${JSON.stringify([entry])}::jsonb`,
      ...(price !== undefined ? { price } : {}),
      ...(reason !== undefined ? { reason } : {}),
    })
    // Compare and set: an answer that another overtook since the read changes nothing.
    .where(and(eq(requests.id, row.id), eq(requests.status, status)))
    .returning();
  if (!moved) {
    const [latest] = await db.select({ status: requests.status }).from(requests).where(eq(requests.id, row.id));
    throw refusedMove((latest?.status ?? status) as RequestStatus);
  }
  // A done job makes the customer's review "hired on Basha": the service's details (cached by its updated_at)
  // must be read anew, as when a review is written.
  if (moved.status === 'done' && moved.kind === 'service') {
    await db
      .update(services)
      .set({ updatedAt: now })
      .where(and(eq(services.id, moved.listingId), isNull(services.deletedAt)));
  }
  return { record: toRecord(moved, current, role), row: moved, role };
}

/** A move the table refuses, or that another answer overtook: 409, answered with the current status. */
export class RequestMoveRefused extends HttpError {
  constructor(
    readonly currentStatus: RequestStatus,
    message: string,
  ) {
    super(409, message);
  }
}

function refusedMove(status: RequestStatus, message?: string): RequestMoveRefused {
  return new RequestMoveRefused(status, message ?? m.server_requests_move_refused({ status: statusWord(status) }));
}

/** The status in words, in the language of the moment (or `locale`). */
export function statusWord(status: RequestStatus, locale?: 'en' | 'bn'): string {
  const options = locale ? { locale } : {};
  switch (status) {
    case 'requested':
      return m.requests_status_requested({}, options);
    case 'accepted':
      return m.requests_status_accepted({}, options);
    case 'declined':
      return m.requests_status_declined({}, options);
    case 'cancelled':
      return m.requests_status_cancelled({}, options);
    case 'done':
      return m.requests_status_done({}, options);
    case 'expired':
      return m.requests_status_expired({}, options);
  }
}
