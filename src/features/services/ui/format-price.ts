import { formatTaka } from '@/i18n/format';

/** "BDT 500 - BDT 2,000", "৳৫০০ - ৳২,০০০": a service's price range in whole taka, in the page's language. */
export function formatPriceRange(minimum: number, maximum: number): string {
  return `${formatTaka(minimum)} - ${formatTaka(maximum)}`;
}
