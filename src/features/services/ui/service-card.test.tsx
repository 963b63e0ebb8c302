import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledPlaceIndex, placeSummary } from '@/domain/places/place-tree';
import { aReview, aService } from '@/domain/service-test-data';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { ServiceCard } from './service-card';

function render(service = aService({ minimumPrice: 12500, maximumPrice: 20000, ratings: [aReview(4), aReview(5)] })) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ServiceCard service={service} onSeeReviews={() => undefined} />
    </MemoryRouter>,
  );
}

describe('ServiceCard', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  // Each language with its own digits and its own way of writing taka; the data stays as it was written.
  it.each([
    [
      'en',
      [
        'Plumber',
        'BDT\u00a012,500 - BDT\u00a020,000',
        '★ 4.5/5',
        'aria-label="Rated 4.5 out of 5"',
        'See Reviews (2)',
        'Day Time',
      ],
      [],
    ],
    [
      'bn',
      ['প্লাম্বার', '৳১২,৫০০ - ৳২০,০০০', '★ ৪.৫/৫', 'রিভিউ দেখুন (২)', 'দিনের বেলা', 'ঠিকানা', 'সক্রিয়'],
      ['See Reviews'],
    ],
  ] as const)('speaks the page language (%s)', (locale, shown, notShown) => {
    overwriteGetLocale(() => locale);
    const html = render();
    for (const words of shown) expect(html).toContain(words);
    for (const words of notShown) expect(html).not.toContain(words);
    expect(html).toContain('Rahim Chowdhury');
  });

  it('names the places served in the page language, and keeps the written areas of a service without places', () => {
    const index = bundledPlaceIndex();
    const placed = aService({
      serviceArea: ['mirpur 10 and around'],
      servicePlaceIds: ['ar-mirpur', 'ar-uttara'],
      servicePlaces: [placeSummary(index, 'ar-mirpur')!, placeSummary(index, 'ar-uttara')!],
    });
    expect(render(placed)).toContain('<dd>Mirpur, Uttara, Dhaka</dd>');
    expect(render(placed)).not.toContain('mirpur 10 and around');
    overwriteGetLocale(() => 'bn');
    expect(render(placed)).toContain('<dd>মিরপুর, উত্তরা, ঢাকা</dd>');
    const unplaced = aService({ serviceArea: ['Mirpur', 'Pallabi'], servicePlaceIds: [], servicePlaces: [] });
    expect(render(unplaced)).toContain('<dd>Mirpur, Pallabi</dd>');
  });
});
