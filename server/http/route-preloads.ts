import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { matchRoute } from '../../src/domain/route-match';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/i18n/locale';
import { MANIFEST_PATHS } from '../../src/i18n/manifest-paths';

/**
 * The app shell for one page: index.html with that page's own chunks named in its head (route-preloads.json,
 * written by scripts/build/route-preloads-plugin.ts), so the browser fetches them beside the entry script
 * rather than after it has run. Without the file (an older build), the shell goes out as it is. The file names
 * and the preload record are the contract with the build, which imports them from here.
 */

/** A route's files beyond the entry's, build-relative (`assets/x-123.js`); `path` as the route manifest has it. */
export interface RoutePreload {
  path: string;
  js: string[];
  css: string[];
}

const routePreloadsSchema = v.array(
  v.object({ path: v.string(), js: v.array(v.string()), css: v.array(v.string()) }),
) satisfies v.GenericSchema<unknown, RoutePreload[]>;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The preloads of the page a path shows: the route manifest's own matcher (src/domain/route-match.ts, the same
 * answers as the app's router) picks the route, whose path keys `route-preloads.json`.
 */
export function routeFor(preloads: readonly RoutePreload[], pathname: string): RoutePreload | undefined {
  return preloadsOfRoute(preloads, matchRoute(pathname)?.route.path);
}

