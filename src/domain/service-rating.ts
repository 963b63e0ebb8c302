import type { Locale } from '@/i18n/locale';
import { localDigits } from '@/i18n/digits';
import { getLocale } from '@/i18n/generated/runtime.js';

/** Averages of review ratings, shown out of 5 to one decimal (accounts spec, section 9). */

/** The mean rating rounded to one decimal, or 0 when there are no ratings. */
export function averageRating(ratings: readonly { rating: number }[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, item) => total + item.rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

/** "4.5" or "4.0": always one decimal, in the digits of the language ("৪.৫" in Bangla). */
export function formatAverage(ratings: readonly { rating: number }[], locale: Locale = getLocale()): string {
  return localDigits(averageRating(ratings).toFixed(1), locale);
}

/** Reviews of customers hired on Basha (issue 41) first, each group in the order given (newest first, as served). */
export function hiredFirst<T extends { hiredOnBasha?: boolean | undefined }>(ratings: readonly T[]): T[] {
  return [...ratings].sort((a, b) => Number(b.hiredOnBasha === true) - Number(a.hiredOnBasha === true));
}

/** How many of the reviews are of customers hired on Basha. */
export function hiredOnBashaCount(ratings: readonly { hiredOnBasha?: boolean | undefined }[]): number {
  return ratings.filter((review) => review.hiredOnBasha === true).length;
}
