import { API_BASE_PATH } from '@/domain/constants';
import { filterRentPosts, firstPages, RENT_PAGE_SIZE, type RentFilters } from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import type { SyncDelta } from '@/domain/sync-cursor';
import { nextSyncRequest, requestAfterPage, type SyncRequest } from '@/domain/sync-pages';
import { applyRentPage } from '@/features/rent/api/rent-posts-source';
import { countRentPosts, queryRentPosts } from '@/features/rent/db/rent-db';
import { correctedPlaceSearch } from '@/ui/places/search-correction';

/**
 * The query benchmark's page (built by scripts/bench/query-bench.ts into the stack's build folder, so it is
 * served on the app's origin). It imports the app's own mirror module, fills it by the real first sync
 * (`?since=0`, page by page through applyRentPage) and times queries exactly as /main/rent runs them: the first
 * page is `queryRentPosts(filters, self, 12, correctedPlaceSearch)`, the next with 24. Beside it, the old way:
 * the whole list over HTTP on every visit, then the same domain functions in memory.
 */

export interface QueryTimes {
  first: number[];
  next: number[];
  /** Matching posts per combination (the same for both ways, or the comparison would be unfair). */
  totals: number[];
  /** The search the mirror put right per combination (a slip in a place name), '' where it did not. */
  corrected: string[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The first sync, page by page as the app reads it (src/lib/mirror/paged-sync.ts), timing the fetches and the stores. */
async function fill(token: string) {
  let fetchMs = 0;
  let applyMs = 0;
  let request: SyncRequest | undefined = nextSyncRequest(undefined, undefined);
  while (request) {
    const started = performance.now();
    const url = `${API_BASE_PATH}/rent/rent-posts?since=${encodeURIComponent(request.since)}`;
    const response = await fetch(url, { headers: bearer(token) });
    if (!response.ok) throw new Error(`first sync: ${response.status}`);
    const page = ((await response.json()) as { data: SyncDelta<RentPost> }).data;
    const fetched = performance.now();
    if (!(await applyRentPage(page, request, Date.now()))) throw new Error('the first sync was taken over');
    applyMs += performance.now() - fetched;
    fetchMs += fetched - started;
    request = requestAfterPage(request, page);
  }
  return { posts: await countRentPosts(), fetchMs, applyMs };
}

/** The first query after a page load: opens the database, then filters, sorts and pages. */
async function open(selfId: string, filters: RentFilters) {
  const started = performance.now();
  const page = await queryRentPosts(filters, selfId, RENT_PAGE_SIZE, correctedPlaceSearch);
  return { ms: performance.now() - started, shown: page.posts.length, total: page.total };
}

/** Up to `rounds` passes over the combinations, stopping early once `budgetMs` have gone by. */
async function query(
  selfId: string,
  combinations: RentFilters[],
  rounds: number,
  budgetMs: number,
): Promise<QueryTimes> {
  const times: QueryTimes = { first: [], next: [], totals: [], corrected: [] };
  const deadline = performance.now() + budgetMs;
  for (let round = 0; round < rounds; round += 1) {
    for (const filters of combinations) {
      if (performance.now() > deadline) return times;
      let started = performance.now();
      const page = await queryRentPosts(filters, selfId, RENT_PAGE_SIZE, correctedPlaceSearch);
      times.first.push(performance.now() - started);
      started = performance.now();
      await queryRentPosts(filters, selfId, 2 * RENT_PAGE_SIZE, correctedPlaceSearch);
      times.next.push(performance.now() - started);
      if (round === 0) {
        times.totals.push(page.total);
        times.corrected.push(page.correctedSearch ?? '');
      }
    }
  }
  return times;
}

/** The old way's visit: download the whole list, parse it, filter, sort and show the first page. */
async function oldVisit(token: string, selfId: string, filters: RentFilters) {
  const started = performance.now();
  const response = await fetch(`${API_BASE_PATH}/rent/rent-posts`, { headers: bearer(token), cache: 'no-store' });
  if (!response.ok) throw new Error(`full list: ${response.status}`);
  const posts = ((await response.json()) as { data: RentPost[] }).data;
  const downloaded = performance.now();
  const shown = firstPages(filterRentPosts(posts, filters, selfId), 1);
  const done = performance.now();
  return { ms: done - started, downloadMs: downloaded - started, shown: shown.length, posts: posts.length };
}

/** The old way's filter changes once the list is in memory: the same domain functions, then a page of them. */
async function oldQuery(token: string, selfId: string, combinations: RentFilters[], rounds: number) {
  const response = await fetch(`${API_BASE_PATH}/rent/rent-posts`, { headers: bearer(token), cache: 'no-store' });
  const posts = ((await response.json()) as { data: RentPost[] }).data;
  const times: QueryTimes = { first: [], next: [], totals: [], corrected: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const filters of combinations) {
      let started = performance.now();
      const matches = filterRentPosts(posts, filters, selfId);
      firstPages(matches, 1);
      times.first.push(performance.now() - started);
      // The filtered list stays in memory: the next page is a longer slice of it.
      started = performance.now();
      firstPages(matches, 2);
      times.next.push(performance.now() - started);
      if (round === 0) times.totals.push(matches.length);
    }
  }
  return times;
}

const api = { fill, open, query, oldVisit, oldQuery };
export type QueryBenchApi = typeof api;
declare global {
  interface Window {
    /** The benchmark's calls (scripts/bench/query-bench.ts calls them by name). */
    bashaBench?: QueryBenchApi;
  }
}
window.bashaBench = api;
document.title = 'Basha query benchmark: ready';
