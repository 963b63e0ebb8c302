import { describe, expect, it } from 'vitest';
import { averageRating, formatAverage, hiredFirst, hiredOnBashaCount } from './service-rating';

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

describe('hired on Basha', () => {
  const reviews = [
    { _id: 'newest', hiredOnBasha: false },
    { _id: 'hired-newer', hiredOnBasha: true },
    { _id: 'older' },
    { _id: 'hired-older', hiredOnBasha: true },
  ];

  it('puts the reviews of customers hired on Basha first, keeping each group’s order', () => {
    expect(hiredFirst(reviews).map((review) => review._id)).toEqual(['hired-newer', 'hired-older', 'newest', 'older']);
    expect(reviews[0]!._id).toBe('newest');
  });

  it('counts them, a review saved before the mark existed counting as not hired', () => {
    expect(hiredOnBashaCount(reviews)).toBe(2);
    expect(hiredOnBashaCount([{}])).toBe(0);
  });
});
