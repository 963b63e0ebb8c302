import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import {
  DEFAULT_RENT_FILTERS,
  RENT_SORT_KEYS,
  SORT_ORDERS,
  type RentFilters,
} from '../../src/domain/filter-rent-posts';
import type { Session } from './api';
import type { QueryBenchApi } from './query-page/main';
import { median, round, summarize, type Summary } from './stats';

/**
 * Section a: the local query over the rent mirror in headless chromium, beside the old way (the whole list
 * over HTTP, filtered in memory). The page (query-page/) is built into the stack's build folder, so it runs on
 * the app's origin without touching the app.
 */

export const QUERY_PAGE_PATH = '/bench-query/index.html';

/** Builds the query page of the app in `root` (default: this one; bench:compare builds another checkout's too). */
export async function buildQueryPage(distDir: string, root = process.cwd()): Promise<void> {
  await build({
    configFile: false,
    root: path.resolve(root, 'scripts/bench/query-page'),
    base: '/bench-query/',
    logLevel: 'warn',
    resolve: { alias: { '@': path.resolve(root, 'src') } },
    build: { outDir: path.resolve(distDir, 'bench-query'), emptyOutDir: true, target: 'es2022' },
  });
}

/**
 * Six filter sets, each under every sort key and order: 36 combinations, interleaved (every 7th of the plain
 * product) so that a run cut short by its time limit still covers every filter set and sort.
 */
export function filterCombinations(): RentFilters[] {
  const sets: Partial<RentFilters>[] = [
    {},
    { category: 'flat' },
    { minPrice: '10000', maxPrice: '40000' },
    { search: 'dhanmondi' },
    { postedBy: 'you' },
    { category: 'office', minPrice: '30000', search: 'lift' },
  ];
  const product = sets.flatMap((set) =>
    RENT_SORT_KEYS.flatMap((sortBy) =>
      SORT_ORDERS.map((sortOrder) => ({ ...DEFAULT_RENT_FILTERS, ...set, sortBy, sortOrder })),
    ),
  );
  return product.map((_, i) => product[(i * 7) % product.length] as RentFilters);
}

/**
 * The place filters of issue 19 (an area, a district, a division, an upazila, each with other filters, and a
 * search by an area's Bangla name), each under every sort key and order: 36 more combinations, measured after
 * the 36 above and reported on their own as well.
 */
export function placeFilterCombinations(): RentFilters[] {
  const sets: Partial<RentFilters>[] = [
    { place: 'ar-dhanmondi' },
    { place: 'ds-47', category: 'flat' },
    { place: 'dv-6', minPrice: '10000', maxPrice: '40000' },
    { search: 'ধানমন্ডি' },
    { place: 'ar-agrabad', search: 'lift' },
    { place: 'up-365', postedBy: 'others' },
  ];
  const product = sets.flatMap((set) =>
    RENT_SORT_KEYS.flatMap((sortBy) =>
      SORT_ORDERS.map((sortOrder) => ({ ...DEFAULT_RENT_FILTERS, ...set, sortBy, sortOrder })),
    ),
  );
  return product.map((_, i) => product[(i * 7) % product.length] as RentFilters);
}

/**
 * The searches of issue 39 (every word in any field, in both scripts; a slip in a place name put right, which
 * asks the mirror twice; a folded Bangla vowel), each under every sort key and order: 36 more combinations,
 * measured after the place ones and reported on their own as well.
 */
export function searchCombinations(): RentFilters[] {
  const sets: Partial<RentFilters>[] = [
    { search: 'মিরপুর ফ্ল্যাট' },
    { search: 'mirpur flat' },
    { search: 'family flat' },
    { search: 'mirpor' },
    { search: 'মীরপুর', category: 'flat' },
    { search: 'dhanmondi lift', maxPrice: '৫০,০০০' },
  ];
  const product = sets.flatMap((set) =>
    RENT_SORT_KEYS.flatMap((sortBy) =>
      SORT_ORDERS.map((sortOrder) => ({ ...DEFAULT_RENT_FILTERS, ...set, sortBy, sortOrder })),
    ),
  );
  return product.map((_, i) => product[(i * 7) % product.length] as RentFilters);
}

export interface QueryBenchResult {
  posts: number;
  combinations: number;
  /** Combinations the mirror got through in its time (all of them, ROUNDS times, when it is fast). */
  mirrorQueries: number;
  firstSync: { fetchMs: number; applyMs: number };
  mirrorOpen: Summary;
  /** The first query after a page load with a filter in the address (`/main/rent?q=...`): nothing read yet. */
  filteredOpen: Summary;
  firstPage: Summary;
  nextPage: Summary;
  /** The first page of the place filter combinations alone (placeFilterCombinations), part of firstPage. */
  placeFirstPage?: Summary;
  placeCombinations?: number;
  /** The first page of the issue 39 searches alone (searchCombinations), part of firstPage. */
  searchFirstPage?: Summary;
  searchCombinations?: number;
  oldVisit: Summary & { downloadMedianMs: number };
  oldFirstPage: Summary;
  oldNextPage: Summary;
  /** How many times longer the old way takes to show a list on opening the page (median over median). */
  openRatio: number;
  /** The old way's in-memory filter over the mirror's query (median over median); below 1, memory is faster. */
  queryRatio: number;
}

