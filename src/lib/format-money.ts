/** Taka amounts as people in Bangladesh read them: "BDT 12,500" style, no decimals. */
const takaFormat = new Intl.NumberFormat('en-BD', { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 });

export function formatTaka(amount: number): string {
  return takaFormat.format(amount);
}
