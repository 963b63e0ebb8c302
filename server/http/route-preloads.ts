import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { matchRoute } from '../../src/domain/route-match';

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
  const match = matchRoute(pathname);
  return match && preloads.find((preload) => preload.path === match.route.path);
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

/** The build's shells and route preloads, read once when the server starts (a new build comes with a restart). */
export interface AppShells {
  index: string;
  /** The shell for `/` with the landing page's first screen, when the build has one. */
  landing: string | undefined;
  preloads: RoutePreload[];
}

export function loadAppShells(root: string): AppShells {
  const landing = path.join(root, LANDING_SHELL_FILE);
  const file = path.join(root, ROUTE_PRELOADS_FILE);
  let preloads: RoutePreload[] = [];
  if (existsSync(file)) {
    try {
      preloads = v.parse(routePreloadsSchema, JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      console.error(`Ignoring an unreadable ${ROUTE_PRELOADS_FILE}:`, error);
    }
  }
  return {
    index: readFileSync(path.join(root, 'index.html'), 'utf8'),
    landing: existsSync(landing) ? readFileSync(landing, 'utf8') : undefined,
    preloads,
  };
}

/** The page for a path: `/` with its first screen when there is one, with the route's chunks named in its head. */
export function shellFor(shells: AppShells, pathname: string): string {
  const html = pathname === '/' && shells.landing !== undefined ? shells.landing : shells.index;
  return shellWithPreloads(html, routeFor(shells.preloads, pathname));
}
