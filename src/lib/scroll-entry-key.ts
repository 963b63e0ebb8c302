/**
 * The key a scroll position is remembered under (React Router's <ScrollRestoration getKey>, root layout), so that
 * a page opened anew starts at its top and only Back and Forward (and a reload) put a position back.
 *
 * Entries the app pushes carry React Router's own key: a link opens a new entry, a new key, the top. The entry a
 * visit starts on (a typed address, a shared link, a home-screen shortcut) has no key of its own: React Router
 * names it "default" whatever its address. Keyed by its address, the same address opened the same way later in the
 * window (sessionStorage keeps the positions for the window) reopened where it was left. So that entry gets a mark
 * of its own in `history.state` when the app starts: a fresh entry has no state and gets a new mark; a reload or a
 * Back/Forward onto it finds the mark the browser kept with the entry, and its position.
 */

const FIELD = 'bashaEntryMark';

type EntryState = Record<string, unknown> | null;

let firstEntry: string | undefined;

/** A mark no earlier entry of this window has (not a secret: Math.random is enough, and works off https too). */
function newMark(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * At start-up, before the router reads the address: the mark of the entry the visit starts on, kept on the entry
 * (a reload or Back/Forward onto it finds the same one), or a new one for a page opened anew.
 */
export function markFirstEntry(
  history: Pick<History, 'state' | 'replaceState'> = window.history,
  makeMark: () => string = newMark,
): string {
  const state = history.state as EntryState;
  const kept = state?.[FIELD];
  if (typeof kept === 'string' && kept !== '') {
    firstEntry = kept;
  } else {
    firstEntry = makeMark();
    history.replaceState({ ...state, [FIELD]: firstEntry }, '');
  }
  return firstEntry;
}

/** The key of a history entry's scroll position: React Router's key, or for the visit's first entry its mark. */
export function scrollKeyOfEntry(location: { key: string; pathname: string; search: string }): string {
  if (location.key !== 'default') return location.key;
  firstEntry ??= markFirstEntry();
  return `${location.pathname}${location.search}@${firstEntry}`;
}
