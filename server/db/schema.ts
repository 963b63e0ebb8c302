import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LISTING_KINDS } from '../../src/domain/listing-kinds';
import {
  REQUEST_KINDS,
  REQUEST_STATUSES,
  TIMES_OF_DAY,
  type RequestHistoryEntry,
} from '../../src/domain/request-constants';
import { ALERT_FREQUENCIES, type AlertFilters } from '../../src/domain/alerts';
import type { UserEvent } from '../../src/domain/user-events';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locale';

/**
 * The server's tables (drizzle pg-core), shared by embedded PGlite and a PostgreSQL server. Migrations in
 * ./migrations are generated from this file with `npm run db:generate` and applied at start.
 */

export interface SocialMediaLinks {
  facebook?: string;
  instagram?: string;
  linkedin?: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A check's list of allowed words, `('a', 'b')`, written as literals as the migrations have them. The kinds come
 * from src/domain/listing-kinds.ts (constants, never input), so a kind added there changes the checks here and
 * `npm run db:generate` writes the migration; server/db/kind-checks.test.ts fails until it exists.
 */
const oneOf = (words: readonly string[]) => sql.raw(`(${words.map((word) => `'${word}'`).join(', ')})`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    /** Null for an account made with a phone number (issue 40) until its owner adds an address. */
    email: text('email').unique(),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    nid: text('nid'),
    gender: text('gender').notNull(),
    nationality: text('nationality').notNull(),
    occupation: text('occupation'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    socialMedia: jsonb('social_media')
      .$type<SocialMediaLinks>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    profileImage: text('profile_image'),
    status: text('status').notNull().default('active'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** The phone number is the one a Firebase phone sign-in proved (issue 40): set by create-new and verify-phone. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** The language the account reads Basha in (its mails, and the app on a phone that has not picked one). */
    language: text('language').notNull().default(DEFAULT_LOCALE),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The request schema lower-cases e-mails; the check keeps the unique index case-insensitive for any writer.
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    // A proven number belongs to one account: find-id by phone number finds at most one.
    uniqueIndex('users_verified_phone_idx')
      .on(table.phoneNumber)
      .where(sql`${table.phoneVerified}`),
    // Every account can be reached: by the address it proves with a mailed code, or by its proven number.
    check('users_email_or_phone', sql`${table.email} is not null or ${table.phoneVerified}`),
    // Basha's languages (src/i18n/locale.ts): a language added there needs a migration (`npm run db:generate`).
    check(
      'users_language_known',
      sql`${table.language} in (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`,
    ),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Basha session tokens. Only an HMAC of the token is kept, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /**
     * The Firebase sign-in the session was made from (its ID token's auth_time, on Firebase's clock): a password
     * change or reset after it ends the session (server/auth/account-status.ts).
     */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/** At most one active one-time code per user, stored as an HMAC. */
export const otpCodes = pgTable('otp_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
export type OtpCodeRow = typeof otpCodes.$inferSelect;

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Set instead of deleting a listing, so that delta sync can tell clients which rows went away. */
const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/** One stored photo: a large version for detail pages and a small one for cards. */
export interface StoredPhoto {
  url: string;
  thumbnailUrl: string;
}

/** Rent ads (shell spec, section 3). Money is whole taka (BDT). */
export const rentPosts = pgTable(
  'rent_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    cost: integer('cost').notNull(),
    rentPaymentFrequency: text('rent_payment_frequency').notNull(),
    rentStartDate: date('rent_start_date', { mode: 'string' }).notNull(),
    contactInfo: text('contact_info').notNull(),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    /**
     * The area or upazila of the ad (src/domain/places): an id of the bundled place tree, not a foreign key (the
     * tree is code, not a table). Null for an ad whose free-text city no place matched; it shows its text.
     */
    placeId: text('place_id'),
    details: text('details').notNull(),
    propertyType: text('property_type').notNull(),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull(),
    status: text('status').notNull().default('Active'),
    /**
     * When the poster last said the ad is current: posted, edited, marked Booked or Active, or confirmed. An ad
     * not confirmed for RENT_UNLISTED_AFTER_DAYS leaves the lists (`unlisted_at`, set by the cleanup job).
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the ad left the lists unconfirmed: sent to phones as removed, like a deleted one, until confirmed. */
    unlistedAt: timestamp('unlisted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    // The cleanup job's search for listed ads that went unconfirmed too long.
    index('rent_posts_listed_confirmed_at_idx')
      .on(table.confirmedAt)
      .where(sql`${table.deletedAt} is null and ${table.unlistedAt} is null`),
    // A poster's ads, and how many they posted in the last day (the daily cap counts them).
    index('rent_posts_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('rent_posts_updated_at_idx').on(table.updatedAt, table.id),
    // The plain list is streamed page by page in (created_at, id) order.
    index('rent_posts_created_at_idx').on(table.createdAt, table.id),
    // Which ad shows a photo (server/images/photo-listings.ts): asked by /uploads/ and the preview images.
    index('rent_posts_photos_idx').using('gin', table.photos.op('jsonb_path_ops')),
    check('rent_posts_cost_positive', sql`${table.cost} > 0`),
  ],
);
export type RentPostRow = typeof rentPosts.$inferSelect;

/** Professional services a user offers (accounts spec, section 3); at most two live ones per provider. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    status: text('status').notNull().default('active'),
    contactNumber: text('contact_number').notNull(),
    addressLine: text('address_line').notNull(),
    serviceArea: jsonb('service_area').$type<string[]>().notNull(),
    /** The areas and upazilas served (ids of src/domain/places), 0 to 10; empty when none was chosen or matched. */
    servicePlaceIds: jsonb('service_place_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    description: text('description').notNull(),
    minimumPrice: integer('minimum_price').notNull(),
    maximumPrice: integer('maximum_price').notNull(),
    availableDays: jsonb('available_days').$type<string[]>().notNull(),
    availableTime: text('available_time').notNull(),
    coverImage: jsonb('cover_image').$type<StoredPhoto | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (table) => [
    index('services_provider_id_idx').on(table.providerId),
    index('services_updated_at_idx').on(table.updatedAt, table.id),
    index('services_created_at_idx').on(table.createdAt, table.id),
    // Which service shows a cover (server/images/photo-listings.ts).
    index('services_cover_image_idx').using('gin', table.coverImage.op('jsonb_path_ops')),
    check('services_prices_ordered', sql`${table.minimumPrice} >= 1 and ${table.maximumPrice} > ${table.minimumPrice}`),
  ],
);
export type ServiceRow = typeof services.$inferSelect;

/**
 * Listings (rent ads, services) a person keeps on their list ("Saved"), one row per person and item. `targetId` is
 * not a foreign key because it names a row of the table of its listing kind (server/listings/kinds.ts); a saved item whose listing went away is left
 * out of the person's list and of their count (server/saved/routes.ts).
 */
export const savedItems = pgTable(
  'saved_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.targetId] }),
    check('saved_items_kind_known', sql`${table.kind} in ${oneOf(LISTING_KINDS)}`),
  ],
);
export type SavedItemRow = typeof savedItems.$inferSelect;

/** Reviews: one per client per service (a second one replaces the first). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    feedback: text('feedback').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when a moderator hid the review (server/moderation): it no longer shows or counts in the rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reviews_service_client_idx').on(table.serviceId, table.clientId),
    // How many reviews a client wrote in the last day (the daily cap counts them).
    index('reviews_client_id_created_at_idx').on(table.clientId, table.createdAt),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Requests (issue 41): a customer asks the owner of a listing (a service's provider, a rent ad's poster) for a job
 * or a visit. `listing_id` names a row of the table its kind says (services or rent_posts), not a foreign key, like
 * saved items; `owner_id` is the listing's owner when the request was made. `history` holds every change of status
 * in order, the first being `requested` (server/requests). A request stays after its listing went away.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    listingId: uuid('listing_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day asked for, by Dhaka's calendar. */
    date: date('date', { mode: 'string' }).notNull(),
    timeOfDay: text('time_of_day').notNull(),
    /** A service request's place, one of the service's places (src/domain/places); null for a visit. */
    placeId: text('place_id'),
    note: text('note').notNull(),
    offeredPrice: integer('offered_price'),
    /** The price the owner set on accepting (services only). */
    price: integer('price'),
    status: text('status').notNull().default('requested'),
    /** The reason given with the latest decline or cancel, if any. */
    reason: text('reason'),
    history: jsonb('history').$type<RequestHistoryEntry[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When a request still `requested` becomes `expired`. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('requests_customer_idx').on(table.customerId, table.createdAt),
    index('requests_owner_idx').on(table.ownerId, table.createdAt),
    // A customer's requests for one listing: the open-request check and "hired on Basha" of a review.
    index('requests_listing_customer_idx').on(table.listingId, table.customerId),
    // The header's count of requests waiting for their owner's answer (GET /requests/waiting-count).
    index('requests_waiting_idx')
      .on(table.ownerId, table.expiresAt)
      .where(sql`${table.status} = 'requested'`),
    // The cleanup job's search for unanswered requests past their time.
    index('requests_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'requested'`),
    check('requests_kind_known', sql`${table.kind} in ${oneOf(REQUEST_KINDS)}`),
    check('requests_status_known', sql`${table.status} in ${oneOf(REQUEST_STATUSES)}`),
    check('requests_time_of_day_known', sql`${table.timeOfDay} in ${oneOf(TIMES_OF_DAY)}`),
    check(
      'requests_prices_positive',
      sql`coalesce(${table.offeredPrice}, 1) >= 1 and coalesce(${table.price}, 1) >= 1`,
    ),
  ],
);
export type RequestRow = typeof requests.$inferSelect;

/**
 * Conversations (issue 42): one per listing and person who starts it (the starter), with the listing's owner. A
 * request's thread is the conversation of its listing and customer. Each side's own state (how far they have read,
 * whether they shared their number) is a row of conversation_members.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingKind: text('listing_kind').notNull(),
    listingId: uuid('listing_id').notNull(),
    starterId: uuid('starter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The latest message's time (null before the first): the list's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('conversations_listing_starter_idx').on(table.listingKind, table.listingId, table.starterId),
    // The daily limit on new conversations counts a starter's recent ones.
    index('conversations_starter_idx').on(table.starterId, table.createdAt),
    check('conversations_listing_kind_known', sql`${table.listingKind} in ${oneOf(LISTING_KINDS)}`),
    check('conversations_not_with_oneself', sql`${table.starterId} <> ${table.ownerId}`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

/** Each of a conversation's two people, with what is theirs alone in it. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The `seq` of the last message this person has read (0: none). */
    readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
    /** When this person pressed "Share my number": from then on their messages reach the other unmasked. */
    sharedNumberAt: timestamp('shared_number_at', { withTimezone: true }),
    /** Copied from conversations.last_message_at, so one index answers "my conversations, newest first". */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId, table.lastMessageAt),
  ],
);
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One rising sequence over all messages: `?since=` and `read` point into it. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The writer's own id for the message (the outbox's): a repeat answers the first and adds nothing. */
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('messages_author_client_idx').on(table.authorId, table.clientId),
    index('messages_conversation_idx').on(table.conversationId, table.seq),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A person who blocked another: no messages either way between them, and no new conversation. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('user_blocks_blocked_idx').on(table.blockedId),
  ],
);

