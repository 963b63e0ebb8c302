/**
 * How many pages an infinitely scrolled list showed, remembered on its own history entry: Back, Forward and a
 * reload then open the list as long as it was, so that the scroll position saved for that entry (React
 * Router's ScrollRestoration) can be reached. Kept in `history.state` beside React Router's own fields (`key`,
 * `idx`, `usr`): the browser keeps it with the entry, across reloads, and drops it with the entry. A new entry
 * (a link, new filters) starts at one page.
 */

const FIELD = 'bashaListPages';
/** More than anyone scrolls; a larger number in the state is not trusted. */
const MAX_PAGES = 500;

type EntryState = Record<string, unknown> | null;

/** React Router's key for the entry the browser is on ("default" for the first entry, as it names it). */
function currentEntryKey(state: EntryState): string {
  return typeof state?.key === 'string' ? state.key : 'default';
}

/** Notes `pages` on the current entry, if it is still the entry `entryKey` names. */
export function rememberListPages(entryKey: string, pages: number): void {
  const state = window.history.state as EntryState;
  if (currentEntryKey(state) !== entryKey || state?.[FIELD] === pages) return;
  window.history.replaceState({ ...state, [FIELD]: pages }, '');
}

/**
 * For a route loader: the pages to show for the list at `url`. On Back, Forward and a reload the browser is
 * already on the entry being opened, and its note counts; on a link it is still on the page before, and the list
 * starts at one page.
 */
export function listPagesOfEntry(url: string): number {
  if (typeof window === 'undefined' || url !== window.location.href) return 1;
  const pages = (window.history.state as EntryState)?.[FIELD];
  return typeof pages === 'number' && Number.isInteger(pages) && pages >= 1 && pages <= MAX_PAGES ? pages : 1;
}
