import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';

/** Marks the history entries this hook wrote, so that it does not take its own writes for someone else's. */
const OWN_WRITE = 'bashaListFilters';

/**
 * A list's filters, kept in its address's query string (src/domain/list-url-state.ts) so that Back, a reload
 * or a shared link shows the same list. The controls are bound to React state, which answers at once (an input
 * bound to the address would lag a navigation behind the typing); the address follows `delayMs` after the last
 * change, replacing the history entry (typing is not a trail of entries to go Back through) and leaving the
 * scroll position alone. When the address changes otherwise (Back or Forward within the page, a menu link to
 * the bare list), the filters follow it.
 */
export function useUrlFilters<T>(
  parse: (params: URLSearchParams) => T,
  toParams: (filters: T) => URLSearchParams,
  delayMs: number,
): [T, Dispatch<SetStateAction<T>>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [filters, setFilters] = useState(() => parse(searchParams));
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const own =
      navigationType === 'REPLACE' && (location.state as Record<string, unknown> | null)?.[OWN_WRITE] === true;
    if (!own) setFilters(parse(searchParams));
  }

  const wanted = toParams(filters).toString();
  const current = searchParams.toString();
  useEffect(() => {
    if (wanted === current) return undefined;
    const timer = setTimeout(
      () =>
        setSearchParams(new URLSearchParams(wanted), {
          replace: true,
          preventScrollReset: true,
          state: { [OWN_WRITE]: true },
        }),
      delayMs,
    );
    return () => clearTimeout(timer);
  }, [wanted, current, setSearchParams, delayMs]);

  return [filters, setFilters];
}
