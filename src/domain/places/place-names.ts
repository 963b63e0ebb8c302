import type { PlaceIndex } from './place-tree';

/**
 * Matching place names as people write them, in English or Bangla: "Dhanmondi 27", "ধানমন্ডি", "CHITTAGONG",
 * "Mirpur-১০". Text is compared in a normal form (normalisePlaceText), and each name is known under its other
 * common English spellings (Chittagong / Chattogram, Bogra / Bogura, ...). The same table of names and the same
 * rules move the free-text city and service areas of old rows to places (the migration
 * server/db/migrations/*_places_backfill.sql is generated from placeNameTable and written to agree with
 * matchPlaceText; server/places/backfill-sql.test.ts checks both).
 */

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * The normal form of a place text: NFC; Bangla digits as Latin ones; ASCII letters lower-cased; apostrophes and
 * the zero-width joiners of Bangla spelling dropped; every other character but a-z, 0-9 and the Bengali block a
 * space; spaces collapsed and trimmed. Kept to what PostgreSQL does alike (normalize, translate, regexp_replace).
 */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[০-৯]/g, (digit) => String(BANGLA_DIGITS.indexOf(digit)))
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/['’\u200c\u200d]/g, '')
    .replace(/[^a-z0-9\u0980-\u09ff]+/g, ' ')
    .trim();
}

/** Words spelt more than one way in place names, each group with the spelling the data uses first. */
const SPELLING_GROUPS: readonly (readonly string[])[] = [
  ['chattogram', 'chittagong', 'chattagram', 'ctg'],
  ['dhaka', 'dacca'],
  ['bogura', 'bogra'],
  ['comilla', 'cumilla'],
  ['jashore', 'jessore'],
  ['barisal', 'barishal'],
  ['jhalakathi', 'jhalokati', 'jhalokathi'],
  ['moulvibazar', 'maulvibazar'],
  ['netrokona', 'netrakona'],
  ['khagrachhari', 'khagrachari'],
  ['coxsbazar', 'coxs bazar'],
  ['chapainawabganj', 'chapai nawabganj'],
  ['brahmanbaria', 'b baria'],
];

const VARIANTS_OF = new Map<string, readonly string[]>();
for (const group of SPELLING_GROUPS) for (const word of group) VARIANTS_OF.set(word, group);

/** Every spelling of a normalised name: each variant word replaced by each of its other spellings. */
export function spellingsOf(normalisedName: string): string[] {
  let forms = [''];
  for (const word of normalisedName.split(' ')) {
    const variants = VARIANTS_OF.get(word) ?? [word];
    forms = forms.flatMap((form) => variants.map((variant) => (form ? `${form} ${variant}` : variant)));
  }
  return forms;
}

/** Every normalised form a place is known by: its names in both languages, other spellings, all variants. */
export function placeNameForms(place: { name: string; bnName: string; aka?: readonly string[] }): string[] {
  const written = [place.name, place.bnName, ...(place.aka ?? [])].map(normalisePlaceText).filter(Boolean);
  return [...new Set(written.flatMap(spellingsOf))];
}

/** One name of an area or upazila, as the matcher (and the migration) knows it. */
export interface PlaceNameEntry {
  /** Normalised (normalisePlaceText). */
  name: string;
  placeId: string;
  /** 0 for an area, 1 for an upazila: an area wins over an upazila of the same text. */
  rank: 0 | 1;
  districtId: string;
}

/** Names shorter than this are too likely to be something else in an address. */
const MIN_NAME_LENGTH = 3;

/**
 * The names of every area and upazila, each naming one place only. A name shared by an area and upazilas is the
 * area's (Mirpur in Dhaka, not the upazila in Kushtia: ads are in the cities); a name shared by places of one
 * kind (Kaliganj, four upazilas) names none and is left out. Sorted, so that a generated migration is stable.
 */
