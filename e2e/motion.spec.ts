import { expect, test, type Page, type Response } from '@playwright/test';
import { waitForSignedInWorker } from './support/service-worker';
import { demoUsers, signedInStatePath } from './support/sign-in';

/**
 * framer-motion (src/ui/motion) arrives after a page's first content, and follows the reduced-motion setting. On a
 * phone that may be on mobile data (this one's browser does not say), it comes only once the app's code is on the phone
 * (a phone where someone signed in caches it): a first visit does not pay for it (issue 23).
 * Its code is told apart by a name only its renderer holds: the transform property `transformPerspective`.
 */
const FRAMER_MARKER = 'transformPerspective';

async function hasFramer(response: Response): Promise<boolean> {
  if (!/\.js($|\?)/.test(response.url())) return false;
  return (await response.text().catch(() => '')).includes(FRAMER_MARKER);
}

/** The page's JS responses, as they come. */
function recordScripts(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (/\.js($|\?)/.test(response.url())) responses.push(response);
  });
  return responses;
}

const FIRST_CONTENT: { path: string; shown: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    shown: async (page) => {
      // The prerendered first screen is there before any script: the app has drawn once it has gone.
      await page.waitForFunction(() => document.getElementById('first-screen') === null);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  { path: '/main/rent', shown: (page) => expect(page.locator('.rent-card').first()).toBeVisible() },
  { path: '/main/find-service/all', shown: (page) => expect(page.locator('.service-card').first()).toBeVisible() },
];

test('framer-motion never comes on a signed-out first visit, and comes signed in only after each page’s first content', async ({
  page: visitorPage,
  browser,
}) => {
  await test.step('a first visit on a phone, signed out, never loads it', async () => {
    const page = visitorPage;
    const scripts = recordScripts(page);
    await page.goto('/');
    await FIRST_CONTENT[0]!.shown(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000); // past the idle moment the kit would be asked for (use-motion-kit.ts)
    expect(scripts.length).toBeGreaterThan(0);
    for (const response of scripts) expect(await hasFramer(response), response.url()).toBe(false);
  });

  await test.step('signed in, no page loads it before its first content; it arrives afterwards', async () => {
    const member = await browser.newContext({ storageState: signedInStatePath(demoUsers[0]!) });
    const page = await member.newPage();
    await page.goto('/');
    await waitForSignedInWorker(page);
    for (const { path, shown } of FIRST_CONTENT) {
      const scripts = recordScripts(page);
      await page.goto(path);
      await shown(page);
      const firstLoad = [...scripts];
      expect(firstLoad.length, `scripts of ${path}`).toBeGreaterThan(0);
      for (const response of firstLoad) {
        expect(await hasFramer(response), `${response.url()} in the first load of ${path}`).toBe(false);
      }
      await expect
        .poll(async () => (await Promise.all(scripts.map(hasFramer))).some(Boolean), { timeout: 20_000 })
        .toBe(true);
      page.removeAllListeners('response');
    }
    await member.close();
  });
});

/** Opens the first reviews dialog of the find-service list and samples its panel every frame while it opens. */
async function openDialogSampling(page: Page): Promise<{ moved: boolean; opacity: number }[]> {
  await page.goto('/main/find-service/all');
  await expect(page.locator('.service-card').first()).toBeVisible();
  // The dialog animates once framer-motion is on the page (after the list is shown).
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /motion-features/.test(entry.name))),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  return page.evaluate(async () => {
    const samples: { moved: boolean; opacity: number }[] = [];
    // The card's reviews button (its first button is the Save heart).
    document.querySelector<HTMLButtonElement>('.service-card button.button--block')?.click();
    const started = performance.now();
    while (performance.now() - started < 1500) {
      await new Promise(requestAnimationFrame);
      const panel = document.querySelector('.dialog__panel');
      if (panel) {
        const style = getComputedStyle(panel);
        const moved = style.transform !== 'none' && !new DOMMatrixReadOnly(style.transform).isIdentity;
        samples.push({ moved, opacity: Number(style.opacity) });
      }
    }
    return samples;
  });
}

test.describe('dialogs', () => {
  test.use({ storageState: signedInStatePath(demoUsers[0]!) });

  test('a dialog rises in as it opens, and with reduced motion only fades in', async ({ page }) => {
    await page.goto('/');
    await waitForSignedInWorker(page);
    const samples = await openDialogSampling(page);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.moved)).toBe(true);
    expect(samples.at(-1)!.moved).toBe(false);
    expect(samples.at(-1)!.opacity).toBe(1);

    // With reduced motion it opens without moving: framer-motion did run (it fades the panel in) and skipped the
    // movement.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await openDialogSampling(page);
    expect(reduced.length).toBeGreaterThan(0);
    expect(reduced.filter((sample) => sample.moved)).toEqual([]);
    expect(reduced.some((sample) => sample.opacity < 1)).toBe(true);
    expect(reduced.at(-1)!.opacity).toBe(1);
  });
});