/**
 * What changed for one person (a message, a request's move), kept for the event stream (server/events): each row is
 * written in the transaction of the change it tells of, and announced with NOTIFY, which PostgreSQL delivers at
 * commit to every server process listening. `id` is the stream's Last-Event-ID. The cleanup job removes old rows.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<UserEvent>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('user_events_user_idx').on(table.userId, table.id),
    index('user_events_created_idx').on(table.createdAt),
  ],
);
export type UserEventRow = typeof userEvents.$inferSelect;

/**
 * A saved search (issue 43): a person is told of new listings of `kind` that pass `filters`, the list's own filters
 * (src/domain/alerts.ts). `frequency` is `instant` (within a minute) or `daily` (one digest at 9:00 Dhaka time).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    filters: jsonb('filters').$type<AlertFilters>().notNull(),
    frequency: text('frequency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('alerts_user_idx').on(table.userId, table.createdAt),
    index('alerts_kind_idx').on(table.kind),
    check('alerts_kind_known', sql`${table.kind} in ${oneOf(LISTING_KINDS)}`),
    check('alerts_frequency_known', sql`${table.frequency} in ${oneOf(ALERT_FREQUENCIES)}`),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/**
 * A listing an alert matched: one row per alert and listing, so the same listing is never sent twice to one alert
 * (the primary key), whichever process matched it and however often it became Active again. `sentAt` is set by the
 * one sender that claims the row (an `update ... where sent_at is null`); a daily alert's rows wait for the digest.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').notNull(),
    /** The alert's owner, kept here so that a digest gathers a person's rows without a join. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.listingId] }),
    index('alert_matches_unsent_idx')
      .on(table.userId, table.matchedAt)
      .where(sql`${table.sentAt} is null`),
  ],
);
export type AlertMatchRow = typeof alertMatches.$inferSelect;

/**
 * A browser's Web Push subscription (issue 43): several devices per person. The endpoint is unique: a device that
 * subscribes again for another account moves to that account. `p256dh` and `auth` are the subscription's keys
 * (base64url), which encrypt each payload for that browser alone.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Messages sent from the landing page's feedback form (shell spec 2.5). */
