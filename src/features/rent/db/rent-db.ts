import {
  compareRentPosts,
  rentPostMatcher,
  rentStatusFilterOf,
  rentSearchText,
  selectsEveryRentPost,
  type FilterableRentPost,
  type RentFilters,
} from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import { searchWords } from '@/domain/search-text';
import { createMirror, type MirrorRowsTable } from '@/lib/mirror/create-mirror';
import { hasFields } from '@/lib/mirror/has-fields';

/**
 * The rent posts mirror (decision 0004): IndexedDB database `basha-rent`, store `posts`, one row per live post as
 * `GET /rent/rent-posts` answers it, made by the one mirror factory (src/lib/mirror/create-mirror.ts). The
 * list page and its route loader read it through queryRentPosts alone; ../api/rent-posts-source.ts keeps it in
 * step with the server. The indexes are the list's sort keys: the list as it opens (or only re-sorted) walks one
 * and reads no other post.
 */

export const RENT_DB_NAME = 'basha-rent';

/** What the list, the cards and the details page read of a stored post (or of one the server sent). */
export function isRentPost(value: unknown): value is RentPost {
  return hasFields(value, {
    _id: 'string',
    user: 'string',
    category: 'string',
    cost: 'number',
    addressLine: 'string',
    city: 'string',
    postalCode: 'string',
    details: 'string',
    propertyType: 'string',
    createdAt: 'string',
    rentStartDate: 'string',
    imageUrls: 'array',
  });
}

export const rentMirror = createMirror<RentPost>({
  name: RENT_DB_NAME,
  rows: 'posts',
  // `status` counts the Booked ads, so that the list as it opens need not read every post to leave them out.
  indexes: ['createdAt', 'cost', 'rentStartDate', 'status'],
  isRow: isRentPost,
});

export interface RentPage {
  /** The first `limit` matching posts, in order. */
  posts: RentPost[];
  /** How many posts match the filters in all. */
  total: number;
  /** How many posts the mirror holds, whatever the filters: none at all is another empty list than none found. */
  all: number;
  /**
   * The search that found these posts when the one typed found none but for a slip in a place's name ("mirpor
   * flat" found nothing, "Mirpur flat" found these): the page says so.
   */
  correctedSearch?: string;
}

// The search text of each post the mirror answered, kept with the post object: the rows the mirror holds in
// memory are the same objects from query to query, so a search typed letter by letter lowers and normalises each
// post's text once. A post changed is a new object, and the old one's entry goes with it.
const searchTexts = new WeakMap<FilterableRentPost, string>();
function searchTextOf(post: FilterableRentPost): string {
  const kept = searchTexts.get(post);
  if (kept !== undefined) return kept;
  const text = rentSearchText(post);
  searchTexts.set(post, text);
  return text;
}

/**
 * The posts that pass the filters, in order, the first `limit` of them, and how many match in all: the answer
 * `filterRentPosts` (src/domain/filter-rent-posts.ts) gives over the mirror's posts. Given `correct` (the list
 * page passes src/ui/places/search-correction.ts), a search that finds nothing is asked again with its words near a
 * place's name put right, and that answer is given if it finds any. (Passed in, not imported: this module runs in
 * the service worker too, which has no place picker.)
 */
export async function queryRentPosts(
  filters: RentFilters,
  selfId: string | undefined,
  limit: number,
  correct?: (search: string) => Promise<string | undefined>,
): Promise<RentPage> {
  const page = await queryAsTyped(filters, selfId, limit);
  if (!correct || page.total > 0 || page.all === 0 || searchWords(filters.search).length === 0) return page;
  const corrected = await correct(filters.search).catch(() => undefined);
  if (corrected === undefined) return page;
  const correctedPage = await queryAsTyped({ ...filters, search: corrected }, selfId, limit);
  return correctedPage.total > 0 ? { ...correctedPage, correctedSearch: corrected } : page;
}

async function queryAsTyped(filters: RentFilters, selfId: string | undefined, limit: number): Promise<RentPage> {
  const status = rentStatusFilterOf(filters);
  const onlyStatus = selectsEveryRentPost(filters);
  const { rows, total, all } = await rentMirror.query({
    where: onlyStatus && status === 'all' ? undefined : rentPostMatcher(filters, selfId, searchTextOf),
    // The list as it opens leaves out the few Booked ads: they are counted on the status index, so the walk of the
    // sort's index still reads only the posts it shows. (Only the Booked ones are read like any filter: in memory.)
    count: onlyStatus && status === 'available' ? countNotBooked : undefined,
    order: {
      compare: compareRentPosts(filters.sortBy, filters.sortOrder),
      index: filters.sortBy,
      direction: filters.sortOrder,
    },
    limit,
  });
  return { posts: rows, total, all };
}

/** How many posts are not Booked: every post less the Booked ones (whatever fails the row check counts, as in `all`). */
async function countNotBooked(posts: MirrorRowsTable): Promise<number> {
  const [all, booked] = await Promise.all([posts.count(), posts.where('status').equals('Booked').count()]);
  return all - booked;
}

export const getRentPost = (id: string) => rentMirror.get(id);
/** Stores one post as the server answered it (its details page was opened, or it was just posted). */
export const putRentPost = (post: RentPost) => rentMirror.put(post);
export const removeRentPost = (id: string) => rentMirror.remove(id);
export const onRentMirrorChanged = rentMirror.subscribe;

export async function countRentPosts(): Promise<number> {
  return (await rentMirror.query({ limit: 0 })).all;
}
