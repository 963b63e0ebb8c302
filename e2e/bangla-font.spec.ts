import { expect, test, type Page } from '@playwright/test';

/**
 * The Bangla face (issue 18, point 7): English pages never download it; a Bangla first visit gets Bangla in its
 * first paint, drawn with the preloaded face, without layout shift. The font bytes are reported as annotations.
 */

/** Every font the page downloads from now on, with its size. */
function watchFonts(page: Page): { url: string; bytes: number }[] {
  const fonts: { url: string; bytes: number }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'font' && !response.url().endsWith('.woff2')) return;
    void response
      .body()
      .then((body) => fonts.push({ url: response.url(), bytes: body.length }))
      .catch(() => fonts.push({ url: response.url(), bytes: 0 }));
  });
  return fonts;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test('English pages never download the Bangla face and name Bangla with a tiny one; a Bangla phone gets its first screen drawn with the preloaded face, without layout shift', async ({
  browser,
  request,
}, testInfo) => {
  const english = await browser.newContext({ locale: 'en-US' });
  await test.step('an English first visit never downloads it', async () => {
    const page = await english.newPage();
    const fonts = watchFonts(page);
    for (const path of ['/', '/terms', '/privacy', '/services/plumber', '/auth/login']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await settle(page);
    }
    // The whole landing page, its lazy sections included.
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page);
    expect(fonts).toEqual([]);
  });

  await test.step('the switch names Bangla with the face cut to its letters, on a device without Bangla fonts', async () => {
    const page = await english.newPage();
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The phone's switch is in the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const bangla = page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'বাংলা' });
    await expect(bangla).toBeVisible();
    expect(await bangla.evaluate((button) => getComputedStyle(button).fontFamily)).toMatch(/^"Basha Language Names",/);
    // A face loads only when the page draws text with it; this one comes with the style sheet (no request).
    await expect
      .poll(() =>
        page.evaluate(() => [...document.fonts].find((face) => face.family.includes('Basha Language Names'))?.status),
      )
      .toBe('loaded');
    // Drawn with its own glyphs, not the missing-glyph box of a font without them: each letter has its own width.
    const widths = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = '16px "Basha Language Names"';
      return [...'বাংলা'].map((letter) => Math.round(context.measureText(letter).width * 10));
    });
    expect(new Set(widths).size).toBeGreaterThan(2);
  });
  await english.close();

  const bangla = await browser.newContext({ locale: 'bn-BD' });
  await test.step('a Bangla phone gets the Bangla first screen, drawn with the preloaded face', async () => {
    const page = await bangla.newPage();
    // The first screen as the server sends it, before any script runs.
    const shell = await (await request.get('/', { headers: { 'Accept-Language': 'bn-BD,bn;q=0.9' } })).text();
    expect(shell).toContain('<html lang="bn">');
    // Both weights the first screen draws with (the brand and headings are 600).
    for (const weight of [400, 600]) {
      expect(shell).toMatch(
        new RegExp(
          `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/[^"]+-${weight}-normal-[^"]+\\.woff2">`,
        ),
      );
    }
    expect(shell).toContain('ঘরের সেবা এখন সহজ');

    const fonts = watchFonts(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { __shifts: shifts });
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ঘরের সেবা এখন সহজ, জীবন আরও আরামের');
    await settle(page);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'বাসা'))).toBe(true);

    const total = fonts.reduce((sum, font) => sum + font.bytes, 0);
    const figure = `${total} bytes: ${fonts.map((font) => `${font.url.split('/').pop()} ${font.bytes}`).join(', ')}`;
    testInfo.annotations.push({ type: 'Bangla font bytes on a first visit to /', description: figure });
    console.log(`Bangla font bytes on a first visit to /: ${figure}`);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.url.includes('noto-sans-bengali-bengali-'))).toBe(true);
    // Two weights of the Bengali subset at most, each fetched once (the preload is the one the page uses).
    expect(new Set(fonts.map((font) => font.url)).size).toBe(fonts.length);
    expect(total).toBeLessThan(100 * 1024);

    const shift = await page.evaluate(() =>
      ((window as unknown as { __shifts: number[] }).__shifts ?? []).reduce((sum, value) => sum + value, 0),
    );
    testInfo.annotations.push({ type: 'Layout shift on the Bangla landing page', description: shift.toFixed(4) });
    console.log(`Layout shift on the Bangla landing page: ${shift.toFixed(4)}`);
    expect(shift).toBeLessThan(0.1);
  });
  await bangla.close();
});
