import { describe, expect, it } from 'vitest';
import { bundledPlaceIndex, findPlace } from '../../src/domain/places/place-tree';
import { filterCombinations, placeFilterCombinations } from './query-bench';
import { benchRentPostRows } from './seed';

describe('the place filters the local query measures (issue 19)', () => {
  it('are 36 more combinations, each once, every one filtering by a place that exists or by a place name', () => {
    const combinations = placeFilterCombinations();
    expect(combinations).toHaveLength(36);
    expect(new Set(combinations.map((filters) => JSON.stringify(filters))).size).toBe(36);
    const plain = new Set(filterCombinations().map((filters) => JSON.stringify(filters)));
    expect(combinations.some((filters) => plain.has(JSON.stringify(filters)))).toBe(false);
    for (const filters of combinations) {
      if (filters.place) expect(findPlace(bundledPlaceIndex(), filters.place), filters.place).toBeDefined();
      else expect(filters.search).toBe('ধানমন্ডি');
    }
  });

  it('find posts: every seeded post sits on an area of the tree', () => {
    const rows = benchRentPostRows({
      count: 200,
      posterIds: ['u1'],
      photoSets: [[{ url: '/uploads/rent/a.webp', thumbnailUrl: '/uploads/rent/a-thumb.webp' }]],
      now: new Date('2026-06-01T00:00:00Z'),
    });
    for (const row of rows) expect(findPlace(bundledPlaceIndex(), row.placeId ?? ''), row.addressLine).toBeDefined();
    expect(rows.some((row) => row.placeId === 'ar-dhanmondi')).toBe(true);
    expect(rows.some((row) => row.placeId === 'ar-agrabad')).toBe(true);
  });
});
