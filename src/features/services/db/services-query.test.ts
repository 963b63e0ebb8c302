import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ServiceRecord } from '@/domain/service';
import { SERVICE_CATEGORIES } from '@/domain/service-category';
import { makeService } from '@/domain/service.fixtures';
import { applyServicesSync } from '../api/fetch-services';
import { queryServices, replaceServicesOf, SERVICES_DB_NAME, servicesMirror } from './services-db';

/** Twenty services over three categories, stored in an order other than their ids'. */
function makeNumberedService(i: number): ServiceRecord {
  return makeService(`service-${String((i * 7) % 20).padStart(2, '0')}`, {
    category: SERVICE_CATEGORIES[i % 3]!,
    provider: { _id: `provider-${i % 4}`, name: `Provider ${i % 4}` },
    minimumPrice: 1000 + i,
    createdAt: new Date(Date.UTC(2026, 0, 20 - i)).toISOString(),
  });
}

const services = Array.from({ length: 20 }, (_, i) => makeNumberedService(i));
const byId = (a: ServiceRecord, b: ServiceRecord) => (a._id < b._id ? -1 : 1);

beforeEach(async () => {
  servicesMirror.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(SERVICES_DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
});

describe('the services query the route loader and the page ask', () => {
  it('answers every category, and all, in the order of the ids', async () => {
    await applyServicesSync({ changed: services, deleted: [], cursor: '1' }, { full: true, now: 1 });
    for (const category of ['all', ...SERVICE_CATEGORIES] as const) {
      const expected = services.filter((service) => category === 'all' || service.category === category).sort(byId);
      expect(await queryServices({ category }), category).toEqual(expected);
    }
    expect(await queryServices({ category: 'all' })).toHaveLength(20);
  });

  it("answers a provider's services, oldest first, and follows a provider's list replaced", async () => {
    await applyServicesSync({ changed: services, deleted: [], cursor: '1' }, { full: true, now: 1 });
    const theirs = services.filter((service) => service.provider._id === 'provider-1');
    const oldestFirst = [...theirs].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
    expect(await queryServices({ providerId: 'provider-1' })).toEqual(oldestFirst);

    await replaceServicesOf('provider-1', [theirs[0]!]);
    expect(await queryServices({ providerId: 'provider-1' })).toEqual([theirs[0]]);
    expect(await queryServices({ category: 'all' })).toHaveLength(20 - theirs.length + 1);
  });

  it('answers an empty list before the mirror is first synced', async () => {
    expect(await queryServices({ category: 'all' })).toEqual([]);
  });
});
