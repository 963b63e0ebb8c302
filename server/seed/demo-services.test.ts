import { describe, expect, it } from 'vitest';
import { matchServicePlaces, placeTables } from '../../src/domain/places/place-names';
import { bundledPlaceIndex, placePath } from '../../src/domain/places/place-tree';
import { SERVICE_CATEGORIES } from '../../src/domain/service-category';
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
});
