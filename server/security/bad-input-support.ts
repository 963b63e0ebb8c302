import { schema } from '../db/schema';
import type { Database } from '../db/client';

/** What the bad-input suites share: hostile text, a valid service offer, a tiny photo and the database snapshot. */

export const HOSTILE = [
  ['a script tag', '<script>alert(1)</script>'],
  ['an SQL-looking string', "1' OR '1'='1'; DROP TABLE users; --"],
  ['right-to-left digits', '٠١٧١٢٣٤٥٦٧٨'],
  ['emoji', '😀😀😀'],
] as const;

export const validService = () => ({
  category: 'Electrician',
  contactNumber: '01712345678',
  addressLine: 'House 9, Road 3, Uttara',
  serviceArea: ['Uttara', 'Airport'],
  servicePlaceIds: ['ar-uttara'],
  description: 'Wiring, fans, lights and IPS connections done safely.',
  minimumPrice: 400,
  maximumPrice: 3000,
  availableDays: ['Saturday', 'Monday'],
  availableTime: 'always',
});

/** A 1 x 1 PNG, enough for an upload the server accepts. */
export const onePixelPng = () =>
  new File(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    ],
    'p.png',
    { type: 'image/png' },
  );

/**
 * Every table of the schema, as one string: equal before and after a refused request means it changed nothing. Taken
 * from `schema`, so that a new table is covered without anyone adding it here. (Rate-limit counters are left out:
 * counting a refused request is their job.)
 */
export async function databaseSnapshot(db: Database): Promise<string> {
  const { rateLimitCounters: _countedOnPurpose, ...tables } = schema;
  const rows = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await db.select().from(table)] as const),
  );
  return JSON.stringify(rows);
}
