import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceRecord } from '@/domain/service';
import { SERVICE_CATEGORIES } from '@/domain/service-category';
import { makeService } from '@/domain/service.fixtures';
import { applyServicesSync, readServicesOfCategory, servicesDb, SERVICES_DB_NAME } from './services-db';
import { readServicesFirstScreen } from './services-first-screen';

/** Twenty services over three categories, stored in an order other than their ids'. */
function makeNumberedService(i: number): ServiceRecord {
  return makeService(`service-${String((i * 7) % 20).padStart(2, '0')}`, {
    category: SERVICE_CATEGORIES[i % 3]!,
    provider: { _id: `provider-${i}`, name: `Provider ${i}` },
    minimumPrice: 1000 + i,
  });
}

beforeEach(async () => {
  servicesDb.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(SERVICES_DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
});

describe('a category read ahead without Dexie', () => {
  it('answers what the mirror answers for every category and for all', async () => {
    await servicesDb.open();
    const services = Array.from({ length: 20 }, (_, i) => makeNumberedService(i));
    await applyServicesSync({ changed: services, deleted: [], cursor: '1' }, { full: true, savedAt: 1 });
    for (const category of ['all', ...SERVICE_CATEGORIES] as const) {
      const expected = await readServicesOfCategory(category);
      expect(await readServicesFirstScreen(category), category).toEqual(expected);
    }
    expect((await readServicesFirstScreen('all'))?.length).toBe(20);
  });

  it('answers nothing before the mirror exists, and does not create it', async () => {
    expect(await readServicesFirstScreen('all')).toBeUndefined();
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(SERVICES_DB_NAME);
  });
});
