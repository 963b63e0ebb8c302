import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { LISTING_KIND_FACTS, LISTING_KINDS, type ListingKind } from '../../src/domain/listing-kinds';
import { PUBLIC_PAGE_LANGUAGE_PARAM } from '../../src/domain/public-pages';
import { isLocale, requestLocale, type Locale } from '../../src/i18n/locale';
import type { AppDeps } from '../deps';
import { inLanguage } from '../http/request-locale';
import { etagMatches } from '../http/etag';
import { previewLimit } from '../http/limits';
import { createOgImages, OG_IMAGE_BASE_PATH, photoKeyOfOgPath } from './og-image';
import { findPublicProvider, findPublicRentAd, type PublicLookup } from './public-listings';
import { providerPage, rentAdPage, unavailablePage, type PageContext } from './public-page-html';
import { publicPageCssPath, publicPageCssWithFonts } from './public-page-style';
import { createSitemapCache, robotsTxt, type SitemapCache } from './sitemap';

/**
 * The public pages a shared link opens, to anyone, signed in or not: /rent/{id} (a rent ad) and /pros/{userId}
 * (a provider, their services and reviews), with /robots.txt, /sitemap.xml, the pages' style sheet and the
 * preview images. See docs/operations.md ("Public pages and the CDN") for their caching and purging.
 */

/** The paths of one public page (`/rent/{id}`) as a CDN purge names them (both languages). */
export function publicPagePaths(pagePath: string, id: string): string[] {
  return [`${pagePath}/${id}`, `${pagePath}/${id}?lang=en`, `${pagePath}/${id}?lang=bn`];
}

/**
 * A shared cache (a CDN) may keep a page 5 minutes and serve it 1 more while it fetches a new one; browsers
 * revalidate with the ETag each time. A change (an edit, Booked, a deletion) is public within minutes without a
 * purge, at once with one.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
/** A missing page may appear (an ad un-hidden) or a deleted one stays gone: a minute for either. */
export const UNAVAILABLE_PAGE_CACHE = 'public, max-age=0, s-maxage=60';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** As the manifest's share_target names it (sw/sw-constants.ts). */
const SHARE_TARGET_PATH = '/share-target/rent';

/**
 * The page's language: `?lang=` when given (links and the canonical URLs carry it, so a CDN keys on the URL
 * alone), else the phone's choice or its Accept-Language, as every other page.
 */
function pageLocale(c: Context): { locale: Locale; fromQuery: boolean } {
  const asked = c.req.query(PUBLIC_PAGE_LANGUAGE_PARAM);
  if (asked !== undefined && isLocale(asked)) return { locale: asked, fromQuery: true };
  return {
    locale: requestLocale({ cookie: c.req.header('cookie'), acceptLanguage: c.req.header('accept-language') }),
    fromQuery: false,
  };
}

function weakEtag(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function answerPage(c: Context, html: string, status: 200 | 404 | 410, fromQuery: boolean): Response {
  const etag = weakEtag(html);
  const headers: Record<string, string> = {
    'Cache-Control': status === 200 ? PUBLIC_PAGE_CACHE : UNAVAILABLE_PAGE_CACHE,
    ETag: etag,
  };
  // Without ?lang= the words depend on the phone's language: a cache keys on those headers too.
  if (!fromQuery) headers.Vary = 'Cookie, Accept-Language';
  if (status === 200 && etagMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
  return c.html(html, status, headers);
}

export function publicPageRoutes(app: Hono, deps: AppDeps, staticDir?: string): void {
  const origin = deps.config.publicUrl;
  const css = publicPageCssWithFonts(staticDir);
  const cssPath = publicPageCssPath(css);
  const ogImages = createOgImages(deps);
  const sitemap: SitemapCache = createSitemapCache(deps);

  const page =
    <T>(
      kind: ListingKind,
      find: (id: string) => Promise<PublicLookup<T>>,
      render: (ctx: PageContext, value: T) => string,
    ) =>
    async (c: Context) => {
      const id = c.req.param('id') ?? '';
      const { locale, fromQuery } = pageLocale(c);
      const path = `${LISTING_KIND_FACTS[kind].publicPage.path}/${id.toLowerCase()}`;
      const ctx: PageContext = { locale, origin, cssPath, path };
      const found = await find(id);
      return inLanguage(locale, () =>
        found.state === 'live'
          ? answerPage(c, render(ctx, found.value), 200, fromQuery)
          : answerPage(c, unavailablePage(ctx, found.state === 'gone'), found.state === 'gone' ? 410 : 404, fromQuery),
      );
    };

  // A service is shown on its provider's page, so that page is found by the provider's id.
  const publicPages: Record<ListingKind, (c: Context) => Promise<Response>> = {
    rent: page('rent', (id) => findPublicRentAd(deps.db, id), rentAdPage),
    service: page('service', (id) => findPublicProvider(deps.db, id), providerPage),
  };
  for (const kind of LISTING_KINDS) app.get(`${LISTING_KIND_FACTS[kind].publicPage.path}/:id`, publicPages[kind]);

  app.get(cssPath, (c) => c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': IMMUTABLE }));

  app.get(`${OG_IMAGE_BASE_PATH}/*`, previewLimit(deps), async (c, next) => {
    const key = photoKeyOfOgPath(c.req.path.slice(OG_IMAGE_BASE_PATH.length + 1));
    const jpeg = key ? await ogImages.render(key) : undefined;
    if (!jpeg) return next();
    return c.body(new Uint8Array(jpeg), 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(jpeg.length),
      'Cache-Control': IMMUTABLE,
      // Link previews are fetched by other sites' servers; the page itself embeds the WebP.
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  // The manifest's share_target, reached without the service worker (it was removed, or is updating): the form
  // opens without the photos rather than a 404. The body is not read.
  app.post(SHARE_TARGET_PATH, (c) => c.redirect('/main/add-rent', 303));

  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(origin), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  app.get('/sitemap.xml', async (c) =>
    c.body(await sitemap.xml(), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=600',
    }),
  );
}
