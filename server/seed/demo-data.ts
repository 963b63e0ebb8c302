import { count } from 'drizzle-orm';
import type { NewUser } from '../../src/domain/user';
import { findUserByEmail, findUserByVerifiedPhone, insertUser } from '../accounts/users';
import type { AccountDirectory } from '../auth/identity';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { DEMO_MODERATOR_EMAIL } from '../config/env';

/**
 * Demo data for a fresh data directory, so a newcomer sees a living marketplace and can sign in at once.
 * Each demo user has a Firebase account (created in the emulator, or reused when the e-mail exists) and a
 * verified Basha profile.
 */

export const DEMO_PASSWORD = 'basha-demo-123';

export const DEMO_USERS: readonly (NewUser & { password: string })[] = [
  {
    name: 'Ayesha Rahman',
    email: 'ayesha@demo.basha.app',
    password: DEMO_PASSWORD,
    phoneNumber: '+880 1711-234567',
    gender: 'Female',
    nationality: 'Bangladeshi',
    occupation: 'Software Engineer',
    dateOfBirth: '1994-03-12',
    address: { street: 'House 12, Road 5, Dhanmondi', city: 'Dhaka', postalCode: '1205' },
    socialMedia: { facebook: 'https://facebook.com/ayesha.rahman.demo' },
    profileImage: null,
  },
  {
    name: 'Karim Uddin',
    email: 'karim@demo.basha.app',
    password: DEMO_PASSWORD,
    phoneNumber: '+880 1819-876543',
    gender: 'Male',
    nationality: 'Bangladeshi',
    occupation: 'Electrician',
    dateOfBirth: '1987-11-02',
    address: { street: '45 CDA Avenue, GEC Circle', city: 'Chattogram', postalCode: '4000' },
    socialMedia: {},
    profileImage: null,
  },
  {
    name: 'Nusrat Jahan',
    email: 'nusrat@demo.basha.app',
    password: DEMO_PASSWORD,
    phoneNumber: '+880 1712-345678',
    gender: 'Female',
    nationality: 'Bangladeshi',
    occupation: 'Home Tutor',
    dateOfBirth: '1998-07-25',
    address: { street: 'Flat 3B, Road 11, Block C, Banani', city: 'Dhaka', postalCode: '1213' },
    socialMedia: { linkedin: 'https://www.linkedin.com/in/nusrat-jahan-demo' },
    profileImage: null,
  },
];

/**
 * The demo moderator (MODERATOR_EMAILS defaults to this address where demo data is made, server/config/env.ts).
 * Kept out of DEMO_USERS: it posts no ads and offers no services.
 */
export const DEMO_MODERATOR: NewUser & { password: string } = {
  name: 'Tahmina Sultana',
  email: DEMO_MODERATOR_EMAIL,
  password: DEMO_PASSWORD,
  phoneNumber: '+880 1911-000111',
  gender: 'Female',
  nationality: 'Bangladeshi',
  occupation: 'Moderator',
  dateOfBirth: '1990-01-15',
  address: { street: 'House 1, Road 1, Gulshan 1', city: 'Dhaka', postalCode: '1212' },
  socialMedia: {},
  profileImage: null,
};

/**
 * The demo person who signs in with a phone number (issue 40): no e-mail, no password, the number verified. In
 * the demo stack the Auth emulator issues her sign-in codes instead of an SMS (README, "Signing in with a phone
 * number"). A maid who offers her services; kept out of DEMO_USERS, who sign in with an e-mail and a password.
 */
export const DEMO_PHONE_USER: Omit<NewUser, 'email'> = {
  name: 'রহিমা বেগম',
  phoneNumber: '+880 1711-000001',
  gender: 'Female',
  nationality: 'Bangladeshi',
  occupation: 'Maid',
  dateOfBirth: '1989-09-04',
  address: { street: 'House 22, Road 4, Mirpur 2', city: 'Dhaka', postalCode: '1216' },
  socialMedia: {},
  profileImage: null,
};
/** Her number as Firebase keeps it, and as the sign-in page sends it (E.164). */
export const DEMO_PHONE_NUMBER_E164 = '+8801711000001';

export async function usersTableIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(users);
  return (row?.value ?? 0) === 0;
}

/**
 * Creates the demo users and the demo phone person (idempotent: existing e-mails and numbers are left alone).
 * Returns the e-mail users' ids by e-mail.
 */
export async function seedDemoData(deps: {
  db: Database;
  accounts: AccountDirectory;
  now?: Date;
}): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const { password, ...profile } of DEMO_USERS) {
    const existing = await findUserByEmail(deps.db, profile.email);
    if (existing) {
      ids[profile.email] = existing.id;
      continue;
    }
    const uid = await deps.accounts.ensureAccount({ email: profile.email, password, displayName: profile.name });
    const row = await insertUser(deps.db, uid, profile, { isVerified: true, now: deps.now ?? new Date() });
    ids[profile.email] = row.id;
  }
  const { password, ...moderator } = DEMO_MODERATOR;
  if (!(await findUserByEmail(deps.db, moderator.email))) {
    const uid = await deps.accounts.ensureAccount({ email: moderator.email, password, displayName: moderator.name });
    await insertUser(deps.db, uid, moderator, { isVerified: true, now: deps.now ?? new Date() });
  }
  if (!(await findUserByVerifiedPhone(deps.db, DEMO_PHONE_USER.phoneNumber))) {
    const uid = await deps.accounts.ensurePhoneAccount({
      phoneNumber: DEMO_PHONE_NUMBER_E164,
      displayName: DEMO_PHONE_USER.name,
    });
    await insertUser(deps.db, uid, DEMO_PHONE_USER, { phoneVerified: true, now: deps.now ?? new Date() });
  }
  return ids;
}
