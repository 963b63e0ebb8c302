/**
 * Records read again from the mirror are new objects even when nothing in them changed, so every memoized card
 * would draw again after each sync. These helpers keep the objects a page already holds wherever the fresh read
 * equals them: cards skip what did not change, and a read that changed nothing draws nothing at all.
 */

/** Two plain records (as the API answers them, stored as they came) hold the same values. */
export function sameRecord(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `next`, with each record equal to the one of the same id in `previous` replaced by that earlier object; or
 * `previous` itself when the two lists hold the same records in the same order.
 */
export function keepUnchanged<T extends { _id: string }>(previous: readonly T[] | undefined, next: T[]): T[] {
  if (!previous) return next;
  const before = new Map(previous.map((record) => [record._id, record]));
  let reusedInPlace = previous.length === next.length;
  const kept = next.map((record, i) => {
    const earlier = before.get(record._id);
    if (earlier === undefined || !sameRecord(earlier, record)) {
      reusedInPlace = false;
      return record;
    }
    if (previous[i] !== earlier) reusedInPlace = false;
    return earlier;
  });
  return reusedInPlace ? (previous as T[]) : kept;
}
