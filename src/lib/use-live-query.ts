import type { Observable } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * Subscribes to a Dexie liveQuery: the value re-renders whenever the mirrored rows change. `undefined` until
 * the first answer, or `initial` when the answer was read ahead (a route loader). `query` must be stable (build
 * it with useMemo from its inputs).
 */
export function useLiveQuery<T>(query: Observable<T>, initial?: T): { value: T | undefined; loaded: boolean } {
  const [state, setState] = useState<{ query: Observable<T>; value: T | undefined; loaded: boolean }>({
    query,
    value: initial,
    loaded: initial !== undefined,
  });
  useEffect(() => {
    const subscription = query.subscribe({
      next: (value) => setState({ query, value, loaded: true }),
      error: () => setState({ query, value: undefined, loaded: true }),
    });
    return () => subscription.unsubscribe();
  }, [query]);
  return state.query === query ? state : { value: undefined, loaded: false };
}
