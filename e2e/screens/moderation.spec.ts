import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { someoneElsesAd } from '../support/rent-cards';
import { demoModerator as moderator, signInAs } from '../support/sign-in';
import { BASE_URL } from '../support/stack';

// Screenshots of the report sheet and the moderation page at 390 and 1280 px, in English and Bangla, for review
// (`SCREENS=1 npx playwright test --project=screens e2e/screens/moderation.spec.ts`; written to .tmp/screenshots/moderation).
test('screenshots', async ({ browser }) => {
  test.setTimeout(300_000);
  const folder = '.tmp/screenshots/moderation';
  mkdirSync(folder, { recursive: true });
  for (const locale of ['en', 'bn'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      const page = await context.newPage();
      const selfId = await signInAs(page, moderator, '/main/rent');
      await context.addCookies([{ name: 'basha-locale', value: locale, url: BASE_URL }]);
      await page.goto('/main/rent');
      const ad = await someoneElsesAd(page, selfId);
      await page.goto(`/main/view-rent/${ad.id}`);
      await page.locator('.report-flag').click();
      const sheet = page.locator('dialog[open]');
      await expect(sheet).toBeVisible();
      await sheet.locator('input[value="other"]').check();
      await page.screenshot({ path: `${folder}/report-sheet-${locale}-${width}.png` });
      await sheet.locator('button[type="submit"]').click();
      await page.screenshot({ path: `${folder}/report-sheet-error-${locale}-${width}.png` });
      await sheet.locator('textarea').fill('Asked for an advance before any visit.');
      await sheet.locator('button[type="submit"]').click();
      await expect(sheet).toBeHidden();
      await page.goto('/main/moderation');
      await expect(page.locator('.moderation-page h1')).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${folder}/moderation-${locale}-${width}.png`, fullPage: true });
      await context.close();
    }
  }
});
