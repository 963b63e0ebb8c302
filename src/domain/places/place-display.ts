import { localeInfo, type Locale } from '@/i18n/locale';
import type { PlaceNames, PlaceSummary } from './place-tree';

/**
 * How a place reads on screen and how a list's place filter applies to an ad or a service. No tree here: cards and
 * the lists' filters work from the `place` summaries the answers carry (district and division included), so the
 * lists' first screen does not load the tree.
 */

/** A place's name in the page's language (the name it reads: src/i18n/locale.ts), else its English name. */
export function placeName(place: Pick<PlaceNames, 'name' | 'bnName'>, locale: Locale): string {
  return place[localeInfo(locale).placeName] || place.name;
}

/** "Dhanmondi, Dhaka": an area or upazila with its district, in the page's language. */
export function placeLine(place: Pick<PlaceSummary, 'name' | 'bnName' | 'district'>, locale: Locale): string {
  const own = placeName(place, locale);
  const district = placeName(place.district, locale);
  return own === district ? own : `${own}, ${district}`;
}

/**
 * A service's places on a card, each district said once after its areas, in the order chosen: "Mirpur, Uttara,
 * Dhaka; Agrabad, Chattogram". Empty when there are none (a service offered before places keeps its own words).
 */
export function placesLine(
  places: readonly Pick<PlaceSummary, 'name' | 'bnName' | 'district'>[],
  locale: Locale,
): string {
  const byDistrict = new Map<string, { district: string; names: string[] }>();
  for (const place of places) {
    const district = placeName(place.district, locale);
    const group = byDistrict.get(place.district.id) ?? { district, names: [] };
    const own = placeName(place, locale);
    if (own !== district) group.names.push(own);
    byDistrict.set(place.district.id, group);
  }
  return [...byDistrict.values()].map(({ district, names }) => [...names, district].join(', ')).join('; ');
}

/** The shape of a place id (`dv-6`, `ds-47`, `up-365`, `ar-dhanmondi`): what a list's address may name. */
const PLACE_ID = /^(?:dv|ds|up)-\d{1,4}$|^ar-[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PLACE_FILTER_MAX_LENGTH = 64;

export function isPlaceId(text: string): boolean {
  return text.length <= PLACE_FILTER_MAX_LENGTH && PLACE_ID.test(text);
}

/** True when a place (an ad's, or one a service serves) is the filter's place or lies inside it. */
export function placeInFilter(place: PlaceSummary | null | undefined, filterId: string): boolean {
  if (!place) return false;
  return place.id === filterId || place.district.id === filterId || place.division.id === filterId;
}

/**
 * The names a search looks through for a place: its own and its district's, in both languages. Not the division's:
 * "Dhaka" is also a division of 13 districts, and a search for it means the city.
 */
export function placeSearchNames(place: PlaceSummary | null | undefined): string[] {
  if (!place) return [];
  return [place.name, place.bnName, place.district.name, place.district.bnName];
}

/**
 * An ad's address as a card and the details page read it: the address line, then the area and the district in
 * the page's language, leaving out a name the line already holds ("Road 7, Dhanmondi" + Dhanmondi, Dhaka reads
 * "Road 7, Dhanmondi, Dhaka", not "Dhanmondi" twice).
 */
export function addressWithPlace(
  addressLine: string,
  place: Pick<PlaceSummary, 'name' | 'bnName' | 'district'>,
  locale: Locale,
): string {
  const line = addressLine.trim();
  const held = line.toLowerCase();
  const names = [placeName(place, locale), placeName(place.district, locale)].filter(
    (name, i, all) => name && all.indexOf(name) === i && !held.includes(name.toLowerCase()),
  );
  return [line, ...names].filter(Boolean).join(', ');
}
