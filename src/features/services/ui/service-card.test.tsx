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

  it('speaks English on an English page', () => {
    const html = render();
    expect(html).toContain('Plumber');
    expect(html).toContain('BDT\u00a012,500 - BDT\u00a020,000');
    expect(html).toContain('★ 4.5/5');
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html).toContain('See Reviews (2)');
    expect(html).toContain('Day Time');
  });

  it('speaks Bangla, with Bangla digits and taka, on a Bangla page', () => {
    overwriteGetLocale(() => 'bn');
    const html = render();
    expect(html).toContain('প্লাম্বার');
    expect(html).toContain('৳১২,৫০০ - ৳২০,০০০');
    expect(html).toContain('★ ৪.৫/৫');
    expect(html).toContain('রিভিউ দেখুন (২)');
    expect(html).toContain('দিনের বেলা');
    expect(html).toContain('ঠিকানা');
    expect(html).toContain('সক্রিয়');
    expect(html).not.toContain('See Reviews');
    // The data stays as it was written.
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
