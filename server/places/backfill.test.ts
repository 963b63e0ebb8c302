import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRentPostPlace, matchServicePlaces, placeTables } from '../../src/domain/places/place-names';
import { bundledPlaceIndex } from '../../src/domain/places/place-tree';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../db/client';
import { rentPosts, services, users } from '../db/schema';
import { userRow } from '../test/rows';
import { openTestDatabase } from '../test/test-database';
import { placesBackfillSql } from './backfill-sql';

/**
 * The migration that moves old rows' free text to places: run again over rows seeded without places (the
 * migrations already ran on the empty database), it must give each row the place the domain's matcher gives.
 */

const BACKFILL_FILE = readdirSync(MIGRATIONS_DIR).find((file) => file.endsWith('_places_backfill.sql'));
const tables = placeTables(bundledPlaceIndex());

let database: DatabaseHandle;
let userId: string;
const OLD = new Date('2025-01-01T00:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  const [user] = await database.db
    .insert(users)
    .values(userRow('backfill', { name: 'Backfill' }))
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => database.close());

async function runBackfill(text: string): Promise<void> {
  const statements = text.split('--> statement-breakpoint');
  // One transaction: one connection, which the temporary function and tables belong to (as in the migrator).
  await database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

const RENT_TEXTS: { city: string; addressLine: string; expected: string | null }[] = [
  { city: 'Dhaka', addressLine: 'House 12, Road 5, Dhanmondi', expected: 'ar-dhanmondi' },
  { city: 'ঢাকা', addressLine: 'বাড়ি ৩, রোড ২, ধানমন্ডি', expected: 'ar-dhanmondi' },
  { city: 'dhaka', addressLine: 'Mirpur Road, Dhanmondi 27', expected: 'ar-dhanmondi' },
  { city: 'Dhanmondi 27', addressLine: 'Road 27', expected: 'ar-dhanmondi' },
  { city: 'ধানমন্ডি', addressLine: '', expected: 'ar-dhanmondi' },
  { city: 'Mirpur-১০', addressLine: 'Block C', expected: 'ar-mirpur' },
  { city: 'GULSHAN 2', addressLine: 'Road 90', expected: 'ar-gulshan' },
  { city: 'Chittagong', addressLine: 'Flat 3, Agrabad C/A', expected: 'ar-agrabad' },
  { city: 'Chattogram', addressLine: '45 CDA Avenue, GEC Circle', expected: 'ar-gec-circle' },
  { city: 'Savar', addressLine: 'Bank Colony', expected: 'up-365' },
  { city: 'Bogra Sadar', addressLine: 'Satmatha', expected: null },
  { city: 'Dhaka', addressLine: 'Block C, Banani', expected: 'ar-banani' },
  { city: 'Khulna', addressLine: 'Road 2, Gulshan', expected: null },
  { city: 'Satkhira', addressLine: '3rd Tala, Main Road', expected: null },
  { city: 'Dhaka', addressLine: 'Somewhere else', expected: null },
  { city: 'Atlantis', addressLine: 'Dhanmondi', expected: null },
  { city: "Cox's Bazar", addressLine: 'Kolatoli Road', expected: null },
  { city: 'Uttara, Sector 7', addressLine: '', expected: 'ar-uttara' },
  { city: 'মোহাম্মদপুর', addressLine: '', expected: 'ar-mohammadpur' },
];
// The Bogra line: whatever the matcher says (Bogura Sadar's upazila) the migration must say too.
RENT_TEXTS[10]!.expected = matchRentPostPlace(RENT_TEXTS[10]!, tables) ?? null;

const SERVICE_AREAS: string[][] = [
  ['Gulshan', 'Banani', 'Baridhara'],
  ['ধানমন্ডি', 'Dhanmondi 32', 'Lalmatia'],
  ['Somewhere', 'Nowhere'],
  ['Savar', 'Mirpur 10', 'Agrabad'],
];

describe('the places backfill migration', () => {
  it('is in the migrations folder, as server/places/backfill-sql.ts wrote it from this data', () => {
    expect(BACKFILL_FILE).toBeDefined();
    const text = readFileSync(path.join(MIGRATIONS_DIR, BACKFILL_FILE!), 'utf8');
    // When the place data changes after this migration was applied, this line goes: the migration stays as it was.
    expect(text).toBe(placesBackfillSql(tables));
  });

  it('moves seeded rows to the places the domain matcher finds, and leaves the rest as they were', async () => {
    const posts = await database.db
      .insert(rentPosts)
      .values(
        RENT_TEXTS.map(({ city, addressLine }) => ({
          userId,
          category: 'flat',
          cost: 10_000,
          rentPaymentFrequency: 'monthly',
          rentStartDate: '2025-02-01',
          contactInfo: '01700000000',
          addressLine,
          city,
          postalCode: '1000',
          details: 'A flat with enough words in its description to pass.',
          propertyType: 'Flat',
          photos: [],
          createdAt: OLD,
          updatedAt: OLD,
        })),
      )
      .returning({ id: rentPosts.id });
    const [deleted] = await database.db
      .insert(rentPosts)
      .values({ ...baseDeletedPost(), userId })
      .returning({ id: rentPosts.id });
    const offers = await database.db
      .insert(services)
      .values(
        SERVICE_AREAS.map((serviceArea) => ({
          providerId: userId,
          category: 'plumber',
          contactNumber: '01700000000',
          addressLine: 'Road 1',
          serviceArea,
          description: 'Pipes fixed the same day, any size of job.',
          minimumPrice: 100,
          maximumPrice: 500,
          availableDays: ['Monday'],
          availableTime: 'day',
          createdAt: OLD,
          updatedAt: OLD,
        })),
      )
      .returning({ id: services.id });

    await runBackfill(readFileSync(path.join(MIGRATIONS_DIR, BACKFILL_FILE!), 'utf8'));

    for (const [i, { id }] of posts.entries()) {
      const [row] = await database.db.select().from(rentPosts).where(eq(rentPosts.id, id));
      const text = RENT_TEXTS[i]!;
      expect(row?.placeId ?? null, `${text.city} / ${text.addressLine}`).toBe(text.expected);
      expect(row?.placeId ?? null).toBe(matchRentPostPlace(text, tables) ?? null);
      // Texts stay; a moved row's update time moves so that delta sync sends it again.
      expect(row?.city).toBe(text.city);
      expect(row!.updatedAt.getTime() > OLD.getTime()).toBe(text.expected !== null);
    }
    const [tombstone] = await database.db.select().from(rentPosts).where(eq(rentPosts.id, deleted!.id));
    expect(tombstone?.placeId).toBeNull();

    const expectedServices = [
      ['ar-gulshan', 'ar-banani', 'ar-baridhara'],
      ['ar-dhanmondi', 'ar-lalmatia'],
      [],
      ['up-365', 'ar-mirpur', 'ar-agrabad'],
    ];
    for (const [i, { id }] of offers.entries()) {
      const [row] = await database.db.select().from(services).where(eq(services.id, id));
      expect(row?.servicePlaceIds).toEqual(expectedServices[i]);
      expect(row?.servicePlaceIds).toEqual(matchServicePlaces(SERVICE_AREAS[i]!, tables));
      expect(row?.serviceArea).toEqual(SERVICE_AREAS[i]);
    }
  });
});

function baseDeletedPost() {
  return {
    category: 'flat',
    cost: 10_000,
    rentPaymentFrequency: 'monthly',
    rentStartDate: '2025-02-01',
    contactInfo: '01700000000',
    addressLine: 'Road 5',
    city: 'Dhanmondi',
    postalCode: '1205',
    details: 'A deleted flat with enough words in its description.',
    propertyType: 'Flat',
    photos: [],
    createdAt: OLD,
    updatedAt: OLD,
    deletedAt: OLD,
  };
}
