import { startTransition, useEffect, useState } from 'react';
import type { Observable } from 'dexie';

/** What useLiveQuery subscribes to: a Dexie liveQuery, or anything that answers the same way. */
export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

/**
 * Subscribes to a Dexie liveQuery: the value re-renders whenever the mirrored rows change. `undefined` until
 * the first answer, or `initial` when the answer was read ahead (a route loader). `query` must be stable (build
 * it with useMemo from its inputs). `keep` (stable too, for instance keepUnchanged) may answer the value shown
 * when an answer changes nothing in it: the state then stays as it is and nothing draws again, as for the
 * first answer after a read-ahead.
 */
export function useLiveQuery<T>(
  query: Observable<T> | Subscribable<T>,
  initial?: T,
  keep?: (shown: T | undefined, next: T) => T,
): { value: T | undefined; loaded: boolean } {
  const [state, setState] = useState<{ query: Observable<T> | Subscribable<T>; value: T | undefined; loaded: boolean }>(
    {
      query,
      value: initial,
      loaded: initial !== undefined,
    },
  );
  useEffect(() => {
    // As transitions, so that a long list drawn anew yields to the browser every few milliseconds instead of
    // holding the main thread (and a tap) until it is done.
    const subscription = query.subscribe({
      next: (answer) =>
        startTransition(() =>
          setState((current) => {
            const shown = current.query === query ? current.value : undefined;
            const value = keep ? keep(shown, answer) : answer;
            return current.query === query && current.loaded && value === current.value
              ? current
              : { query, value, loaded: true };
          }),
        ),
      error: () => startTransition(() => setState({ query, value: undefined, loaded: true })),
    });
    return () => subscription.unsubscribe();
  }, [query, keep]);
  return state.query === query ? state : { value: undefined, loaded: false };
}
