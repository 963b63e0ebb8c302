/**
 * A list's search put right where a word is near a place's name ("mirpor" is Mirpur: issue 39), or undefined.
 * The place tree and the near-spelling search (MiniSearch) load only when a search has found nothing, so the
 * lists' first load carries neither; offline they come from the service worker's cache like any chunk.
 */
export async function correctedPlaceSearch(search: string): Promise<string | undefined> {
  const [{ correctPlaceWords }, { bundledPlaceIndex }] = await Promise.all([
    import('@/domain/places/place-search'),
    import('@/domain/places/place-tree'),
  ]);
  return correctPlaceWords(bundledPlaceIndex(), search);
}
