import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertFilters, AlertFrequency } from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { alertMatches, alerts, rentPosts, type services } from '../db/schema';
import { rentAdOf } from '../requests/request-test-kit';
import { insertService } from '../test/listing-fixtures';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { matchListing } from './alert-matching';

/**
 * matchListing (issue 43): an alert matches exactly what its list would show for its filters (place at every level,
 * prices, category, search words in Bangla and English), never its owner's own listing nor one the lists do not
 * show, and records a listing once per alert however often and however concurrently it is matched.
 */

const ctx = testContextForFile();

let poster: SignedInUser;
let watcher: SignedInUser;

beforeAll(async () => {
  [poster, watcher] = await Promise.all([
    registerSignedIn(ctx, 'match-poster'),
    registerSignedIn(ctx, 'match-watcher'),
  ]);
});

async function alertOf(
  user: SignedInUser,
  kind: ListingKind,
  filters: AlertFilters,
  frequency: AlertFrequency = 'instant',
): Promise<string> {
  const [row] = await ctx.db
    .insert(alerts)
    .values({ userId: user.id, kind, filters, frequency })
    .returning({ id: alerts.id });
  return row!.id;
}

/** A family room in Dhanmondi (Dhaka district, Dhaka division) for 18,000 taka, with a lift. */
const rentAd = (changes: Partial<typeof rentPosts.$inferInsert> = {}) =>
  rentAdOf(ctx, poster, { placeId: 'ar-dhanmondi', ...changes });

/** A plumber serving Mirpur (Dhaka district) for 100 to 500 taka, who fixes pipes. */
const plumber = (changes: Partial<typeof services.$inferInsert> = {}) =>
  insertService(ctx, poster.id, { servicePlaceIds: ['ar-mirpur'], ...changes });

const matchedAlertIds = async (kind: ListingKind, listingId: string) =>
  (await matchListing(ctx.db, kind, listingId, ctx.clock.now())).map((match) => match.alertId);

describe('a rent ad in Dhanmondi for 18,000 taka', () => {
  const cases: [string, AlertFilters, boolean][] = [
    ['no filters', {}, true],
    ['its area', { placeId: 'ar-dhanmondi' }, true],
    ['its district', { placeId: 'ds-47' }, true],
    ['its division', { placeId: 'dv-6' }, true],
    ['another area of its district', { placeId: 'ar-mirpur' }, false],
    ['an upazila of its district (areas are not in upazilas)', { placeId: 'up-365' }, false],
    ['another district', { placeId: 'ds-8' }, false],
    ['another division', { placeId: 'dv-1' }, false],
    ['a range whose bounds are its price', { minPrice: 18000, maxPrice: 18000 }, true],
    ['a highest price below it', { maxPrice: 17999 }, false],
    ['a lowest price above it', { minPrice: 18001 }, false],
    ['its category', { category: 'family-room' }, true],
    ['another category', { category: 'flat' }, false],
    ['a word of its details', { q: 'lift' }, true],
    ["its area's English name", { q: 'dhanmondi' }, true],
    ["its area's Bangla name", { q: 'ধানমন্ডি' }, true],
    ["its category's Bangla name", { q: 'ফ্যামিলি রুম' }, true],
    ['words it does not hold', { q: 'swimming pool' }, false],
    ['every filter at once', { category: 'family-room', placeId: 'ds-47', maxPrice: 20000, q: 'lift' }, true],
  ];
  for (const [name, filters, matched] of cases) {
    it(`${matched ? 'matches' : 'does not match'} an alert for ${name}`, async () => {
      const alertId = await alertOf(watcher, 'rent', filters);
      const ad = await rentAd();
      expect((await matchedAlertIds('rent', ad)).includes(alertId)).toBe(matched);
    });
  }
});