const OPENS = 5;
const FILTERED_OPEN: RentFilters = { ...DEFAULT_RENT_FILTERS, category: 'flat', search: 'dhanmondi' };
const ROUNDS = 3;
/** The mirror queries stop after this long (an unfixed mirror takes half a second a query). */
const QUERY_BUDGET_MS = 25_000;

export async function runQueryBench(baseUrl: string, session: Session): Promise<QueryBenchResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    // No service worker: the bench page is not the app, and the app's worker would answer it with the shell.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const load = async () => {
      await page.goto(`${baseUrl}${QUERY_PAGE_PATH}`);
      await page.waitForFunction(() => 'bashaBench' in window);
    };
    const call = <K extends keyof QueryBenchApi>(name: K, ...args: Parameters<QueryBenchApi[K]>) =>
      callPage(page, name, args) as Promise<Awaited<ReturnType<QueryBenchApi[K]>>>;

    await load();
    const filled = await call('fill', session.token);
    const plain = filterCombinations();
    const byPlace = placeFilterCombinations();
    const searches = searchCombinations();
    const combinations = [...plain, ...byPlace, ...searches];

    const opens: number[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      await load();
      opens.push((await call('open', session.userId, DEFAULT_RENT_FILTERS)).ms);
    }
    // A list opened with filters in its address (a reload, Back, a shared link) answers before anything is in memory.
    const filteredOpens: number[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      await load();
      filteredOpens.push((await call('open', session.userId, FILTERED_OPEN)).ms);
    }
    const times = await call('query', session.userId, combinations, ROUNDS, QUERY_BUDGET_MS);

    const visits: { ms: number; downloadMs: number }[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      await load();
      visits.push(await call('oldVisit', session.token, session.userId, DEFAULT_RENT_FILTERS));
    }
    // The old way had no corrections: it is handed the search the mirror put right, so both find the same posts.
    const asCorrected = combinations.map((filters, i) =>
      times.corrected[i] ? { ...filters, search: times.corrected[i] } : filters,
    );
    const old = await call('oldQuery', session.token, session.userId, asCorrected, ROUNDS);
    // Both ways must find the same posts, or the comparison would be unfair.
    const mismatch = times.totals.findIndex((total, i) => total !== old.totals[i]);
    if (mismatch >= 0) {
      throw new Error(
        `the mirror and the old way disagree on combination ${mismatch}: ${times.totals[mismatch]} ≠ ${old.totals[mismatch]}`,
      );
    }

    const oldVisit = summarize(visits.map((visit) => visit.ms));
    const mirrorOpen = summarize(opens);
    const firstPage = summarize(times.first);
    // The queries run the combinations in order, round after round: those past the plain ones are the places'.
    const placeTimes = times.first.filter((_, i) => {
      const at = i % combinations.length;
      return at >= plain.length && at < plain.length + byPlace.length;
    });
    const searchTimes = times.first.filter((_, i) => i % combinations.length >= plain.length + byPlace.length);
    const oldFirstPage = summarize(old.first);
    return {
      posts: filled.posts,
      combinations: combinations.length,
      mirrorQueries: times.first.length,
      firstSync: { fetchMs: round(filled.fetchMs), applyMs: round(filled.applyMs) },
      mirrorOpen,
      filteredOpen: summarize(filteredOpens),
      firstPage,
      nextPage: summarize(times.next),
      ...(placeTimes.length ? { placeFirstPage: summarize(placeTimes), placeCombinations: byPlace.length } : {}),
      ...(searchTimes.length ? { searchFirstPage: summarize(searchTimes), searchCombinations: searches.length } : {}),
      oldVisit: { ...oldVisit, downloadMedianMs: round(median(visits.map((visit) => visit.downloadMs))) },
      oldFirstPage,
      oldNextPage: summarize(old.next),
      openRatio: round(oldVisit.median / mirrorOpen.median),
      queryRatio: round(oldFirstPage.median / firstPage.median, 3),
    };
  } finally {
    await browser.close();
  }
}

async function callPage(page: Page, name: string, args: unknown[]): Promise<unknown> {
  return page.evaluate(
    ([method, params]) => {
      const api: Record<string, unknown> = { ...window.bashaBench };
      const fn = api[method];
      if (typeof fn !== 'function') throw new Error(`no bench method ${method}`);
      return (fn as (...a: unknown[]) => Promise<unknown>)(...params);
    },
    [name, args] as const,
  );
}
