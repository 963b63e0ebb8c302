import { describe, expect, it } from 'vitest';
import type { Locale } from '@/i18n/locale';
import { bundledPlaceIndex, placeSummary } from './places/place-tree';
import { rentAdTitle } from './rent-post';
import { makeRentPost } from './rent-post.fixtures';
import { rentShareText } from './rent-share';

const mirpur = placeSummary(bundledPlaceIndex(), 'ar-mirpur')!;
const withPlace = makeRentPost({ category: 'flat', city: 'Dhaka', placeId: mirpur.id, place: mirpur, cost: 18000 });
// An ad posted before places, whose typed city no place matched.
const withoutPlace = makeRentPost({ category: 'office', city: ' Dhaka ', placeId: null, place: null });
const noCity = makeRentPost({ category: 'store', city: '', place: undefined });

describe("an ad's title", () => {
  it.each<[string, ReturnType<typeof makeRentPost>, Locale, string]>([
    ['with a place, in Bangla', withPlace, 'bn', 'ফ্ল্যাট, মিরপুর, ঢাকা'],
    ['with a place, in English', withPlace, 'en', 'Flat, Mirpur, Dhaka'],
    ['without a place, in Bangla: the city as typed', withoutPlace, 'bn', 'অফিস, Dhaka'],
    ['without a place, in English', withoutPlace, 'en', 'Office, Dhaka'],
    ['without a place or a city', noCity, 'bn', 'দোকান'],
  ])('names the type, area and district %s', (_, post, locale, title) => {
    expect(rentAdTitle(post, locale)).toBe(title);
  });

  it('names an upazila with its district, and a place named as its district once', () => {
    const index = bundledPlaceIndex();
    const savar = placeSummary(index, index.tree.upazilas.find((place) => place.name === 'Savar')!.id)!;
    expect(rentAdTitle({ category: 'flat', city: '', place: savar }, 'en')).toBe('Flat, Savar, Dhaka');
    expect(rentAdTitle({ category: 'flat', city: '', place: { ...savar, name: 'Dhaka' } }, 'en')).toBe('Flat, Dhaka');
  });
});

describe('the text a shared ad carries', () => {
  it('names the type, area and price in the sharer’s language', () => {
    expect(rentShareText(withPlace, 'bn')).toBe('ফ্ল্যাট, মিরপুর, ঢাকা — ৳১৮,০০০/মাস');
    expect(rentShareText(withPlace, 'en')).toBe('Flat, Mirpur, Dhaka — BDT\u00a018,000/monthly');
  });
});
