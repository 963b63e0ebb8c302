import { describe, expect, it } from 'vitest';
import { alertFrequencyWords, alertSummary, alertSummaryParts } from './alert-words';

const places: Record<string, string> = { 'ar-mirpur-10': 'Mirpur 10, Dhaka' };
const placeLabel = (id: string) => places[id];

describe('an alert in words', () => {
  it('names the kind, the category, the place, the price range and the search, in that order', () => {
    expect(
      alertSummaryParts(
        'rent',
        { category: 'flat', placeId: 'ar-mirpur-10', minPrice: 10000, maxPrice: 20000, q: ' balcony ' },
        placeLabel,
        'en',
      ),
    ).toEqual(['Homes to rent', 'Flat', 'Mirpur 10, Dhaka', 'BDT\u00a010,000 to BDT\u00a020,000', 'with “balcony”']);
  });

  it('says anywhere and any price when those are not filtered, and gives one bound alone', () => {
    expect(alertSummary('service', {}, placeLabel, 'en')).toBe('Services · anywhere · any price');
    expect(alertSummaryParts('service', { category: 'Maid', minPrice: 500 }, placeLabel, 'en')).toEqual([
      'Services',
      'Maid',
      'anywhere',
      'from BDT\u00a0500',
    ]);
    expect(alertSummaryParts('rent', { maxPrice: 15000 }, placeLabel, 'en').at(-1)).toBe('up to BDT\u00a015,000');
  });

  it('leaves out a place it cannot name yet rather than read it as anywhere', () => {
    expect(alertSummaryParts('rent', { placeId: 'ds-99' }, placeLabel, 'en')).toEqual(['Homes to rent', 'any price']);
  });

  it('speaks Bangla with Bangla digits and names', () => {
    const parts = alertSummaryParts('service', { category: 'Plumber', maxPrice: 2000 }, placeLabel, 'bn');
    expect(parts[0]).toBe('সেবা');
    expect(parts[1]).not.toBe('Plumber');
    expect(parts.at(-1)).toContain('২,০০০');
    expect(alertFrequencyWords('daily', 'bn')).toBe('প্রতিদিন সকাল ৯টায়');
    expect(alertFrequencyWords('instant', 'en')).toBe('instant');
  });
});
