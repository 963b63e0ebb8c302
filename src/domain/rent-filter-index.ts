import {
  ALL_RENT_CATEGORIES,
  priceBound,
  rentSearchFields,
  rentSearchNeedle,
  searchableText,
  type FilterableRentPost,
  type RentFilters,
  type RentSortKey,
} from './filter-rent-posts';

/**
 * A compact, column-wise copy of just what the rental filters and sorts read, one entry per post. The mirror
 * keeps it as one record beside the posts, so opening the list reads one small record instead of every post,
 * and each filter, sort and page runs in memory over plain arrays; only the posts on the page are then read
 * in full. The rules are those of filter-rent-posts.ts, and the tests hold the two to the same answers.
 */
export interface RentFilterIndex {
  ids: string[];
  users: string[];
  categories: string[];
  costs: number[];
  createdAt: string[];
  rentStartDates: string[];
  /** The fields the search looks through (rentSearchFields), as searchableText, one line each. */
  searchText: string[];
}

/**
 * What the stored index holds, by number: an index stored in another format (an older app's, whose search text
 * left out the city and postal code) is built again from the posts rather than read.
 */
export const RENT_FILTER_INDEX_FORMAT = 2;

export function emptyRentFilterIndex(): RentFilterIndex {
  return { ids: [], users: [], categories: [], costs: [], createdAt: [], rentStartDates: [], searchText: [] };
}

function append(index: RentFilterIndex, post: FilterableRentPost): void {
  index.ids.push(post._id);
  index.users.push(post.user);
  index.categories.push(post.category);
  index.costs.push(post.cost);
  index.createdAt.push(post.createdAt);
  index.rentStartDates.push(post.rentStartDate);
  index.searchText.push(searchableText(rentSearchFields(post).join('\n')));
}

export function buildRentFilterIndex(posts: Iterable<FilterableRentPost>): RentFilterIndex {
  const index = emptyRentFilterIndex();
  for (const post of posts) append(index, post);
  return index;
}

/**
 * True when the index holds the same entry for both versions of a post, so that a change from one to the other
 * (its status, its photos, or nothing at all when the same post is fetched again) leaves the index as it is.
 * Read off one-post indexes, so that it always compares exactly what the index stores.
 */
export function sameRentFilterEntry(a: FilterableRentPost, b: FilterableRentPost): boolean {
  const before = buildRentFilterIndex([a]);
  const after = buildRentFilterIndex([b]);
  return (Object.keys(before) as (keyof RentFilterIndex)[]).every((column) => before[column][0] === after[column][0]);
}

/** The index after some posts changed (put by id) and some were removed. */
export function updateRentFilterIndex(
  index: RentFilterIndex,
  changed: readonly FilterableRentPost[],
  removedIds: readonly string[],
): RentFilterIndex {
  const gone = new Set([...removedIds, ...changed.map((post) => post._id)]);
  const next = emptyRentFilterIndex();
  const columns = Object.keys(next) as (keyof RentFilterIndex)[];
  index.ids.forEach((id, i) => {
    if (gone.has(id)) return;
    for (const column of columns) (next[column] as unknown[]).push(index[column][i]);
  });
  for (const post of changed) append(next, post);
  return next;
}

const SORT_COLUMNS: Record<RentSortKey, keyof RentFilterIndex> = {
  createdAt: 'createdAt',
  cost: 'costs',
  rentStartDate: 'rentStartDates',
};

/** True when the filters let every post through (only the order is chosen): no search, category, price or poster. */
export function selectsEveryRentPost(filters: RentFilters): boolean {
  return (
    rentSearchNeedle(filters.search) === '' &&
    filters.category === ALL_RENT_CATEGORIES &&
    priceBound(filters.minPrice) === undefined &&
    priceBound(filters.maxPrice) === undefined &&
    filters.postedBy === 'all'
  );
}

/** The ids of every post that passes the filters, in the list's order. */
export function queryRentFilterIndex(
  index: RentFilterIndex,
  filters: RentFilters,
  selfId: string | undefined,
): string[] {
  const search = rentSearchNeedle(filters.search);
  const min = priceBound(filters.minPrice);
  const max = priceBound(filters.maxPrice);
  // A search never spans two fields; one typed into a single-line box cannot contain the line break anyway.
  const found = search.includes('\n')
    ? (text: string) => text.split('\n').some((field) => field.includes(search))
    : (text: string) => text.includes(search);
  const matches: number[] = [];
  for (let i = 0; i < index.ids.length; i += 1) {
    if (search && !found(index.searchText[i]!)) continue;
    if (filters.category !== ALL_RENT_CATEGORIES && index.categories[i] !== filters.category) continue;
    const cost = index.costs[i]!;
    if (min !== undefined && cost < min) continue;
    if (max !== undefined && cost > max) continue;
    if (filters.postedBy === 'you' && index.users[i] !== selfId) continue;
    if (filters.postedBy === 'others' && index.users[i] === selfId) continue;
    matches.push(i);
  }
  const keys = index[SORT_COLUMNS[filters.sortBy]] as (string | number)[];
  const direction = filters.sortOrder === 'asc' ? 1 : -1;
  matches.sort((a, b) => {
    const byKey = compare(keys[a]!, keys[b]!);
    return direction * (byKey !== 0 ? byKey : compare(index.ids[a]!, index.ids[b]!));
  });
  return matches.map((i) => index.ids[i]!);
}

function compare(a: string | number, b: string | number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}
