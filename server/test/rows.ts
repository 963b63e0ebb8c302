import type { NewRentPost } from '../../src/domain/rent-post-form';
import type { users } from '../db/schema';

/** Rows and inputs for tests that write straight into the tables, below the API. */

/**
 * A person's row as tests below the API write it straight into the table (migrations, public pages), told apart
 * by `key`; `changes` set the fields a test is about.
 */
export function userRow(key: string, changes: Partial<typeof users.$inferInsert> = {}): typeof users.$inferInsert {
  return {
    firebaseUid: `uid-${key}`,
    email: `${key}@example.com`,
    name: 'Test Person',
    phoneNumber: '01700000000',
    gender: 'Female',
    nationality: 'Bangladeshi',
    dateOfBirth: '1990-01-01',
    street: 'Road 1',
    city: 'Dhaka',
    postalCode: '1205',
    ...changes,
  };
}

/** A rent ad as `insertRentPost` takes it (no photos, no place), for tests that write rows straight in. */
export const RENT_AD_INPUT: Omit<NewRentPost, 'imageUrls'> = {
  category: 'family-room',
  cost: 18000,
  rentPaymentFrequency: 'monthly',
  rentStartDate: '2099-06-01',
  contactInfo: '+880 1711-234567',
  addressLine: 'House 9, Road 3, Dhanmondi',
  city: 'Dhaka',
  postalCode: '1205',
  details: 'Two bright rooms for a small family, with gas, water and a lift.',
};
