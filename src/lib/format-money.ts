import { toBanglaDigits } from '@/i18n/digits';
import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * Taka amounts as people in Bangladesh read them, no decimals: "BDT 12,500" in English, "৳১২,৫০০" in Bangla
 * (Bangla digits and the lakh grouping, ৳১২,৩৪,৫৬৭, the sign first as Bangla apps write it; Intl's `bn-BD` puts
 * it last).
 *
 * Written out by hand, not with Intl.NumberFormat: a page's first use of Intl costs a phone tens of milliseconds
 * while the browser loads its locale data, and every card shows a price. The output is the same as Intl's
 * `en-BD` BDT currency format with no decimals (format-money.test.ts compares them); amounts it does not cover
 * (not finite, or beyond exact integers) go to Intl.
 */
let takaFormat: Intl.NumberFormat | undefined;
/** Between the currency and the amount, as Intl writes it: the two never part at a line end. */
const NO_BREAK_SPACE = '\u00a0';

export function formatTaka(amount: number, locale: string = getLocale()): string {
  // Rounded half away from zero, as Intl rounds.
  const whole = Math.sign(amount) * Math.round(Math.abs(amount));
  if (locale === 'bn') return formatBanglaTaka(amount, whole);
  if (!Number.isSafeInteger(whole)) {
    takaFormat ??= new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 });
    return takaFormat.format(amount);
  }
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Like Intl, a negative amount keeps its sign even when it rounds to zero.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}BDT${NO_BREAK_SPACE}${digits}`;
}

/** Lakh grouping: the last three digits, then pairs (12,34,567). */
function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

function formatBanglaTaka(amount: number, whole: number): string {
  const digits = Number.isSafeInteger(whole) ? groupLakh(String(Math.abs(whole))) : String(Math.abs(amount));
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}৳${toBanglaDigits(digits)}`;
}
