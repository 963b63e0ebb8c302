import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { meta, sitemapPaths } from '../support/public-pages';
import { BASE_URL } from '../support/stack';

/** For looking, not a check: `SCREENS=1 npx playwright test --project=screens e2e/screens/share.spec.ts`. */
test('screenshots: the public pages at 390 and 1280 px in both languages, and a Facebook-size preview card', async ({
  page,
}) => {
  const paths = await sitemapPaths(page);
  const adPath = paths.find((path) => path.startsWith('/rent/'))!;
  const prosPath = paths.find((path) => path.startsWith('/pros/'))!;
  mkdirSync('.tmp/screenshots', { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const locale of ['en', 'bn']) {
      for (const [name, path] of [
        ['rent', adPath],
        ['pros', prosPath],
      ] as const) {
        await page.goto(`${path}?lang=${locale}`);
        await page.screenshot({ path: `.tmp/screenshots/public-${name}-${locale}-${width}.png`, fullPage: true });
      }
    }
  }

  // The card Facebook draws for a shared link (the 1200x630 image, site, title, description) from the page's
  // tags, at the half size a phone's feed shows it.
  await page.goto(adPath);
  const tags = {
    image: (await meta(page, 'property="og:image"')) ?? '',
    title: (await meta(page, 'property="og:title"')) ?? '',
    description: (await meta(page, 'property="og:description"')) ?? '',
    host: new URL((await meta(page, 'property="og:url"')) ?? BASE_URL).host.toUpperCase(),
  };
  await page.setViewportSize({ width: 600, height: 500 });
  await page.route('**/preview-card', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><body style="margin:0;background:#f0f2f5;font-family:Helvetica,Arial,sans-serif">
        <div id="card" style="width:600px;background:#fff;border:1px solid #dadde1">
          <img id="image" style="display:block;width:600px;height:315px;object-fit:cover">
          <div style="padding:10px 12px;background:#f2f3f5;border-top:1px solid #dadde1">
            <div id="host" style="color:#606770;font-size:12px;text-transform:uppercase"></div>
            <div id="title" style="color:#1d2129;font-size:16px;font-weight:600;margin:3px 0"></div>
            <div id="description" style="color:#606770;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"></div>
          </div>
        </div></body></html>`,
    }),
  );
  await page.goto(`${BASE_URL}/preview-card`);
  await page.evaluate((card) => {
    (document.getElementById('image') as HTMLImageElement).src = card.image;
    document.getElementById('host')!.textContent = card.host;
    document.getElementById('title')!.textContent = card.title;
    document.getElementById('description')!.textContent = card.description;
  }, tags);
  await expect(page.locator('#image')).toHaveJSProperty('complete', true);
  // Into the test's output; SHARE_PREVIEW_TO_DOCS=1 refreshes the picture kept in docs/.
  const cardPath = process.env.SHARE_PREVIEW_TO_DOCS
    ? 'docs/share-preview-card.png'
    : test.info().outputPath('card.png');
  await page.locator('#card').screenshot({ path: cardPath, type: 'png' });
});
