import { useCallback, useEffect, useRef, useState } from 'react';
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
import { useMirrorQuery } from '@/lib/mirror/use-mirror-query';
import { throttle } from '@/lib/throttle';
import type { SavedAt } from '@/ui/offline-banner';
import { correctedPlaceSearch } from '@/ui/places/search-correction';
import { onRentMirrorChanged, queryRentPosts, type RentPage } from '../db/rent-db';

// The sync (the network client and the sync's bookkeeping) loads once the page has been painted.
const loadSource = loadAfterPaint(() => import('../api/rent-posts-source'));

export type RentSyncState = 'loading' | 'ready' | 'error';

export interface RentListing {
  posts: RentPost[];
  /** How many posts match the filters. */
  total: number;
  /** How many posts the mirror holds, whatever the filters. */
  all: number;
  /** The search put right that found the posts, when the one typed found none (RentPage.correctedSearch). */
  correctedSearch: string | undefined;
  /** Pages asked for (1 and up): what Back should show again. */
  pages: number;
  /** True once the mirror has been read at least once. */
  hasResult: boolean;
  sync: RentSyncState;
  /** Every matching post is shown. */
  atEnd: boolean;
  /** When the mirror last heard from the server (epoch ms); null if never; undefined while that is read. */
  savedAt: SavedAt;
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
  const [savedAt, setSavedAt] = useState<SavedAt>();
  // Pages shown, remembered with the filters they belong to: new filters mean page 1 again.
  const [paging, setPaging] = useState({ filters: applied, pages: initialPages });
  const pages = paging.filters === applied ? paging.pages : 1;
  // The route loader asked queryRentPosts the same question: its answer shows at once.
  const { value: result } = useMirrorQuery<RentPage>({
    subscribe: onRentMirrorChanged,
    key: JSON.stringify([applied, selfId ?? null, pages]),
    read: () => queryRentPosts(applied, selfId, pages * RENT_PAGE_SIZE, correctedPlaceSearch),
    initial: firstPage,
    keep: keepUnchangedPage,
  });

  useEffect(() => {
    if (filters === applied) return undefined;
    const timer = setTimeout(() => setApplied(filters), RENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters, applied]);

  // Whoever stores a sync into the mirror (this page, the app's sync on reconnect or return, another tab), the
  // page shows when it was.
  useEffect(
    () =>
      onRentMirrorChanged((change) => {
        if (!('savedAt' in change)) return;
        setSavedAt((current) => change.savedAt ?? current);
        setSync('ready');
      }),
    [],
  );

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
        (at) => !cancelled && setSavedAt((current) => current ?? at ?? null),
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, []);

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

  // The latest values for the scroll check, which is made once.
  const latest = useRef({ hasMore, loadMore });
  const checkScroll = useRef<() => void>(undefined);
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
    checkScroll.current = check;
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      checkScroll.current = undefined;
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, []);

  // A page that does not fill the window cannot be scrolled: check again once new posts are laid out.
  useEffect(() => {
    if (!hasMore) return undefined;
    const frame = requestAnimationFrame(() => checkScroll.current?.());
    return () => cancelAnimationFrame(frame);
  }, [hasMore, shown]);

  return {
    posts: result?.posts ?? [],
    total,
    all: result?.all ?? 0,
    correctedSearch: result?.correctedSearch,
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
  if (
    shown &&
    posts === shown.posts &&
    next.total === shown.total &&
    next.all === shown.all &&
    next.correctedSearch === shown.correctedSearch
  )
    return shown;
  return { ...next, posts };
}
