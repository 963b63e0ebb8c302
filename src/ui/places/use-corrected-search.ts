import { useEffect, useState } from 'react';
import { correctedPlaceSearch } from './search-correction';

/**
 * For a list filtered in memory: the search put right where a word is near a place's name, once `foundNone` says
 * the search as typed found nothing (./search-correction.ts); undefined otherwise, and while it is worked out.
 */
export function useCorrectedPlaceSearch(search: string, foundNone: boolean): string | undefined {
  const [answer, setAnswer] = useState<{ search: string; corrected: string | undefined }>();
  useEffect(() => {
    if (!foundNone || search.trim() === '') return undefined;
    let current = true;
    correctedPlaceSearch(search).then(
      (corrected) => current && setAnswer({ search, corrected }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [search, foundNone]);
  return foundNone && answer?.search === search ? answer.corrected : undefined;
}
