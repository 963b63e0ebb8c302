import { describe, expect, it } from 'vitest';
import { markFirstEntry, scrollKeyOfEntry } from './scroll-entry-key';

/** One browser history entry's state, as the browser keeps it across reloads and Back/Forward. */
function entry(state: Record<string, unknown> | null = null) {
  const history = {
    state,
    replaceState(next: Record<string, unknown> | null) {
      history.state = next;
    },
  };
  return history;
}

let marks = 0;
const nextMark = () => `mark-${++marks}`;

/** A document started on `history`'s entry: the key its first page's position is kept under. */
function firstPageKey(history: ReturnType<typeof entry>, pathname: string, search = ''): string {
  markFirstEntry(history, nextMark);
  return scrollKeyOfEntry({ key: 'default', pathname, search });
}

describe('scroll positions by history entry', () => {
  it('gives a page opened anew at an address opened the same way before a key of its own, so it starts at its top', () => {
    const before = firstPageKey(entry(), '/contact');
    const again = firstPageKey(entry(), '/contact');
    expect(again).not.toBe(before);
  });

  it('keeps the key of the entry a visit started on across a reload or a Back onto it, so its place comes back', () => {
    const history = entry();
    const opened = firstPageKey(history, '/main/rent', '?sort=price');
    // React Router adds its index beside the mark; the browser keeps the state with the entry.
    history.replaceState({ ...history.state, idx: 0 });
    const reloaded = entry(history.state);
    expect(firstPageKey(reloaded, '/main/rent', '?sort=price')).toBe(opened);
  });

  it('keys the entries the app pushes by React Router key, whatever their address', () => {
    markFirstEntry(entry(), nextMark);
    expect(scrollKeyOfEntry({ key: 'k1', pathname: '/contact', search: '' })).toBe('k1');
    expect(scrollKeyOfEntry({ key: 'k2', pathname: '/contact', search: '' })).toBe('k2');
  });

  it('keeps the first entry one key within the visit: Back to it in the app finds its place', () => {
    markFirstEntry(entry(), nextMark);
    const first = scrollKeyOfEntry({ key: 'default', pathname: '/privacy', search: '' });
    scrollKeyOfEntry({ key: 'k3', pathname: '/contact', search: '' });
    expect(scrollKeyOfEntry({ key: 'default', pathname: '/privacy', search: '' })).toBe(first);
  });
});
