import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { RentPost } from '../src/domain/rent-post';
import { demoUsers, sessionTokenOf, signedInStatePath } from './support/sign-in';

/**
 * Data saver (issue 23, point 4): with the phone's Save-Data (the header and `navigator.connection.saveData`) or
 * Basha's own switch, photos come in their smallest size, and a gallery's next photos only when the person moves
 * to them. Counted here: the images the page itself asks for (not the service worker's caching), and their bytes.
 */

/** The phone's data saver as Chromium shows it to pages: the header on every request and the page's own reading. */
async function phoneSavesData(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  await context.addInitScript(() => {
    const connection = { saveData: true, type: 'cellular', addEventListener() {}, removeEventListener() {} };
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
  });
}

/**
 * Every image the page requested, with the bytes of its body. A body is read after its response event, so the
 * lists are complete only once `settled()` has awaited the reads still going.
 */
function watchImages(page: Page) {
  const images: { url: string; bytes: number }[] = [];
  const reading = new Set<Promise<void>>();
  // The body's own length: an answer from the service worker has no size on the wire that Chromium reports.
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'image' || request.serviceWorker()) return;
    const read = response
      .body()
      .catch(() => undefined)
      .then((body) => {
        images.push({ url: new URL(request.url()).pathname, bytes: body?.length ?? 0 });
      });
    reading.add(read);
    void read.finally(() => reading.delete(read));
  });
  return {
    images,
    settled: async () => {
      while (reading.size > 0) await Promise.all([...reading]);
    },
    heroes: () => images.filter((image) => image.url.startsWith('/images/landing/hero-')).map((image) => image.url),
    bytes: () => images.reduce((total, image) => total + image.bytes, 0),
  };
}

/** Waits until `image` has been loaded and drawn: visible alone is an element whose photo may still be on its way. */
async function imageLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

async function landingImages(page: Page) {
  const seen = watchImages(page);
  await page.goto('/');
  await expect(page.locator('.hero__title').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await seen.settled();
  return seen;
}

/** A demo ad with several photos and thumbnails, and its page's images as the person first sees them. */
async function rentDetailImages(page: Page) {
  const token = (await sessionTokenOf(page))!;
  const response = await page.request.get('/api/v1/rent/rent-posts', { headers: { Authorization: `Bearer ${token}` } });
  const posts = ((await response.json()) as { data: RentPost[] }).data;
  const post = posts.find((candidate) => candidate.imageUrls.length >= 2 && candidate.thumbnailUrls.length >= 2)!;
  expect(post).toBeDefined();
  const seen = watchImages(page);
  await page.goto(`/main/view-rent/${post._id}`);
  await imageLoaded(page.locator('.rent-gallery__image'));
  await page.waitForLoadState('networkidle');
  await seen.settled();
  return { post, seen };
}

test('a phone that saves data gets the smallest photos, and Basha’s own switch does the same', async ({
  browser,
}, testInfo) => {
  await test.step('the landing hero comes in its smallest size, once', async () => {
    const normal = await browser.newContext({ ...testInfo.project.use });
    const plain = await landingImages(await normal.newPage());
    await normal.close();

    const saving = await browser.newContext({ ...testInfo.project.use });
    await phoneSavesData(saving);
    const small = await landingImages(await saving.newPage());
    await saving.close();

    console.log(
      `landing images: ${plain.images.length} requests, ${plain.bytes()} B; with Save-Data ${small.images.length}` +
        ` requests, ${small.bytes()} B (heroes ${plain.heroes().join(' ')} / ${small.heroes().join(' ')})`,
    );
    // A Pixel 7 (2.625 dppx) takes a wide hero; with data saver only the smallest, and only once: the prerendered
    // first screen and the app that replaces it ask for the same file.
    expect(plain.heroes()).toHaveLength(1);
    expect(plain.heroes()[0]).not.toBe('/images/landing/hero-480.webp');
    expect(small.heroes()).toEqual(['/images/landing/hero-480.webp']);
    expect(small.bytes()).toBeLessThan(plain.bytes());
  });

  await test.step('Basha’s own data saver switch reaches the prerendered first screen through its cookie', async () => {
    const context = await browser.newContext({ ...testInfo.project.use });
    const page = await context.newPage();
    await page.goto('/');
    // The switch lives in the header's menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const toggle = page.getByRole('button', { name: 'Data saver' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await context.cookies()).find((cookie) => cookie.name === 'basha-data-saver')?.value).toBe('on');
    // A first visit in a new tab of the same browser, before any worker answers: the server's own first screen.
    await context.close();

    const fresh = await browser.newContext({ ...testInfo.project.use });
    await fresh.addCookies([{ name: 'basha-data-saver', value: 'on', url: testInfo.project.use.baseURL! }]);
    const html = await (await fresh.request.get('/')).text();
    expect(html).toContain('hero-480.webp');
    expect(html).not.toMatch(/hero-(960|1600)\.webp/);
    const seen = await landingImages(await fresh.newPage());
    expect(seen.heroes()).toEqual(['/images/landing/hero-480.webp']);
    await fresh.close();
  });

  await test.step('a rent detail shows small photos, the next one only when asked for', async () => {
    const signedIn = { ...testInfo.project.use, storageState: signedInStatePath(demoUsers[0]!) };
    const normal = await browser.newContext(signedIn);
    const plain = await rentDetailImages(await normal.newPage());
    const plainPhotos = plain.seen.images.filter((image) => plain.post.imageUrls.includes(image.url));
    await normal.close();

    const saving = await browser.newContext(signedIn);
    await phoneSavesData(saving);
    const page = await saving.newPage();
    const small = await rentDetailImages(page);
    const { post } = small;
    const gallery = () =>
      small.seen.images.filter((image) => post.imageUrls.includes(image.url) || post.thumbnailUrls.includes(image.url));

    console.log(
      `rent detail photos: ${plainPhotos.map((image) => `${image.url} ${image.bytes} B`).join(', ')}; with Save-Data` +
        ` ${gallery()
          .map((image) => `${image.url} ${image.bytes} B`)
          .join(', ')}`,
    );
    expect(plainPhotos.map((image) => image.url)).toEqual([plain.post.imageUrls[0]]);
    expect(gallery()[0]!.bytes).toBeLessThan(plainPhotos[0]!.bytes);
    // Only the first photo, as its small rendition; none of the large ones.
    expect(gallery().map((image) => image.url)).toEqual([post.thumbnailUrls[0]]);
    expect(small.seen.images.some((image) => post.imageUrls.includes(image.url))).toBe(false);
    // The next photo comes when the person moves to it, small too.
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect
      .poll(() => gallery().map((image) => image.url))
      .toEqual([post.thumbnailUrls[0], post.thumbnailUrls[1]]);
    await saving.close();
  });
});
