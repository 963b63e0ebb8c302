import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import {
  formatPostingWait,
  nextPostAllowedAt,
  POSTING_WINDOW_MS,
  RENT_ADS_PER_DAY,
  rentAdLimitMessage,
  reviewLimitMessage,
} from './posting-limits';

const MINUTE = 60 * 1000;

describe('nextPostAllowedAt', () => {
  const now = Date.parse('2026-03-01T10:00:00.000Z');
  const postedMinutesAgo = (...minutes: number[]) => minutes.map((m) => now - m * MINUTE);

  it('lets an account under the limit post now', () => {
    expect(nextPostAllowedAt([], 3)).toBeUndefined();
    expect(nextPostAllowedAt(postedMinutesAgo(1, 2), 3)).toBeUndefined();
  });

  it('opens the next slot when the oldest counted post leaves the window', () => {
    expect(nextPostAllowedAt(postedMinutesAgo(1, 2, 90), 3)).toBe(now - 90 * MINUTE + POSTING_WINDOW_MS);
  });

  it('counts only the newest `perDay` posts when more were read', () => {
    expect(nextPostAllowedAt(postedMinutesAgo(1, 2, 3, 500), 3)).toBe(now - 3 * MINUTE + POSTING_WINDOW_MS);
  });
});

describe('the wait in words', () => {
  it.each([
    [1, '1 minute'],
    [30 * 1000, '1 minute'],
    [MINUTE + 1, '2 minutes'],
    [45 * MINUTE, '45 minutes'],
    [60 * MINUTE, '1 hour'],
    [61 * MINUTE, '1 hour 1 minute'],
    [3 * 60 * MINUTE, '3 hours'],
    [23 * 60 * MINUTE + 59 * MINUTE, '23 hours 59 minutes'],
  ])('%i ms reads "%s"', (ms, words) => {
    expect(formatPostingWait(ms)).toBe(words);
  });

  it('says the limit and when the person can post again', () => {
    expect(rentAdLimitMessage(2 * 60 * MINUTE + 5 * MINUTE)).toBe(
      `You can post up to ${RENT_ADS_PER_DAY} rent ads in 24 hours. You can post another ad in 2 hours 5 minutes.`,
    );
    expect(reviewLimitMessage(10 * MINUTE)).toBe(
      'You can write up to 30 new reviews in 24 hours. You can review another service in 10 minutes.',
    );
  });
});

describe('in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('says the wait and the limits in Bangla, with Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    expect(formatPostingWait(125 * MINUTE)).toBe('২ ঘণ্টা ৫ মিনিট');
    expect(formatPostingWait(MINUTE)).toBe('১ মিনিট');
    expect(rentAdLimitMessage(3 * 60 * MINUTE)).toBe(
      '২৪ ঘণ্টায় সর্বোচ্চ ২০টি ভাড়ার বিজ্ঞাপন দেওয়া যায়। আরেকটি বিজ্ঞাপন দিতে পারবেন ৩ ঘণ্টা পর।',
    );
    expect(reviewLimitMessage(45 * MINUTE)).toContain('৩০টি নতুন রিভিউ');
  });
});
