import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RENT_FILTERS } from '@/domain/filter-rent-posts';
import { bundledPlaceIndex, placeSummary } from '@/domain/places/place-tree';
import type { RentPost } from '@/domain/rent-post';
import { makeRentPost } from '@/domain/rent-post.fixtures';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { RentCard } from './rent-card';
import { RentFiltersPanel } from './rent-filters-panel';

const photos = [1, 2, 3, 4].map((n) => `/uploads/rent/00000000-0000-4000-8000-00000000000${n}.webp`);
const post = makeRentPost({
  category: 'office',
  cost: 45000,
  rentStartDate: '2030-01-15',
  imageUrls: photos,
  thumbnailUrls: [],
});

/** The words a person reads: the text between tags, and the alternative texts and labels. */
const textOf = (html: string) =>
  [...html.matchAll(/(?:alt|aria-label|placeholder)="([^"]*)"/g)].map((match) => match[1]).join(' ') +
  html.replace(/<[^>]+>/g, ' ');

const card = (shown: RentPost = post) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RentCard post={shown} index={10} />
    </MemoryRouter>,
  );
const panel = () =>
  renderToStaticMarkup(
    <RentFiltersPanel
      filters={{ ...DEFAULT_RENT_FILTERS, category: 'flat', minPrice: '100' }}
      onChange={() => {}}
      signedIn
    />,
  );

describe('the rent card and filters in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('shows the card in English as the spec words it', () => {
    const html = card();
    expect(html).toContain('BDT\u00a045,000');
    expect(html).toContain('/monthly');
    expect(html).toContain('Available from');
    expect(html).toContain('alt="Office photo 1"');
    expect(html).toContain('aria-label="1 more photos"');
  });

  it('shows the card in Bangla: words, taka, digits and date', () => {
    overwriteGetLocale(() => 'bn');
    const html = card();
    expect(html).toContain('৳৪৫,০০০');
    expect(html).toContain('/মাস');
    expect(html).toContain('অফিস');
    expect(html).toContain('খালি আছে');
    expect(html).toContain('থেকে পাওয়া যাবে');
    expect(html).toContain('২০৩০');
    expect(html).toContain('alt="অফিসের ছবি ১"');
    expect(html).toContain('+১');
    // Only the ad's own words (its street and, without a place, its city as typed) stay as written.
    expect(textOf(html).replace(post.addressLine, '').replace(post.city, '')).not.toMatch(/[A-Za-z]/);
  });

  it('names the area and district from the place tree in the page’s language, apart from the street (issue 39)', () => {
    const mirpur = placeSummary(bundledPlaceIndex(), 'ar-mirpur')!;
    const placed = { ...post, addressLine: 'House 4, Road 12, Section 6', placeId: mirpur.id, place: mirpur };
    expect(card(placed)).toContain('<h2 class="rent-card__place">Mirpur, Dhaka</h2>');
    overwriteGetLocale(() => 'bn');
    const html = card(placed);
    expect(html).toContain('<h2 class="rent-card__place">মিরপুর, ঢাকা</h2>');
    expect(html).toContain('<p class="rent-card__street">House 4, Road 12, Section 6</p>');
  });

  it('labels the filters in Bangla, with the count of filters in use in Bangla digits', () => {
    expect(panel()).toContain('Filters &amp; sort (2)');
    overwriteGetLocale(() => 'bn');
    const html = panel();
    expect(html).toContain('ফিল্টার ও সাজান (২)');
    expect(html).toContain('placeholder="ঠিকানা, বিবরণ বা বাসার ধরন"');
    expect(html).toContain('ফ্ল্যাট');
    expect(html).toContain('সব ফিল্টার মুছুন');
    expect(textOf(html)).not.toMatch(/[A-Za-z]/);
  });
});
