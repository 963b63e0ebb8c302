import { describe, expect, it } from 'vitest';
import { averageRating, formatAverage } from './service-rating';

const ratings = (...values: number[]) => values.map((rating) => ({ rating }));

describe('averageRating', () => {
  it('is 0 without ratings', () => {
    expect(averageRating([])).toBe(0);
    expect(formatAverage([])).toBe('0.0');
  });

  it('rounds the mean to one decimal', () => {
    expect(averageRating(ratings(5, 4, 4))).toBe(4.3);
    expect(averageRating(ratings(5, 4))).toBe(4.5);
    expect(averageRating(ratings(1, 2, 2))).toBe(1.7);
  });

  it('always shows one decimal', () => {
    expect(formatAverage(ratings(4, 4))).toBe('4.0');
    expect(formatAverage(ratings(5, 4, 4))).toBe('4.3');
  });
});

describe('formatAverage in Bangla', () => {
  it('writes the average in Bangla digits for Bangla', () => {
    expect(formatAverage(ratings(4, 5), 'bn')).toBe('৪.৫');
    expect(formatAverage(ratings(4, 5), 'en')).toBe('4.5');
  });
});
