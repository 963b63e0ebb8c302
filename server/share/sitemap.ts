import type { AppDeps } from '../deps';
import { escapeXml } from './html';
import { publicSitemapEntries, type SitemapEntry } from './public-listings';

/**
 * robots.txt and sitemap.xml. The sitemap lists the public pages (the site's own, and every live rent ad and
 * provider page, newest first) read from the database on request and kept for a few minutes, so it is current
 * without a job, and a crawler asking often costs two indexed queries every few minutes at most. It is bounded
 * well under the format's 50,000 URLs and 50 MB.
 */

/** Of each kind (rent ads, providers): with the site's pages, under the format's 50,000 URLs. */
export const SITEMAP_MAX_LISTINGS = 20_000;
export const SITEMAP_CACHE_MS = 5 * 60 * 1000;

/** The site's public pages that are always there. */
const SITE_PAGES = ['/', '/about', '/contact', '/privacy', '/terms'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Pages behind sign-in show a sign-in form to a crawler, and the API is not for reading.
    'Disallow: /main/',
    'Disallow: /api/',
    'Disallow: /auth/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const url = (path: string, lastModified?: Date) =>
    `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${
      lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
    }</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITE_PAGES.map((path) => url(path)),
    ...entries.map((entry) => url(entry.path, entry.lastModified)),
    '</urlset>',
    '',
  ].join('\n');
}

export interface SitemapCache {
  xml(): Promise<string>;
}

export function createSitemapCache(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): SitemapCache {
  let cached: { xml: string; madeAt: number } | undefined;
  let making: Promise<string> | undefined;
  return {
    xml() {
      const now = deps.clock.now().getTime();
      if (cached && now - cached.madeAt < SITEMAP_CACHE_MS) return Promise.resolve(cached.xml);
      // Crawlers asking at once share one read.
      making ??= publicSitemapEntries(deps.db, SITEMAP_MAX_LISTINGS)
        .then((entries) => {
          const xml = sitemapXml(deps.config.publicUrl, entries);
          cached = { xml, madeAt: now };
          return xml;
        })
        .finally(() => {
          making = undefined;
        });
      return making;
    },
  };
}
