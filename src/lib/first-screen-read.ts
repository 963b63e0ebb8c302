/**
 * The longest a page waits for its first screen from IndexedDB before it is shown without it (and reads it
 * itself, showing its spinner): a database held up by another tab's upgrade must not hold up the page.
 */
export const FIRST_SCREEN_READ_MAX_MS = 1000;

/**
 * A route loader's read of what the page shows first (React Router runs it before the page renders): the
 * page then renders with its content in one go, not as a spinner followed by a list. Answers undefined when
 * the read fails or takes too long; the page then reads on its own.
 */
export function readFirstScreen<T>(read: () => Promise<T>, maxMs = FIRST_SCREEN_READ_MAX_MS): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), maxMs);
  });
  const answer = read().catch((error: unknown) => {
    console.info('The first screen could not be read ahead of the page', error);
    return undefined;
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
