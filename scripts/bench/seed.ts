import { isNull } from 'drizzle-orm';
import { RENT_CATEGORIES, RENT_PAYMENT_FREQUENCIES, rentCategoryLabel } from '../../src/domain/rent-post';
import type { Database } from '../../server/db/client';
import { rentPosts, users, type StoredPhoto } from '../../server/db/schema';
import { demoRentCost } from '../../server/seed/demo-rent-posts';

/**
 * The benchmark's 10,000 rent posts, written straight into the database in bulk (the same drizzle schema the
 * server uses). They belong to the demo users and show the demo posts' photos, so the data set looks like the
 * demo marketplace, only larger. Deterministic: the same count gives the same posts (ids aside).
 */

const AREAS: readonly { city: string; area: string; postalCode: string; placeId: string }[] = [
  { city: 'Dhaka', area: 'Road 7, Dhanmondi', postalCode: '1205', placeId: 'ar-dhanmondi' },
  { city: 'Dhaka', area: 'Block C, Banani', postalCode: '1213', placeId: 'ar-banani' },
  { city: 'Dhaka', area: 'Sector 7, Uttara', postalCode: '1230', placeId: 'ar-uttara' },
  { city: 'Dhaka', area: 'Mirpur 10', postalCode: '1216', placeId: 'ar-mirpur' },
  { city: 'Dhaka', area: 'Gulshan 2', postalCode: '1212', placeId: 'ar-gulshan' },
  { city: 'Dhaka', area: 'Mohammadpur', postalCode: '1207', placeId: 'ar-mohammadpur' },
  { city: 'Chattogram', area: 'GEC Circle', postalCode: '4000', placeId: 'ar-gec-circle' },
  { city: 'Chattogram', area: 'Agrabad C/A', postalCode: '4100', placeId: 'ar-agrabad' },
  { city: 'Sylhet', area: 'Zindabazar', postalCode: '3100', placeId: 'ar-zindabazar' },
  { city: 'Khulna', area: 'Sonadanga', postalCode: '9100', placeId: 'ar-sonadanga' },
  { city: 'Rajshahi', area: 'Shaheb Bazar', postalCode: '6000', placeId: 'ar-shaheb-bazar' },
  { city: 'Barishal', area: 'Band Road', postalCode: '8200', placeId: 'ar-nathullabad' },
  { city: 'Rangpur', area: 'Jahaj Company More', postalCode: '5400', placeId: 'ar-jahaj-company-more' },
  { city: 'Mymensingh', area: 'Ganginarpar', postalCode: '2200', placeId: 'ar-ganginarpar' },
  { city: 'Cumilla', area: 'Kandirpar', postalCode: '3500', placeId: 'ar-kandirpar' },
  { city: 'Gazipur', area: 'Joydebpur', postalCode: '1700', placeId: 'ar-joydebpur' },
];

const FEATURES = [
  'lift',
  'generator backup',
  'gas line',
  '24-hour water',
  'car parking',
  'south-facing balcony',
  'security guard',
  'fibre internet',
  'tiled floors',
  'rooftop access',
  'near schools',
  'close to the bus stand',
];

const DAY_MS = 24 * 60 * 60 * 1000;
const CHUNK = 500;

/** A small seeded generator (mulberry32): the data set is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type BenchRentPostRow = typeof rentPosts.$inferInsert;

/** The rows to insert: `count` posts by `posterIds`, showing `photoSets` in turn, created over the last year. */
export function benchRentPostRows(options: {
  count: number;
  posterIds: readonly string[];
  photoSets: readonly StoredPhoto[][];
  now: Date;
}): BenchRentPostRow[] {
  const { count, posterIds, photoSets, now } = options;
  if (posterIds.length === 0) throw new Error('no users to post the benchmark rent posts');
  if (photoSets.length === 0) throw new Error('no demo photos to show on the benchmark rent posts');
  const random = seededRandom(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rows: BenchRentPostRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const category = pick(RENT_CATEGORIES);
    const frequency = pick(RENT_PAYMENT_FREQUENCIES);
    const place = pick(AREAS);
    const cost = demoRentCost(category, frequency, 0.6 + random() * 0.9);
    // Spread over the last year, at least an hour ago: older than any delta's overlap window.
    const createdAt = new Date(now.getTime() - 60 * 60 * 1000 - Math.floor(random() * 365 * DAY_MS));
    const start = new Date(now.getTime() + Math.floor(random() * 120) * DAY_MS);
    const label = rentCategoryLabel(category);
    rows.push({
      userId: posterIds[i % posterIds.length] as string,
      category,
      cost,
      rentPaymentFrequency: frequency,
      rentStartDate: start.toISOString().slice(0, 10),
      contactInfo: `+880 17${String(10 + (i % 90))}-${String(100_000 + ((i * 7919) % 900_000)).slice(-6)}`,
      addressLine: `House ${1 + Math.floor(random() * 120)}, ${place.area}`,
      city: place.city,
      postalCode: place.postalCode,
      // Each post on its area, as new ads are (issue 19): the place filters have something to find.
      placeId: place.placeId,
      details: `${label} in ${place.area}, ${place.city}: ${pick(FEATURES)}, ${pick(FEATURES)} and ${pick(FEATURES)}.`,
      propertyType: label,
      photos: photoSets[i % photoSets.length] as StoredPhoto[],
      status: random() < 0.15 ? 'Booked' : 'Active',
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

/** Inserts the benchmark posts in chunks; answers how many were written. */
export async function seedBenchRentPosts(db: Database, count: number, now = new Date()): Promise<number> {
  const posterIds = (await db.select({ id: users.id }).from(users)).map((row) => row.id);
  const photoSets = (await db.select({ photos: rentPosts.photos }).from(rentPosts).where(isNull(rentPosts.deletedAt)))
    .map((row) => row.photos)
    .filter((photos) => photos.length > 0);
  const rows = benchRentPostRows({ count, posterIds, photoSets, now });
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(rentPosts).values(rows.slice(start, start + CHUNK));
  }
  return rows.length;
}
