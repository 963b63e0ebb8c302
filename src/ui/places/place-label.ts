import type { Locale } from '@/i18n/locale';
import { placeName } from '@/domain/places/place-display';
import type { PlaceIndex } from '@/domain/places/place-tree';
import { m } from '@/i18n/generated/messages.js';

/**
 * A chosen place as a filter's button or a chip reads it: "Dhanmondi, Dhaka", "Dhaka district", "Sylhet
 * division". Reads the index it is given and imports no value of the tree's module: the lists import this with
 * their first screen, and the tree loads only when a place is to be named (./use-place-names.ts).
 */
export function placeLabel(index: PlaceIndex, id: string, locale: Locale): string | undefined {
  const place = index.byId.get(id);
  if (!place) return undefined;
  const own = placeName(place, locale);
  if (place.kind === 'division') return `${own} ${m.ui_places_kind_division()}`;
  if (place.kind === 'district') return `${own} ${m.ui_places_kind_district()}`;
  const district = index.byId.get(place.districtId);
  const districtName = district ? placeName(district, locale) : '';
  return districtName && districtName !== own ? `${own}, ${districtName}` : own;
}
