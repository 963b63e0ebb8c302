/**
 * A list's search put right where a word is near a place's name ("mirpor" is Mirpur: issue 39), or undefined.
 * The place tree and the near-spelling search (MiniSearch) load only when a search has found nothing, so the
 * lists' first load carries neither; offline they come from the service worker's cache like any chunk. Both come
 * through the place picker's module, which holds them: a module two chunks import would join the shared chunk that
 * the pages load first (scripts/build/shared-chunk.ts), and the tree is large.
 */
export async function correctedPlaceSearch(search: string): Promise<string | undefined> {
  const { bundledPlaceIndex, correctPlaceWords } = await import('./place-picker');
  return correctPlaceWords(bundledPlaceIndex(), search);
}
