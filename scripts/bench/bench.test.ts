import { describe, expect, it } from 'vitest';
import { filterCombinations } from './query-bench';
import { firstLoadJsBudgetFor as jsBudgetFor } from './budgets';
import { benchRentPostRows } from './seed';
import { median, percentile, summarize } from './stats';

describe('benchmark statistics', () => {
  it('takes percentiles by nearest rank, so every figure is a real sample', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 20 - i); // 20 .. 1, unsorted on purpose
    expect(percentile(samples, 95)).toBe(19);
    expect(percentile(samples, 100)).toBe(20);
    expect(percentile(samples, 50)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBeNaN();
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(summarize([1, 2, 3, 4, 100])).toEqual({ samples: 5, median: 3, p95: 100, max: 100 });
  });
});

describe('the budgets', () => {
  it('gives / and every /main page a JavaScript budget, other pages none', () => {
    expect(jsBudgetFor('/')).toBe(131 * 1024);
    expect(jsBudgetFor('/main/rent')).toBe(230 * 1024);
    expect(jsBudgetFor('/main/find-service/:category')).toBe(230 * 1024);
    expect(jsBudgetFor('/auth/login')).toBeUndefined();
    expect(jsBudgetFor('/mainly')).toBeUndefined();
  });
});

describe('the query combinations', () => {
  it('are the 36 filter and sort combinations, each once, interleaved so a short run covers every sort', () => {
    const combinations = filterCombinations();
    expect(combinations).toHaveLength(36);
    expect(new Set(combinations.map((filters) => JSON.stringify(filters))).size).toBe(36);
    const firstSix = combinations.slice(0, 6);
    expect(new Set(firstSix.map((filters) => `${filters.sortBy} ${filters.sortOrder}`)).size).toBe(6);
    expect(
      new Set(firstSix.map((filters) => [filters.search, filters.category, filters.minPrice, filters.postedBy].join()))
        .size,
    ).toBe(6);
  });
});

describe('the seeded rent posts', () => {
  const photo = { url: '/uploads/rent/a.webp', thumbnailUrl: '/uploads/rent/a-thumb.webp' };
  const rows = () =>
    benchRentPostRows({
      count: 300,
      posterIds: ['u1', 'u2'],
      photoSets: [[photo]],
      now: new Date('2026-06-01T00:00:00Z'),
    });

  it('are the same on every run, older than any delta window, and shared among the posters', () => {
    const first = rows();
    expect(rows()).toEqual(first);
    expect(first).toHaveLength(300);
    const hourAgo = new Date('2026-05-31T23:00:00Z').getTime();
    expect(first.every((row) => (row.updatedAt as Date).getTime() <= hourAgo)).toBe(true);
    expect(new Set(first.map((row) => row.userId))).toEqual(new Set(['u1', 'u2']));
    expect(first.every((row) => (row.cost as number) > 0 && row.photos?.[0] === photo)).toBe(true);
  });
});
