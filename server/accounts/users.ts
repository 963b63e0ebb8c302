import { and, eq, or } from 'drizzle-orm';
import type { NewPhoneUser, PublicProfile, UserRecord } from '../../src/domain/user';
import type { Gender } from '../../src/domain/constants';
import type { Database } from '../db/client';
import { users, type SocialMediaLinks, type UserRow } from '../db/schema';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/i18n/locale';
import { currentLanguage } from '../http/request-locale';

/** Reading and writing user rows, and turning a row into the API's UserRecord. */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a uuid simply matches no user (instead of a database error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id.toLowerCase())).limit(1);
  return row;
}

export async function findUserByFirebaseUid(db: Database, firebaseUid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** The account whose proven number this is (`+880 1712-345678`); at most one (users_verified_phone_idx). */
export async function findUserByVerifiedPhone(db: Database, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.phoneVerified, true)))
    .limit(1);
  return row;
}

/**
 * Users that already hold this Firebase account, this e-mail or this proven phone number (`+880 1712-345678`):
 * at most three rows.
 */
export async function findUsersClaiming(
  db: Database,
  firebaseUid: string,
  claim: { email?: string | undefined; verifiedPhone?: string | undefined },
): Promise<UserRow[]> {
  const conditions = [eq(users.firebaseUid, firebaseUid)];
  if (claim.email) conditions.push(eq(users.email, claim.email.toLowerCase()));
  if (claim.verifiedPhone) {
    const phone = and(eq(users.phoneNumber, claim.verifiedPhone), eq(users.phoneVerified, true));
    if (phone) conditions.push(phone);
  }
  return db
    .select()
    .from(users)
    .where(or(...conditions))
    .limit(3);
}

/** A new account's fields: the form's, the e-mail left out by a phone account, the number always known. */
export type NewUserInput = Omit<NewPhoneUser, 'phoneNumber'> & { phoneNumber: string };

export async function insertUser(
  db: Database,
  firebaseUid: string,
  input: NewUserInput,
  extra: { isVerified?: boolean; phoneVerified?: boolean; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      firebaseUid,
      email: input.email?.toLowerCase() ?? null,
      name: input.name,
      phoneNumber: input.phoneNumber,
      nid: input.nid ?? null,
      gender: input.gender,
      nationality: input.nationality,
      occupation: input.occupation,
      dateOfBirth: input.dateOfBirth,
      street: input.address.street,
      city: input.address.city,
      postalCode: input.address.postalCode,
      socialMedia: definedLinks(input.socialMedia ?? {}),
      profileImage: input.profileImage ?? null,
      isVerified: extra.isVerified ?? false,
      phoneVerified: extra.phoneVerified ?? false,
      // A new account reads Basha in the language it registered in.
      language: currentLanguage(),
      createdAt: extra.now,
      updatedAt: extra.now,
    })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** A person's own record, as they see it. The Firebase uid never leaves the server. */
export function toUserRecord(row: UserRow): UserRecord {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    ...(row.nid ? { nid: row.nid } : {}),
    gender: row.gender as Gender,
    nationality: row.nationality,
    occupation: row.occupation,
    dateOfBirth: row.dateOfBirth,
    address: { street: row.street, city: row.city, postalCode: row.postalCode },
    socialMedia: definedLinks(row.socialMedia),
    profileImage: row.profileImage,
    status: row.status,
    isVerified: row.isVerified,
    phoneVerified: row.phoneVerified,
    language: accountLanguage(row.language),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What others may see of a person (docs/security.md, "Who sees what"); an allow-list, so a new column stays private. */
export function toPublicProfile(row: UserRow): PublicProfile {
  return {
    _id: row.id,
    name: row.name,
    occupation: row.occupation,
    address: { city: row.city },
    socialMedia: definedLinks(row.socialMedia),
    profileImage: row.profileImage,
    isVerified: row.isVerified,
    phoneVerified: row.phoneVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

function definedLinks(links: SocialMediaLinks): SocialMediaLinks {
  return Object.fromEntries(Object.entries(links).filter(([, value]) => typeof value === 'string' && value !== ''));
}

/** The language an account row holds (the database allows only these two). */
export function accountLanguage(language: string): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