describe('a plumber serving Mirpur for 100 to 500 taka', () => {
  const cases: [string, AlertFilters, boolean][] = [
    ['no filters', {}, true],
    ['its category', { category: 'Plumber' }, true],
    ['another category', { category: 'Electrician' }, false],
    ['the district it serves', { placeId: 'ds-47' }, true],
    ['an area it does not serve', { placeId: 'ar-dhanmondi' }, false],
    ['its own price range', { minPrice: 100, maxPrice: 500 }, true],
    ['a highest price below its highest', { maxPrice: 400 }, false],
    ['a lowest price above its lowest', { minPrice: 150 }, false],
    ["its category's Bangla name", { q: 'প্লাম্বার' }, true],
    ['a word of its description', { q: 'pipes' }, true],
    ['the Bangla name of the area it serves', { q: 'মিরপুর' }, true],
    ['words it does not hold', { q: 'painter' }, false],
  ];
  for (const [name, filters, matched] of cases) {
    it(`${matched ? 'matches' : 'does not match'} an alert for ${name}`, async () => {
      const alertId = await alertOf(watcher, 'service', filters);
      const service = await plumber();
      expect((await matchedAlertIds('service', service)).includes(alertId)).toBe(matched);
    });
  }

  it('does not match a rent alert, nor a service alert with a rent ad', async () => {
    const rentAlert = await alertOf(watcher, 'rent', {});
    const serviceAlert = await alertOf(watcher, 'service', {});
    expect(await matchedAlertIds('service', await plumber())).not.toContain(rentAlert);
    expect(await matchedAlertIds('rent', await rentAd())).not.toContain(serviceAlert);
  });
});

describe('what is never matched', () => {
  it("leaves out the listing's owner's own alerts", async () => {
    const own = await alertOf(poster, 'rent', {});
    const others = await alertOf(watcher, 'rent', {});
    const matched = await matchedAlertIds('rent', await rentAd());
    expect(matched).toContain(others);
    expect(matched).not.toContain(own);
  });

  const unshown: [string, () => Promise<[ListingKind, string]>][] = [
    ['a deleted or hidden rent ad', async () => ['rent', await rentAd({ deletedAt: ctx.clock.now() })]],
    ['a Booked rent ad', async () => ['rent', await rentAd({ status: 'Booked' })]],
    ['a rent ad unlisted for going unconfirmed', async () => ['rent', await rentAd({ unlistedAt: ctx.clock.now() })]],
    ['a deleted or hidden service', async () => ['service', await plumber({ deletedAt: ctx.clock.now() })]],
    ['a deactivated service', async () => ['service', await plumber({ status: 'inactive' })]],
    ['an unknown listing', async () => ['rent', '00000000-0000-4000-8000-000000000000']],
    ['a malformed id', async () => ['service', 'not-an-id']],
  ];
  for (const [name, make] of unshown) {
    it(`records nothing for ${name}`, async () => {
      await alertOf(watcher, 'rent', {});
      await alertOf(watcher, 'service', {});
      const [kind, id] = await make();
      expect(await matchListing(ctx.db, kind, id, ctx.clock.now())).toEqual([]);
      if (id !== 'not-an-id') {
        expect(await ctx.db.select().from(alertMatches).where(eq(alertMatches.listingId, id))).toEqual([]);
      }
    });
  }
});

describe('recording', () => {
  it("answers each new match with the alert's owner and frequency, and records it", async () => {
    const daily = await alertOf(watcher, 'rent', { placeId: 'ar-dhanmondi' }, 'daily');
    const ad = await rentAd();
    const matches = await matchListing(ctx.db, 'rent', ad, ctx.clock.now());
    expect(matches).toContainEqual({
      alertId: daily,
      listingId: ad,
      kind: 'rent',
      userId: watcher.id,
      frequency: 'daily',
    });
    const [row] = await ctx.db.select().from(alertMatches).where(eq(alertMatches.alertId, daily));
    expect(row).toMatchObject({ listingId: ad, userId: watcher.id, sentAt: null });
    expect(row!.matchedAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('records a listing once per alert when it is matched again (Booked, then Active again)', async () => {
    const alertId = await alertOf(watcher, 'rent', {});
    const ad = await rentAd();
    expect(await matchedAlertIds('rent', ad)).toContain(alertId);
    await ctx.db.update(rentPosts).set({ status: 'Booked' }).where(eq(rentPosts.id, ad));
    expect(await matchedAlertIds('rent', ad)).toEqual([]);
    await ctx.db.update(rentPosts).set({ status: 'Active' }).where(eq(rentPosts.id, ad));
    expect(await matchedAlertIds('rent', ad)).not.toContain(alertId);
    expect(await ctx.db.select().from(alertMatches).where(eq(alertMatches.alertId, alertId))).toHaveLength(1);
  });

  it('records a listing once per alert when two calls match it at once', async () => {
    const alertId = await alertOf(watcher, 'service', {});
    const service = await plumber();
    const [first, second] = await Promise.all([
      matchedAlertIds('service', service),
      matchedAlertIds('service', service),
    ]);
    expect([...first, ...second].filter((id) => id === alertId)).toHaveLength(1);
    expect(await ctx.db.select().from(alertMatches).where(eq(alertMatches.alertId, alertId))).toHaveLength(1);
  });
});
