import { describe, expect, it } from 'vitest';
import { formatSavedAgo } from './format';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => formatSavedAgo(now - ms, now);

describe('how long ago the listings were saved', () => {
  it.each([
    [10 * 1000, 'just now'],
    [60 * 1000, '1 minute ago'],
    [5 * 60 * 1000, '5 minutes ago'],
    [2 * 60 * 60 * 1000, '2 hours ago'],
    [26 * 60 * 60 * 1000, 'yesterday'],
    [3 * 24 * 60 * 60 * 1000, '3 days ago'],
    [15 * 24 * 60 * 60 * 1000, '2 weeks ago'],
  ])('%i ms ago reads "%s"', (ms, words) => {
    expect(ago(ms)).toBe(words);
  });

  it('never speaks of the future when the clock moved back', () => {
    expect(formatSavedAgo(now + 60_000, now)).toBe('just now');
  });
});

describe('formatSavedAgo in Bangla', () => {
  it('says it in Bangla with Bangla digits', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(formatSavedAgo(now - 10_000, now, 'bn')).toBe('এইমাত্র');
    expect(formatSavedAgo(now - 3 * 60 * 60 * 1000, now, 'bn')).toBe('৩ ঘণ্টা আগে');
  });
});
