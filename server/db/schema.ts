import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firebaseUid: text('firebase_uid').notNull().unique(),
    email: text('email').notNull().unique(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The request schema lower-cases e-mails; the check keeps the unique index case-insensitive for any writer.
  (table) => [check('users_email_lower_case', sql`${table.email} = lower(${table.email})`)],
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

export const schema = { users, sessions, otpCodes };
