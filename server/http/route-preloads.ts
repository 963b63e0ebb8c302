import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { matchRoute } from '../../src/domain/route-match';
import { DEFAULT_LOCALE, dirAttribute, perLocale, type Locale } from '../../src/i18n/locale';
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

/** The list pages' shell: the header prerendered as their first screen (scripts/build/first-screen-plugin.ts). */
export const LIST_SHELL_KIND = 'list';

/** The routes (the route manifest's paths) whose shell is the list shell. */
export const LIST_PAGE_ROUTES: ReadonlySet<string> = new Set(['/main/rent', '/main/find-service/:category']);

export type ShellKind = 'index' | 'landing' | typeof LIST_SHELL_KIND;

/**
 * The build's file for a shell in a language: `index.html`, `landing.html` and `list.html` speak English (the
 * default), `index.bn.html`, `landing.bn.html` and `list.bn.html` Bangla (first-screen-plugin.ts writes them).
 */
export function shellFileName(kind: ShellKind, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${kind}.html` : `${kind}.${locale}.html`;
}

/**
 * The landing shell for a phone that saves data (`Save-Data: on`, or Basha's own switch: src/domain/data-saver.ts):
 * its first screen offers only the smallest hero. `landing.save-data.html`, `landing.bn.save-data.html`.
 */
export function savingDataLandingFileName(locale: Locale): string {
  return shellFileName('landing', locale).replace(/\.html$/, '.save-data.html');
}

/** The shell with `<html lang>` (and `dir`, ../../src/i18n/locale.ts) set to the language it is sent in, whatever the file said. */
export function withLang(html: string, locale: Locale): string {
  return html.replace(/<html(\s[^>]*)?>/i, (found) => {
    const tag = found.replace(/\sdir=("[^"]*"|'[^']*'|[^\s>]*)/i, '');
    const lang = ` lang="${locale}"${dirAttribute(locale)}`;
    return /\slang=/i.test(tag)
      ? tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, lang)
      : `<html${lang}${tag.slice(5)}`;
  });
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
  /** The shell for the list pages with the header as their first screen, per language, when the build has one. */
  list?: Record<Locale, string | undefined>;
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
    index: perLocale(indexIn),
    landing: perLocale((locale) => prerenderedShellIn(locale, shellFileName('landing', locale))),
    landingSavingData: perLocale(savingData),
    list: perLocale((locale) => prerenderedShellIn(locale, shellFileName(LIST_SHELL_KIND, locale))),
    preloads,
  };
}

/**
 * The page for a path in a language: `/` with its first screen when there is one (for a phone that saves data, the
 * one with the smallest hero, when the build has it), a list page with the header as its first screen, with the
 * route's chunks named in its head.
 */
export function shellFor(
  shells: AppShells,
  pathname: string,
  locale: Locale = DEFAULT_LOCALE,
  savingData = false,
): string {
  const landing =
    pathname === '/'
      ? ((savingData ? shells.landingSavingData?.[locale] : undefined) ?? shells.landing[locale])
      : undefined;
  const routePath = matchRoute(pathname)?.route.path;
  const list = routePath !== undefined && LIST_PAGE_ROUTES.has(routePath) ? shells.list?.[locale] : undefined;
  return shellWithPreloads(landing ?? list ?? shells.index[locale], preloadsOfRoute(shells.preloads, routePath));
}
