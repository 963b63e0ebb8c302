import { expect, type Page } from '@playwright/test';

/** The public pages the sitemap lists (read as a crawler would, signed out). */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The content of the page's first `<meta>` matching `selector` (e.g. `property="og:title"`). */
export const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
