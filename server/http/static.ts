import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
// Absolute roots work: serveStatic joins root and request path (its docs say relative, its code does not care).
import { serveStatic, type ServeStaticOptions } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler, Next } from 'hono';
import { API_BASE_PATH, UPLOADS_BASE_PATH } from '../../src/domain/constants';
import type { AppDeps } from '../deps';
import { isPhotoServed } from '../images/photo-listings';
import { isStorageKey } from '../images/storage';
import { LOCALES, requestLocale, type Locale } from '../../src/i18n/locale';
import { MANIFEST_PATHS } from '../../src/i18n/manifest-paths';
import { pageHead, withPageHead } from './page-head';
import { LIST_SHELL_KIND, loadAppShells, shellFileName, shellFor, type ShellKind } from './route-preloads';
import { matchRoute } from '../../src/domain/route-match';
import { requestSavesData } from '../../src/domain/data-saver';

/**
 * Serving files: uploaded photos from the image storage, and (with a build folder) the app itself. Hashed build assets
 * and uploads never change, so browsers may keep them for a year; the shell, service worker and manifest must
 * be checked on every load so a new version is picked up.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const ALWAYS_FRESH = new Set(['index.html', 'sw.js', ...Object.values(MANIFEST_PATHS).map((href) => href.slice(1))]);
/**
 * The shells' own files, asked for by name (the service worker precaches them): each is the shell its name says,
 * in its language, whoever asks, so a worker can keep both languages and pick one offline.
 */
const SHELL_FILES = new Map<string, { kind: ShellKind; locale: Locale }>(
  LOCALES.flatMap((locale) =>
    (['index', 'landing', LIST_SHELL_KIND] as const).map(
      (kind) => [`/${shellFileName(kind, locale)}`, { kind, locale }] as const,
    ),
  ),
);

type StaticOptions = Omit<ServeStaticOptions, 'onFound'>;

/**
 * A file that is checked on every load (the service worker's script above all: the browser asks for it after
 * every navigation) answers 304 with no body while it is unchanged. Its ETag is weak, from its size and time, so
 * compression keeps it.
 */
async function unchangedFile(c: Context, root: string): Promise<Response | undefined> {
  if (!ALWAYS_FRESH.has(path.basename(c.req.path))) return undefined;
  const file = path.resolve(root, `.${c.req.path}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) return undefined;
  const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
  c.header('ETag', etag);
  const asked = c.req.header('If-None-Match');
  if (!asked || !asked.split(',').some((tag) => tag.trim() === etag)) return undefined;
  return c.body(null, 304, { ETag: etag, 'Cache-Control': REVALIDATE });
}

/**
 * serveStatic with headers chosen per found file. (Its own onFound hook runs after the response is built, so
 * headers set there would be lost; they are set on the returned response instead.)
 */
function staticFiles(
  options: StaticOptions,
  headersFor: (filePath: string) => Record<string, string>,
): MiddlewareHandler {
  return async (c, next) => {
    let found: string | undefined;
    const response = await serveStatic({
      ...options,
      onFound: (filePath) => {
        found = filePath;
      },
    })(c, next);
    if (response instanceof Response && found) {
      for (const [name, value] of Object.entries(headersFor(found))) response.headers.set(name, value);
    }
    return response;
  };
}

/**
 * /uploads/<key>: the photo stored under that key, streamed from the image storage (a folder or a bucket), so
 * the browser and the service worker always load photos from this origin (decision 0005). A photo of a listing
 * that is hidden or deleted is withheld (404) while it is (server/images/photo-listings.ts).
 */
export function serveUploads(app: Hono, deps: Pick<AppDeps, 'db' | 'images'>): void {
  app.get(`${UPLOADS_BASE_PATH}/*`, async (c, next) => {
    const key = c.req.path.slice(UPLOADS_BASE_PATH.length + 1);
    if (!isStorageKey(key) || !(await isPhotoServed(deps.db, key))) return next();
    const image = await deps.images.open(key);
    if (!image) return next();
    const headers: Record<string, string> = {
      'Content-Type': image.contentType,
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    };
    if (image.size !== undefined) headers['Content-Length'] = String(image.size);
    if (c.req.method === 'HEAD') {
      // Let go of the open file or bucket connection: a HEAD answer has no body.
      await image.body.cancel();
      return c.body(null, 200, headers);
    }
    return c.body(image.body, 200, headers);
  });
}

export function serveApp(app: Hono, staticDir: string): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No built app at ${indexFile}; run \`npm run build\` first.`);

  app.get(
    '/assets/*',
    staticFiles({ root }, () => ({ 'Cache-Control': IMMUTABLE })),
  );
  // The shell, for `/` and every client route: with the page's own chunks named in its head, in the visitor's
  // language (the one picked on this phone, else the phone's), so a Bangla phone sees Bangla from the first
  // paint. The answer depends on those two headers: a shared cache must not hand one visitor's to another.
  const shells = loadAppShells(root);
  const shell = (c: Context) => {
    const locale = requestLocale({ cookie: c.req.header('cookie'), acceptLanguage: c.req.header('accept-language') });
    // A path no page shows gets the same shell (the app renders its not-found page) with a real 404, so crawlers
    // and link checkers do not take it for a page.
    const status = c.req.path === '/' || matchRoute(c.req.path) ? 200 : 404;
    // With the page's own title and description. The landing page's shell has its own from the build, and the
    // shell files named below keep the site's: the service worker serves them for any page. A phone that saves data
    // gets the landing's first screen with the smallest hero (src/domain/data-saver.ts).
    const savingData = requestSavesData({ saveData: c.req.header('save-data'), cookie: c.req.header('cookie') });
    const page = shellFor(shells, c.req.path, locale, savingData);
    const html = c.req.path === '/' ? page : withPageHead(page, pageHead(c.req.path, locale));
    return c.html(html, status, {
      'Cache-Control': REVALIDATE,
      Vary: 'Cookie, Accept-Language, Save-Data',
    });
  };
  const shellFile = (c: Context, { kind, locale }: { kind: ShellKind; locale: Locale }) =>
    c.html(
      kind === LIST_SHELL_KIND
        ? (shells.list?.[locale] ?? shells.index[locale])
        : shellFor(shells, kind === 'landing' ? '/' : c.req.path, locale),
      200,
      { 'Cache-Control': REVALIDATE },
    );
  app.get(
    '*',
    async (c: Context, next: Next) => {
      if (c.req.path === API_BASE_PATH || c.req.path.startsWith(`${API_BASE_PATH}/`)) return next();
      if (c.req.path === '/') return shell(c);
      const named = SHELL_FILES.get(c.req.path);
      if (named) return shellFile(c, named);
      const unchanged = await unchangedFile(c, root);
      if (unchanged) return unchanged;
      return staticFiles({ root }, (filePath) => ({
        'Cache-Control': ALWAYS_FRESH.has(path.basename(filePath)) ? REVALIDATE : SHORT,
      }))(c, next);
    },
    // SPA fallback: any other page path is a client route. Missing assets and uploads stay 404s, so a stale
    // script URL never receives HTML.
    async (c: Context, next: Next) => {
      const requestPath = c.req.path;
      if (
        requestPath.startsWith(`${API_BASE_PATH}/`) ||
        requestPath === API_BASE_PATH ||
        requestPath.startsWith('/assets/') ||
        requestPath.startsWith(`${UPLOADS_BASE_PATH}/`)
      ) {
        return next();
      }
      return shell(c);
    },
  );
}
