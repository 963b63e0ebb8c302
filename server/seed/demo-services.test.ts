import { describe, expect, it } from 'vitest';
import { matchServicePlaces, placeTables } from '../../src/domain/places/place-names';
import { bundledPlaceIndex, placePath } from '../../src/domain/places/place-tree';
import type { ServiceRecord } from '../../src/domain/service';
import { SERVICE_CATEGORIES } from '../../src/domain/service-category';
import { matchesSearch } from '../../src/domain/service-filters';
import { reviews, services } from '../db/schema';
import { createLocalImageStorage } from '../images/storage';
import { testContextForFile } from '../test/test-app';
import { seedDemoData } from './demo-data';
import { seedDemoServices } from './demo-services';

const ctx = testContextForFile();

describe('seedDemoServices', () => {
  it('fills every category with at least 40 services, covers and reviews by several people, in seconds', async () => {
    const started = performance.now();
    const demoUserIds = await seedDemoData({ db: ctx.db, accounts: ctx.identity });
    const counts = await seedDemoServices({
      db: ctx.db,
      accounts: ctx.identity,
      images: createLocalImageStorage(ctx.config.uploadsDir),
      demoUserIds,
    });
    expect(performance.now() - started).toBeLessThan(15_000);
    const rows = await ctx.db.select().from(services);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(counts.services).toBe(rows.length);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(SERVICE_CATEGORIES));
    const perProvider = new Map<string, number>();
    for (const row of rows) perProvider.set(row.providerId, (perProvider.get(row.providerId) ?? 0) + 1);
    expect(Math.max(...perProvider.values())).toBeLessThanOrEqual(2);
    expect(rows.filter((row) => row.coverImage?.url.startsWith('/uploads/services/')).length).toBeGreaterThan(30);

    // Every service serves places, named in its free-text areas too.
    const tables = placeTables(bundledPlaceIndex());
    for (const row of rows) {
      expect(row.servicePlaceIds.length).toBeGreaterThanOrEqual(1);
      expect(matchServicePlaces(row.serviceArea, tables)).toEqual(row.servicePlaceIds);
    }
    const served = new Set(rows.flatMap((row) => row.servicePlaceIds));
    expect(served.size).toBeGreaterThanOrEqual(15);
    const districts = new Set([...served].map((id) => placePath(bundledPlaceIndex(), id)?.district?.id));
    expect(districts).toEqual(new Set(['ds-47', 'ds-8']));

    const reviewRows = await ctx.db.select().from(reviews);
    expect(new Set(reviewRows.map((row) => row.clientId)).size).toBeGreaterThanOrEqual(5);
    const demoReviewers = reviewRows.filter((row) => Object.values(demoUserIds).includes(row.clientId));
    expect(new Set(demoReviewers.map((row) => row.clientId)).size).toBeGreaterThanOrEqual(2);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(reviewRows.every((row) => byId.get(row.serviceId)?.providerId !== row.clientId)).toBe(true);
  });

  it('writes half the services and half the reviews in Bangla, found by Bangla searches however they are typed', async () => {
    const rows = await ctx.db.select().from(services);
    const isBangla = (text: string) => /[\u0980-\u09ff]/.test(text);
    const bangla = rows.filter((row) => isBangla(row.description));
    expect(bangla.length).toBeGreaterThanOrEqual(rows.length / 3);
    expect(bangla.length).toBeLessThan(rows.length);
    expect(new Set(bangla.map((row) => row.category))).toEqual(new Set(SERVICE_CATEGORIES));
    // A Bangla service names its areas in Bangla, and they are its places all the same (the first test).
    for (const row of bangla) expect(row.serviceArea.every(isBangla), row.serviceArea.join()).toBe(true);
    const reviewRows = await ctx.db.select().from(reviews);
    const banglaReviews = reviewRows.filter((row) => isBangla(row.feedback));
    expect(banglaReviews.length).toBeGreaterThan(reviewRows.length / 3);
    expect(banglaReviews.length).toBeLessThan(reviewRows.length);

    // The list's search, over the rows as the list holds them.
    const listed = rows.map((row) => ({
      id: row.id,
      service: { ...row, provider: { name: 'Demo' }, ratings: [] } as unknown as ServiceRecord,
    }));
    const found = (text: string) => listed.filter(({ service }) => matchesSearch(service, text)).map(({ id }) => id);
    expect(found('ধানমন্ডি').length).toBeGreaterThan(0);
    expect(found('ধানমন্ডি').every((id) => bangla.some((row) => row.id === id))).toBe(true);
    expect(found('ওয়্যারিং').length).toBeGreaterThan(0);
    // Bangla digits and Latin ones alike ("৬ষ্ঠ থেকে ১০ম শ্রেণির").
    expect(found('১০ম')).toEqual(found('10ম'));
    expect(found('১০ম').length).toBeGreaterThan(0);
    // য় typed as one code point or as য + nukta, ড় likewise, and র‍্য with or without its joiner.
    expect(found('ওয়াইফাই')).toEqual(found('ও\u09af\u09bcাইফাই'));
    expect(found('ও\u09dfাইফাই').length).toBeGreaterThan(0);
    expect(found('বাবল র\u200d্যাপ')).toEqual(found('বাবল র্যাপ'));
    expect(found('বাবল র্যাপ').length).toBeGreaterThan(0);
    expect(found('প\u09dcা')).toEqual(found('প\u09a1\u09bcা'));
  });
});
