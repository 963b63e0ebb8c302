import { nearestPlaces, type Position } from '@/domain/places/nearest-place';
import { searchNearPlaces } from '@/domain/places/place-near';
import { searchPlaces } from '@/domain/places/place-search';
import { isPostablePlace, placePath, type Place, type PlaceIndex } from '@/domain/places/place-tree';

/**
 * What the place picker (./place-picker.tsx) does with each choice, as pure functions: the picker only keeps the
 * state and draws it.
 *
 * `postable`: only an area or upazila is a value (an ad's place); a division or district chosen only narrows the
 * lists. `any`: the deepest place chosen is the value, whatever its level (a list's filter).
 */

export type PlacePickerMode = 'postable' | 'any';

/** The division and district the lists stand on. */
export interface Trail {
  division: string;
  district: string;
}

/** What a choice leaves: the lists' trail and the picker's value. */
export interface Choice {
  trail: Trail;
  value: string | undefined;
}

export function trailOf(index: PlaceIndex, id: string | undefined): Trail {
  const path = id ? placePath(index, id) : undefined;
  return { division: path?.division?.id ?? '', district: path?.district?.id ?? '' };
}

/** A place taken from the type-ahead or found by "Use my location". */
export function choosePlace(index: PlaceIndex, mode: PlacePickerMode, place: Place): Choice {
  const trail = trailOf(index, place.id);
  return { trail, value: mode === 'any' || isPostablePlace(place) ? place.id : undefined };
}

export type ListLevel = 'division' | 'district' | 'area';

/** A step of the three lists ('' is the list's first, empty option). */
export function chooseInList(mode: PlacePickerMode, level: ListLevel, id: string, trail: Trail): Choice {
  const next: Trail =
    level === 'division' ? { division: id, district: '' } : level === 'district' ? { ...trail, district: id } : trail;
  if (level === 'area' && id) return { trail: next, value: id };
  if (mode === 'postable') return { trail: next, value: undefined };
  return { trail: next, value: (level === 'area' ? '' : id) || next.district || next.division || undefined };
}

/** The type-ahead's places for a text, leaving out those `exclude` holds (a service's areas already chosen). */
/**
 * The type-ahead's places for a query, and whether they are only near it: when no name holds the query
 * ("mirpor", "uttra"), the places whose names are a letter or two from it are offered instead (issue 39).
 */
export function typeAheadResults(
  index: PlaceIndex,
  query: string,
  exclude: ReadonlySet<string>,
  limit: number,
): { places: Place[]; near: boolean } {
  const keep = (places: Place[]) => places.filter((place) => !exclude.has(place.id)).slice(0, limit);
  const found = keep(searchPlaces(index, query, { limit: limit + exclude.size }));
  if (found.length > 0) return { places: found, near: false };
  return { places: keep(searchNearPlaces(index, query, { limit: limit + exclude.size })), near: true };
}

export type Located = { kind: 'area'; place: Place } | { kind: 'district'; place: Place } | { kind: 'outside' };

/**
 * "Use my location": the nearest area (unless it is excluded, then its district) or district. The position is
 * only compared here, never kept.
 */
export function locatePlace(index: PlaceIndex, position: Position, exclude: ReadonlySet<string>): Located {
  const found = nearestPlaces(index.tree, position);
  if (!found) return { kind: 'outside' };
  if (found.area && !exclude.has(found.area.id)) return { kind: 'area', place: found.area };
  return { kind: 'district', place: found.district };
}
