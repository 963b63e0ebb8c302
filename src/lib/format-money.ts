/**
 * Taka amounts as people in Bangladesh read them: "BDT 12,500" style, no decimals.
 *
 * Written out by hand, not with Intl.NumberFormat: a page's first use of Intl costs a phone tens of milliseconds
 * while the browser loads its locale data, and every card shows a price. The output is the same as Intl's
 * `en-BD` BDT currency format with no decimals (format-money.test.ts compares them); amounts it does not cover
 * (not finite, or beyond exact integers) go to Intl.
 */
let takaFormat: Intl.NumberFormat | undefined;
/** Between the currency and the amount, as Intl writes it: the two never part at a line end. */
const NO_BREAK_SPACE = '\u00a0';

export function formatTaka(amount: number): string {
  // Rounded half away from zero, as Intl rounds.
  const whole = Math.sign(amount) * Math.round(Math.abs(amount));
  if (!Number.isSafeInteger(whole)) {
    takaFormat ??= new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 });
    return takaFormat.format(amount);
  }
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Like Intl, a negative amount keeps its sign even when it rounds to zero.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}BDT${NO_BREAK_SPACE}${digits}`;
}