export const landingFeedback = pgTable('landing_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  contact: text('contact').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
export type LandingFeedbackRow = typeof landingFeedback.$inferSelect;

/**
 * Idempotency keys of POST requests (DESIGN.md, offline data flow): the first answer to a key is kept and
 * replayed for any repeat, so a retry after a lost answer never makes a duplicate.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who may reuse the key: a user id, or `public` for endpoints open to visitors. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `in_flight` while the first request runs, then `done`. */
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    /** When the current attempt started; an old `in_flight` row is an attempt that died with its server. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Request counts per bucket (an endpoint and a client address or user) and fixed time window, kept in the
 * database so that several server processes share one limit.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.windowStart] }),
    index('rate_limit_counters_window_idx').on(table.windowStart),
  ],
);

/**
 * Every photo uploaded through the API (server/images/uploads.ts): who uploaded it, and when a record (a profile,
 * a rent post, a service) first took it. A record may name only its writer's own uploads; uploads that no record
 * took within a day are removed with their files (server/maintenance/cleanup.ts). Demo photos are not listed.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The storage key of the photo (its large version for listing photos), e.g. `rent/<uuid>.webp`. */
    key: text('key').primaryKey(),
    /** `profile`, or the listing kind whose photo it is (src/domain/uploaded-photo.ts). */
    kind: text('kind').notNull(),
    /** The Firebase account that uploaded it: a registration photo comes before any Basha user exists. */
    uploaderUid: text('uploader_uid').notNull(),
    createdAt: createdAt(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [
    index('uploads_unattached_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.attachedAt} is null`),
    check('uploads_kind_known', sql`${table.kind} in ${oneOf(['profile', ...LISTING_KINDS])}`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;

/**
 * Reports of a listing (a rent ad, a service), a review or a person (issue 21, server/moderation). `targetId` is
 * not a foreign key: it names a row of the table its kind says. A report is `open` until a moderator hides the target (`hidden`) or
 * dismisses its reports (`dismissed`); the partial unique index allows one open report per reporter and target,
 * even under concurrent requests.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /**
     * The reporting client's address as an HMAC (server/moderation/reporters.ts): reports of several accounts from one
     * address weigh as one. Null for reports filed before it was kept.
     */
    clientKey: text('client_key'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reports_open_reporter_target_idx')
      .on(table.reporterId, table.kind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index('reports_open_target_idx')
      .on(table.kind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    check('reports_kind_known', sql`${table.kind} in ${oneOf([...LISTING_KINDS, 'review', 'user', 'conversation'])}`),
    check('reports_status_known', sql`${table.status} in ('open', 'hidden', 'dismissed')`),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/**
 * What moderators hid, and why: the owner is told the reason (their profile lists these), and a hidden person's
 * profile answers 404 to others. A hidden rent ad or service is also a tombstone in its own table (deleted_at),
 * so every list, detail and delta already treats it as gone; a hidden review has `hidden_at` set.
 */
export const hiddenItems = pgTable(
  'hidden_items',
  {
    kind: text('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** A few words naming the item for its owner (an ad's area and price, a service's category, a review's start). */
    label: text('label').notNull(),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.targetId] }),
    index('hidden_items_owner_idx').on(table.ownerId, table.hiddenAt),
  ],
);
export type HiddenItemRow = typeof hiddenItems.$inferSelect;

export const schema = {
  users,
  sessions,
  otpCodes,
  rentPosts,
  services,
  reviews,
  landingFeedback,
  idempotencyKeys,
  rateLimitCounters,
  uploads,
  reports,
  hiddenItems,
  savedItems,
  requests,
  conversations,
  conversationMembers,
  messages,
  userBlocks,
  userEvents,
  alerts,
  alertMatches,
  pushSubscriptions,
};

/**
 * One row per table whose answers are cached or validated (server/db/change-marks.ts): `version` counts the
 * statements that wrote to the table, `changedAt` is the latest `updated_at` any of them wrote. Triggers in the
 * migration keep both, in the writing transaction itself, so no write by any process can leave them behind.
 */
export const changeMarks = pgTable('change_marks', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true })
    .notNull()
    .default(sql`'epoch'`),
});
