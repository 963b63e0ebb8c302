import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import {
  RENT_PAGE_SIZE,
  RENT_SCROLL_THRESHOLD,
  RENT_SCROLL_THROTTLE_MS,
  RENT_SEARCH_DEBOUNCE_MS,
  type RentFilters,
} from '@/domain/filter-rent-posts';
import type { RentPost } from '@/domain/rent-post';
import { loadAfterPaint } from '@/lib/after-next-paint';
import { keepUnchanged } from '@/lib/keep-unchanged';
import { throttle } from '@/lib/throttle';
import type { RentPage } from '../db/rent-db';

// The mirror (Dexie) and its sync load once the page has been painted, from the route's read ahead: the list is on
// screen before 30 KiB of database code have arrived and run.
const loadMirror = loadAfterPaint(() => import('../db/rent-db'));
const loadSource = loadAfterPaint(() => import('../api/rent-posts-source'));

export type RentSyncState = 'loading' | 'ready' | 'error';

export interface RentListing {
  posts: RentPost[];
  /** How many posts match the filters. */
  total: number;
  /** How many posts the mirror holds, whatever the filters. */
  all: number;
  /** Pages asked for (1 and up): what Back should show again. */
  pages: number;
  /** True once the mirror has been read at least once. */
  hasResult: boolean;
  sync: RentSyncState;
  /** Every matching post is shown. */
  atEnd: boolean;
  /** When the mirror last heard from the server (epoch ms), if ever. */
  savedAt: number | undefined;
  /** Asks the server for what changed (the refresh control). */
  refresh: () => void;
}

/**
 * The rental list: syncs the mirror with the server on each visit (and on Refresh), reads the filtered, sorted page from
 * IndexedDB (filters applied 100 ms after the last change), and grows by a page of 12 whenever the window is
 * scrolled past 80 % of the page (checked at most every 150 ms). Changing a filter starts again at 12.
 * `firstPage`, when the route read it ahead, is the first `initialPages` pages for these filters (the list of a
 * history entry opened again shows as many as it had): it is shown at once.
 */
export function useRentListing(
  filters: RentFilters,
  selfId: string | undefined,
  firstPage?: RentPage | undefined,
  initialPages = 1,
): RentListing {
  const [applied, setApplied] = useState(filters);
  const [sync, setSync] = useState<RentSyncState>('loading');
  const [mirrorVersion, setMirrorVersion] = useState(0);
  const [savedAt, setSavedAt] = useState<number>();
  // Pages shown, remembered with the filters they belong to: new filters mean page 1 again.
  const [paging, setPaging] = useState({ filters: applied, pages: initialPages });
  const pages = paging.filters === applied ? paging.pages : 1;
  const [result, setResult] = useState<RentPage | undefined>(firstPage);
  // The first read is the route's, when it made one.
  const firstReadDone = useRef(firstPage !== undefined);

  useEffect(() => {
    if (filters === applied) return undefined;
    const timer = setTimeout(() => setApplied(filters), RENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters, applied]);

  // Whoever brings changes into the mirror (this page, the app's sync on reconnect or return), the page shows them.
  // Subscribed before this page's first sync starts: both wait for the same module, and this effect runs first.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void loadMirror().then(({ onRentMirrorChanged }) => {
      if (!live) return;
      stop = onRentMirrorChanged((change) => {
        // A sync that only confirmed the mirror (the usual one) reads and draws nothing again.
        if (change.rowsChanged) setMirrorVersion((version) => version + 1);
        setSavedAt(change.savedAt);
        setSync('ready');
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);

  const runSync = useCallback(
    () =>
      loadSource()
        .then(({ syncRentPosts }) => syncRentPosts())
        .then(
          () => setSync('ready'),
          (error: unknown) => {
            console.error('Could not refresh rent posts', error);
            setSync('error');
          },
        ),
    [],
  );
  useEffect(() => {
    void runSync();
  }, [runSync]);
  const refresh = useCallback(() => {
    setSync('loading');
    void runSync();
  }, [runSync]);

  useEffect(() => {
    let cancelled = false;
    loadSource()
      .then(({ rentPostsSavedAt }) => rentPostsSavedAt())
      .then(
        // A sync that answered meanwhile knows better.
        (at) => !cancelled && setSavedAt((current) => current ?? at),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (firstReadDone.current) {
      firstReadDone.current = false;
      return undefined;
    }
    let cancelled = false;
    loadMirror()
      .then(({ queryRentPosts }) => queryRentPosts(applied, selfId, pages * RENT_PAGE_SIZE))
      .then(
        (page) => {
          // A transition: drawing a new page of cards yields to the browser every few milliseconds.
          // Cards already shown keep their objects where the read found them unchanged, so they do not draw again.
          if (!cancelled) startTransition(() => setResult((shown) => keepUnchangedPage(shown, page)));
        },
        (error: unknown) => console.error('Could not read saved rent posts', error),
      );
    return () => {
      cancelled = true;
    };
  }, [applied, selfId, pages, mirrorVersion]);

  const total = result?.total ?? 0;
  const shown = result?.posts.length ?? 0;
  const hasMore = shown < total;

  // One page more than is shown now: calling it again before the page arrives asks for the same page.
  const loadMore = useCallback(() => {
    setPaging((current) => {
      const next = Math.floor(shown / RENT_PAGE_SIZE) + 1;
      return current.filters === applied && current.pages >= next ? current : { filters: applied, pages: next };
    });
  }, [applied, shown]);

  // The latest values for the scroll handler, which is attached once.
  const latest = useRef({ hasMore, loadMore });
  useEffect(() => {
    latest.current = { hasMore, loadMore };
  });

  useEffect(() => {
    const check = throttle(() => {
      if (!latest.current.hasMore) return;
      const scrolled = window.scrollY + window.innerHeight;
      const height = document.documentElement.scrollHeight;
      if (scrolled >= height * RENT_SCROLL_THRESHOLD) latest.current.loadMore();
    }, RENT_SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  // A page that does not fill the window cannot be scrolled: check again after each render of new posts.
  useEffect(() => {
    if (!hasMore) return undefined;
    const frame = requestAnimationFrame(() => window.dispatchEvent(new Event('scroll')));
    return () => cancelAnimationFrame(frame);
  }, [hasMore, shown]);

  return {
    posts: result?.posts ?? [],
    total,
    all: result?.all ?? 0,
    pages,
    hasResult: result !== undefined,
    sync,
    atEnd: result !== undefined && !hasMore,
    savedAt,
    refresh,
  };
}

/** `next`, keeping `shown` itself when it lists the same posts, or the objects of the posts that did not change. */
function keepUnchangedPage(shown: RentPage | undefined, next: RentPage): RentPage {
  const posts = keepUnchanged(shown?.posts, next.posts);
  if (shown && posts === shown.posts && next.total === shown.total && next.all === shown.all) return shown;
  return { ...next, posts };
}
