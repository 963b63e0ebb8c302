/** Money is whole taka (BDT), shown without decimals (shell spec 2.6 and 9). */

const takaFormat = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 });

export function formatTaka(amount: number): string {
  return takaFormat.format(amount);
}
