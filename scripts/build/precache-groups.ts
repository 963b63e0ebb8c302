import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../server/http/route-preloads';
import type { PrecacheGroup } from '../../src/domain/worker-caching';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locale';

/**
 * What the service worker keeps of the build, and when (issue 23: a first visit to `/` costs at most 250 KiB on the
 * wire, the worker's caches included). Every file of the build is in the worker's list, each with its group:
 *
 * - `shell`: precached when the worker installs: the shells, the entry script and styles, the landing page's
 *   chunks and the small pictures the app shows when a photo cannot load. With these, `/` opens offline.
 * - `next`: the pages a visitor is likely to open next that also work offline and cost little (about, privacy,
 *   terms). Cached right after the install, unless the phone saves data.
 * - `member`: the rest of the app's code (every other script and stylesheet: the signed-in pages, the outbox and its
 *   senders, Firebase), cached once someone signs in on the phone (the page asks, decision 0016), so that signed-in
 *   pages open, and posts queue, offline as before.
 * - `later`: everything else (illustrations, icons, fonts): on first use, or all at once when the phone is idle on
 *   Wi-Fi.
 * - `outbox`: the outbox worker's engine (sw/sw-outbox-engine.ts), never cached: the outbox worker, registered once
 *   someone signed in on the phone, imports it when it is installed (sw/sw.ts).
 */

export const NEXT_ROUTES = ['/about', '/privacy', '/terms'] as const;

/** Files of the shell whatever the routes say: the shells and manifests of every language, the small pictures. */
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|');
const SHELL_FILE = new RegExp(
  `^(index(\\.(${OTHER_LOCALES}))?\\.html|landing(\\.(${OTHER_LOCALES}))?\\.html|manifest(-(${OTHER_LOCALES}))?\\.webmanifest|favicon\\.svg|default-avatar\\.svg|images\\/photo-unavailable\\.svg)$`,
);

/**
 * Chunks every page's start-up imports after the entry has run (src/app/pwa/register-pwa.ts loads workbox-window when
 * it registers the worker): the shell's, so that a page opened offline starts as online.
 */
const START_UP_CHUNK = /^assets\/workbox-window[\w.-]*\.js$/;

export interface ManifestEntry {
  url: string;
  revision: string | null;
  size: number;
  group?: PrecacheGroup;
}

/** The assets `index.html` loads itself (the entry script and its styles). */
export function entryAssets(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
}

export function precacheGroupOf(
  url: string,
  entry: readonly string[],
  preloads: readonly RoutePreload[],
): PrecacheGroup {
  if (/^sw-outbox-[\w-]+\.js$/.test(url)) return 'outbox';
  if (SHELL_FILE.test(url) || START_UP_CHUNK.test(url) || entry.includes(url)) return 'shell';
  const filesOf = (routes: readonly string[]) =>
    preloads.filter((route) => routes.includes(route.path)).flatMap((route) => [...route.js, ...route.css]);
  if (filesOf(['/']).includes(url)) return 'shell';
  if (filesOf(NEXT_ROUTES).includes(url)) return 'next';
  if (/^assets\/.+\.(js|css)$/.test(url)) return 'member';
  return 'later';
}

/**
 * A workbox `manifestTransforms` step: gives each entry its group, read from the build in `buildDir` (index.html and
 * route-preloads.json). Duplicates (the manifest's icons are listed twice) go.
 */
export function precacheGroupsTransform(buildDir: string) {
  return (entries: ManifestEntry[]) => {
    const entry = entryAssets(readFileSync(path.join(buildDir, 'index.html'), 'utf8'));
    const preloads = JSON.parse(readFileSync(path.join(buildDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
    const seen = new Set<string>();
    const manifest = entries
      .filter((item) => !seen.has(item.url) && seen.add(item.url))
      .map((item) => ({ ...item, group: precacheGroupOf(item.url, entry, preloads) }));
    return { manifest, warnings: [] };
  };
}