/** The preloads of a route the path was matched to already (`undefined`: no page of the app). */
function preloadsOfRoute(preloads: readonly RoutePreload[], routePath: string | undefined): RoutePreload | undefined {
  return routePath === undefined ? undefined : preloads.find((preload) => preload.path === routePath);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell with the route's scripts as module preloads and its style sheets as style sheets. */
export function shellWithPreloads(html: string, route: RoutePreload | undefined): string {
  if (!route || !html.includes('</head>')) return html;
  const links = [
    ...route.css.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`),
    ...route.js.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
  ];
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

/** The landing page's shell with its first screen prerendered (scripts/build/first-screen-plugin.ts). */
export const LANDING_SHELL_FILE = 'landing.html';

/**
 * The list pages and the key of the first screen each address shows: `rent`, or `services-<category>` as the address
 * spells the category (`services-all`, `services-home-shifter`). The build prerenders a shell per key and language
 * (`list-<key>.html`: the header and the list's heading, scripts/build/first-screen-plugin.ts); an address that
 * spells a category another way, or names none the app knows, has no shell of its own and gets the plain one.
 */
const LIST_SHELL_KEYS: Readonly<Record<string, (params: Record<string, string>) => string>> = {
  '/main/rent': () => 'rent',
  '/main/find-service/:category': (params) => `services-${(params.category ?? '').toLowerCase()}`,
};

/** The routes (the route manifest's paths) whose pages are lists. */
export const LIST_PAGE_ROUTES: ReadonlySet<string> = new Set(Object.keys(LIST_SHELL_KEYS));

/** The key of the list first screen for a page the router matched; undefined for a page that is no list. */
export function listShellKey(match: { route: { path: string }; params: Record<string, string> } | undefined) {
  return match && LIST_SHELL_KEYS[match.route.path]?.(match.params);
}

export type ShellKind = 'index' | 'landing';

/**
 * The build's file for a shell in a language: `index.html` and `landing.html` speak English (the default),
 * `index.bn.html` and `landing.bn.html` Bangla (first-screen-plugin.ts writes them).
 */
export function shellFileName(kind: ShellKind, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${kind}.html` : `${kind}.${locale}.html`;
}

/** A list's shell in a language: `list-rent.html`, `list-services-maid.bn.html`. */
export function listShellFileName(key: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `list-${key}.html` : `list-${key}.${locale}.html`;
}

/** The list and language a file name of `listShellFileName` names; undefined for any other name. */
export function parseListShellFileName(file: string): { key: string; locale: Locale } | undefined {
  const found = /^list-([a-z0-9-]+)(?:\.([a-z]+))?\.html$/.exec(file);
  const key = found?.[1];
  const locale = found?.[2] ?? DEFAULT_LOCALE;
  if (key === undefined || !isLocale(locale) || listShellFileName(key, locale) !== file) return undefined;
  return { key, locale };
}

/**
 * The landing shell for a phone that saves data (`Save-Data: on`, or Basha's own switch: src/domain/data-saver.ts):
 * its first screen offers only the smallest hero. `landing.save-data.html`, `landing.bn.save-data.html`.
 */
export function savingDataLandingFileName(locale: Locale): string {
  return shellFileName('landing', locale).replace(/\.html$/, '.save-data.html');
}

/** The shell with `<html lang>` set to the language it is sent in, whatever the file said. */
export function withLang(html: string, locale: Locale): string {
  return html.replace(/<html(\s[^>]*)?>/i, (tag) =>
    /\slang=/i.test(tag)
      ? tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, ` lang="${locale}"`)
      : `<html lang="${locale}"${tag.slice(5)}`,
  );
}

/**
 * The shell with its web app manifest link pointing at the manifest of its language, so a Bangla first visit that
 * installs the app names it in Bangla without waiting for the app to start and move the link.
 */
export function withManifest(html: string, locale: Locale): string {
  return html.replace(/<link\s[^>]*rel=["']?manifest["']?[^>]*>/i, (tag) =>
    tag.replace(/\shref=("[^"]*"|'[^']*'|[^\s>]*)/i, ` href="${MANIFEST_PATHS[locale]}"`),
  );
}

/** The shell in a language: its `<html lang>` and its manifest link. */
function inLocale(html: string, locale: Locale): string {
  return withManifest(withLang(html, locale), locale);
}

/** The build's shells and route preloads, read once when the server starts (a new build comes with a restart). */
export interface AppShells {
  /** The shell of every page, per language. */
  index: Record<Locale, string>;
  /** The shell for `/` with the landing page's first screen, per language, when the build has one. */
  landing: Record<Locale, string | undefined>;
  /** The same for a phone that saves data (its first screen with the smallest hero), when the build has one. */
  landingSavingData?: Record<Locale, string | undefined>;
  /** The list pages' shells with their first screen, by list key (`listShellKey`), per language the build has. */
  lists?: ReadonlyMap<string, Partial<Record<Locale, string>>>;
  preloads: RoutePreload[];
}

export function loadAppShells(root: string): AppShells {
  const read = (file: string) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  };
  const file = path.join(root, ROUTE_PRELOADS_FILE);
  let preloads: RoutePreload[] = [];
  if (existsSync(file)) {
    try {
      preloads = v.parse(routePreloadsSchema, JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      console.error(`Ignoring an unreadable ${ROUTE_PRELOADS_FILE}:`, error);
    }
  }
  const englishIndex = readFileSync(path.join(root, 'index.html'), 'utf8');
  // A build without a language's shells (an older one) still answers in that language's `lang`, and the app
  // renders its words; its landing page then has no first screen rather than one in the wrong language.
  const indexIn = (locale: Locale) => inLocale(read(shellFileName('index', locale)) ?? englishIndex, locale);
  const prerenderedShellIn = (locale: Locale, file: string) => {
    const html = read(file);
    return html === undefined ? undefined : inLocale(html, locale);
  };
  const savingData = (locale: Locale) => prerenderedShellIn(locale, savingDataLandingFileName(locale));
  return {
    index: { en: indexIn('en'), bn: indexIn('bn') },
    landing: {
      en: prerenderedShellIn('en', shellFileName('landing', 'en')),
      bn: prerenderedShellIn('bn', shellFileName('landing', 'bn')),
    },
    landingSavingData: { en: savingData('en'), bn: savingData('bn') },
    lists: listShells(root, prerenderedShellIn),
    preloads,
  };
}

/** Every list shell the build wrote, by list key and language. */
function listShells(
  root: string,
  shellIn: (locale: Locale, file: string) => string | undefined,
): Map<string, Partial<Record<Locale, string>>> {
  const lists = new Map<string, Partial<Record<Locale, string>>>();
  for (const file of readdirSync(root)) {
    const list = parseListShellFileName(file);
    const html = list && shellIn(list.locale, file);
    if (list && html !== undefined) lists.set(list.key, { ...lists.get(list.key), [list.locale]: html });
  }
  return lists;
}

/** What picks a page's shell beside its path. */
export interface ShellChoice {
  locale?: Locale;
  /** A phone that saves data: the landing page's first screen with the smallest hero, when the build has it. */
  savingData?: boolean;
  /**
   * The visitor has a session: a list page's first screen then shows the list's heading. Without one the app sends
   * them to sign in, and a list's heading would only flash before the sign-in page.
   */
  signedIn?: boolean;
}

/**
 * The page for a path: `/` with its first screen when there is one, a list page with its header and heading as its
 * first screen, with the route's chunks named in its head.
 */
export function shellFor(
  shells: AppShells,
  pathname: string,
  { locale = DEFAULT_LOCALE, savingData = false, signedIn = false }: ShellChoice = {},
): string {
  const landing =
    pathname === '/'
      ? ((savingData ? shells.landingSavingData?.[locale] : undefined) ?? shells.landing[locale])
      : undefined;
  const match = matchRoute(pathname);
  const listKey = signedIn ? listShellKey(match) : undefined;
  const list = listKey === undefined ? undefined : shells.lists?.get(listKey)?.[locale];
  return shellWithPreloads(
    landing ?? list ?? shells.index[locale],
    preloadsOfRoute(shells.preloads, match?.route.path),
  );
}