export function placeNameTable(index: PlaceIndex): PlaceNameEntry[] {
  const byName = new Map<string, PlaceNameEntry[]>();
  const add = (
    place: { id: string; name: string; bnName: string; aka?: string[]; districtId: string },
    rank: 0 | 1,
  ) => {
    for (const name of placeNameForms(place)) {
      if (name.length < MIN_NAME_LENGTH) continue;
      const entries = byName.get(name) ?? [];
      if (!entries.some((entry) => entry.placeId === place.id))
        entries.push({ name, placeId: place.id, rank, districtId: place.districtId });
      byName.set(name, entries);
    }
  };
  for (const area of index.tree.areas) add(area, 0);
  for (const upazila of index.tree.upazilas) add(upazila, 1);
  const table: PlaceNameEntry[] = [];
  for (const entries of byName.values()) {
    const best = Math.min(...entries.map((entry) => entry.rank));
    const kept = entries.filter((entry) => entry.rank === best);
    if (kept.length === 1 && kept[0]) table.push(kept[0]);
  }
  return table.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** One name of a district (its own and its division's names count for it where they agree, e.g. Dhaka). */
export interface DistrictNameEntry {
  name: string;
  districtId: string;
}

export function districtNameTable(index: PlaceIndex): DistrictNameEntry[] {
  const table: DistrictNameEntry[] = [];
  for (const district of index.tree.districts)
    for (const name of placeNameForms(district))
      if (name.length >= MIN_NAME_LENGTH) table.push({ name, districtId: district.id });
  return table.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.districtId < b.districtId ? -1 : 1));
}

/** Where a name stands as whole words in a normalised text, padded with spaces; -1 when it does not. */
function wordPosition(paddedText: string, name: string): number {
  return paddedText.indexOf(` ${name} `);
}

interface Found<T> {
  entry: T;
  position: number;
}

/**
 * The best of the names found in a text: lowest rank first, then the one that starts last (in "Mirpur Road,
 * Dhanmondi" the place is named after the road), then the longest, then by id. The SQL of the migration orders
 * its candidates the same way.
 */
function bestOf<T extends { name: string; rank?: number }>(
  found: Found<T>[],
  idOf: (entry: T) => string,
): T | undefined {
  found.sort(
    (a, b) =>
      (a.entry.rank ?? 0) - (b.entry.rank ?? 0) ||
      b.position - a.position ||
      b.entry.name.length - a.entry.name.length ||
      (idOf(a.entry) < idOf(b.entry) ? -1 : 1),
  );
  return found[0]?.entry;
}

function findIn<T extends { name: string }>(text: string, table: readonly T[]): Found<T>[] {
  const padded = ` ${normalisePlaceText(text)} `;
  const found: Found<T>[] = [];
  for (const entry of table) {
    const position = wordPosition(padded, entry.name);
    if (position >= 0) found.push({ entry, position });
  }
  return found;
}

/** The area or upazila a free text names, or undefined. */
export function matchPlaceText(text: string, table: readonly PlaceNameEntry[]): string | undefined {
  return bestOf(findIn(text, table), (entry) => entry.placeId)?.placeId;
}

/** The district a free text names ("Dhaka", "চট্টগ্রাম", "Chittagong"), or undefined. */
export function matchDistrictText(text: string, table: readonly DistrictNameEntry[]): string | undefined {
  return bestOf(findIn(text, table), (entry) => entry.districtId)?.districtId;
}

export interface PlaceTables {
  places: readonly PlaceNameEntry[];
  districts: readonly DistrictNameEntry[];
}

export function placeTables(index: PlaceIndex): PlaceTables {
  return { places: placeNameTable(index), districts: districtNameTable(index) };
}

/**
 * The place of an old rent ad from its free text: its city when that names an area or upazila; else, when the
 * city names a district ("Dhaka"), an area of that district named in the address line ("Road 7, Dhanmondi").
 * Only areas are looked for in the address: an upazila's name may be any word of an address ("Tala").
 */
export function matchRentPostPlace(
  post: { city: string; addressLine: string },
  tables: PlaceTables,
): string | undefined {
  const fromCity = matchPlaceText(post.city, tables.places);
  if (fromCity) return fromCity;
  const districtId = matchDistrictText(post.city, tables.districts);
  if (!districtId) return undefined;
  const areas = tables.places.filter((entry) => entry.rank === 0 && entry.districtId === districtId);
  return matchPlaceText(post.addressLine, areas);
}

/** The places of an old service from its free-text service areas, in their order, each once. */
export function matchServicePlaces(serviceAreas: readonly string[], tables: PlaceTables): string[] {
  const ids: string[] = [];
  for (const area of serviceAreas) {
    const id = matchPlaceText(area, tables.places);
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The `serviceArea` of a service named by its places (the offer and edit forms ask for places only): each place's
 * English name as the tree gives it ("Mirpur 10", "Savar"), in their order, each name once, leaving out an id the
 * tree does not have. What every reader of `serviceArea` (the API's answers, share pages, search) shows and finds;
 * matchServicePlaces reads the places back from it.
 */
export function serviceAreasOfPlaces(placeIds: readonly string[], index: PlaceIndex): string[] {
  const names: string[] = [];
  for (const id of placeIds) {
    const name = index.byId.get(id)?.name;
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
