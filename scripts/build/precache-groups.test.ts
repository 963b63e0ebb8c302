import { describe, expect, it } from 'vitest';
import { entryAssets, precacheGroupOf } from './precache-groups';

const preloads = [
  { path: '/', js: ['assets/landing-page-1.js', 'assets/shared-1.js'], css: ['assets/landing-page-1.css'] },
  { path: '/privacy', js: ['assets/privacy-page-1.js', 'assets/shared-1.js'], css: [] },
  { path: '/main/rent', js: ['assets/rent-listing-page-1.js'], css: ['assets/rent-1.css'] },
  { path: '/auth/login', js: ['assets/login-page-1.js'], css: [] },
];
const entry = ['assets/index-1.js', 'assets/index-1.css'];

describe('the service worker’s file groups', () => {
  it('reads the entry’s script and styles from index.html', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="icon" href="/favicon.svg">';
    expect(entryAssets(html)).toEqual(entry);
  });

  it('precaches the shells, the entry and the landing page; the next pages, the rest of the code and the pictures wait', () => {
    const group = (url: string) => precacheGroupOf(url, entry, preloads);
    expect(group('index.html')).toBe('shell');
    expect(group('landing.bn.html')).toBe('shell');
    expect(group('images/photo-unavailable.svg')).toBe('shell');
    expect(group('assets/index-1.js')).toBe('shell');
    expect(group('assets/workbox-window.prod.es5-1.js')).toBe('shell');
    expect(group('assets/shared-1.js')).toBe('shell');
    expect(group('assets/landing-page-1.css')).toBe('shell');
    expect(group('assets/privacy-page-1.js')).toBe('next');
    expect(group('assets/rent-listing-page-1.js')).toBe('member');
    expect(group('assets/login-page-1.js')).toBe('member');
    expect(group('assets/rent-1.css')).toBe('member');
    expect(group('images/landing/hero-960.webp')).toBe('later');
    expect(group('sw-outbox-0123abcdef.js')).toBe('outbox');
  });
});
