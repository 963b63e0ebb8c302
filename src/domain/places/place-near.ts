import MiniSearch, { type SearchResult } from 'minisearch';
import { searchKey, searchWords } from '@/domain/search-text';
import { placeNameForms } from './place-names';
import { DEFAULT_PLACE_LIMIT, KIND_ORDER, type PlaceSearchOptions } from './place-search';
import { findPlace, isPlaceWithin, type Place, type PlaceIndex } from './place-tree';

/**
 * Near spellings (issue 39): "mirpor", "dhanmondy" or "uttra" name no place, but are one or two letters from
 * one. MiniSearch's fuzzy search over every form of every place name (searchKey's form, so that মীরপুর and
 * মিরপুর are already one) finds the places a word is near: one letter off for a word of 4 to 6 letters, two for a
 * longer one, none for a shorter one, which is too likely to be near some name by chance. Built once per tree, on
 * the first question: tens of milliseconds for Bangladesh's places. A module of its own, loaded only when a search
 * has found nothing (the place picker, the lists), so that MiniSearch is in no page's first load.
 */
interface NearNames {
  search: MiniSearch<{ id: string; names: string }>;
  /** Every form of every name, one per line: what a word that names a place, or a part of one, is found in. */
  allForms: string;
}

const nearNamesByIndex = new WeakMap<PlaceIndex, NearNames>();
function nearNamesOf(index: PlaceIndex): NearNames {
  let near = nearNamesByIndex.get(index);
  if (!near) {
    const documents = [...index.byId.values()].map((place) => ({
      id: place.id,
      names: placeNameForms(place).map(searchKey).join(' '),
    }));
    const search = new MiniSearch<{ id: string; names: string }>({
      fields: ['names'],
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
    });
    search.addAll(documents);
    near = { search, allForms: documents.map((document) => document.names).join('\n') };
    nearNamesByIndex.set(index, near);
  }
  return near;
}

const nearEnough = (term: string): number | false => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false);

function nearResults(index: PlaceIndex, words: readonly string[]): SearchResult[] {
  if (words.length === 0) return [];
  return nearNamesOf(index).search.search(words.join(' '), { fuzzy: nearEnough, prefix: false });
}

/** The best first: the closest score, then areas, districts, upazilas and divisions, then shorter names. */
function byNearness(index: PlaceIndex) {
  return (a: SearchResult, b: SearchResult): number => {
    const placeA = findPlace(index, String(a.id));
    const placeB = findPlace(index, String(b.id));
    if (!placeA || !placeB) return 0;
    return (
      b.score - a.score || KIND_ORDER[placeA.kind] - KIND_ORDER[placeB.kind] || placeA.name.length - placeB.name.length
    );
  };
}

/**
 * The places whose names are near the text, best first: what the place picker offers ("Did you mean") when
 * searchPlaces finds nothing.
 */
export function searchNearPlaces(index: PlaceIndex, text: string, options: PlaceSearchOptions = {}): Place[] {
  const limit = options.limit ?? DEFAULT_PLACE_LIMIT;
  const places: Place[] = [];
  for (const result of nearResults(index, searchWords(text)).sort(byNearness(index))) {
    const place = findPlace(index, String(result.id));
    if (!place) continue;
    if (options.kinds && !options.kinds.includes(place.kind)) continue;
    if (options.within && !isPlaceWithin(index, place.id, options.within)) continue;
    places.push(place);
    if (places.length === limit) break;
  }
  return places;
}

const BANGLA_LETTER = /[\u0980-\u09ff]/;

/**
 * A list's search with each word that is near a place's name, and in no place's name, put right: "mirpor flat"
 * is "Mirpur flat", "মিরপূর" is already মিরপুর (searchKey) and stays. The name is written in the word's own script.
 * Undefined when no word needed it. A list asks this only when its search found nothing: then a word that is
 * near a place name is far more likely a slip than a word of some listing's text.
 */
export function correctPlaceWords(index: PlaceIndex, query: string): string | undefined {
  const near = nearNamesOf(index);
  let corrected = false;
  const words = searchWords(query).map((word) => {
    if (near.allForms.includes(word) || nearEnough(word) === false || /^\d+$/.test(word)) return word;
    const best = nearResults(index, [word]).sort(byNearness(index))[0];
    const place = best && findPlace(index, String(best.id));
    if (!best || !place) return word;
    const term = best.terms[0] ?? word;
    const name = BANGLA_LETTER.test(word) ? place.bnName : place.name;
    const written = name.split(/\s+/).find((part) => searchKey(part) === term) ?? term;
    corrected = true;
    return written;
  });
  return corrected ? words.join(' ') : undefined;
}
