import { normalisePlaceText, placeNameForms } from './place-names';
import { isPlaceWithin, type Place, type PlaceIndex, type PlaceKind } from './place-tree';

/**
 * Type-ahead over place names in both languages: "dhan", "ধান", "chitt" and "Bogra" find Dhanmondi, ধানমন্ডি,
 * Chattogram and Bogura. A place whose name is the text comes first, then names that start with it, then names
 * with a word that starts with it, then names that hold it; ties go to areas, then districts, upazilas and
 * divisions, then shorter names.
 */

export interface PlaceSearchOptions {
  /** Only places of these kinds (all kinds by default). */
  kinds?: readonly PlaceKind[];
  /** Only places inside this division or district (or the place itself). */
  within?: string;
  /** At most this many places (10 by default). */
  limit?: number;
}

/** Which kind of place comes first among equals: areas, then districts, upazilas and divisions. */
export const KIND_ORDER: Record<PlaceKind, number> = { area: 0, district: 1, upazila: 2, division: 3 };
export const DEFAULT_PLACE_LIMIT = 10;

// The forms of each place's names, worked out once per tree (a type-ahead asks on every key).
const formsByIndex = new WeakMap<PlaceIndex, ReadonlyMap<Place, readonly string[]>>();
function formsOf(index: PlaceIndex): ReadonlyMap<Place, readonly string[]> {
  let forms = formsByIndex.get(index);
  if (!forms) {
    forms = new Map([...index.byId.values()].map((place) => [place, placeNameForms(place)]));
    formsByIndex.set(index, forms);
  }
  return forms;
}

/** 0 exact, 1 starts with, 2 a word starts with, 3 holds; undefined when no form holds the query. */
function scoreOf(forms: readonly string[], query: string): number | undefined {
  let best: number | undefined;
  for (const form of forms) {
    const score =
      form === query
        ? 0
        : form.startsWith(query)
          ? 1
          : form.includes(` ${query}`)
            ? 2
            : form.includes(query)
              ? 3
              : undefined;
    if (score !== undefined && (best === undefined || score < best)) best = score;
  }
  return best;
}

export function searchPlaces(index: PlaceIndex, text: string, options: PlaceSearchOptions = {}): Place[] {
  const query = normalisePlaceText(text);
  if (!query) return [];
  const limit = options.limit ?? DEFAULT_PLACE_LIMIT;
  const found: { place: Place; score: number }[] = [];
  for (const [place, forms] of formsOf(index)) {
    if (options.kinds && !options.kinds.includes(place.kind)) continue;
    if (options.within && !isPlaceWithin(index, place.id, options.within)) continue;
    const score = scoreOf(forms, query);
    if (score !== undefined) found.push({ place, score });
  }
  found.sort(
    (a, b) =>
      a.score - b.score ||
      KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] ||
      a.place.name.length - b.place.name.length ||
      a.place.name.localeCompare(b.place.name, 'en'),
  );
  return found.slice(0, limit).map((entry) => entry.place);
}
