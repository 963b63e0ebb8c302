import { expect, test } from '@playwright/test';
import { demoUsers, signInAs } from './support/sign-in';
import { BASE_URL } from './support/stack';

for (const locale of ['en', 'bn'] as const) {
  for (const width of [390, 1280]) {
    test(`screens ${locale} ${width}`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 800 },
        isMobile: width === 390,
        hasTouch: width === 390,
        baseURL: BASE_URL,
      });
      const page = await context.newPage();
      await signInAs(page, demoUsers[0]!, '/main/rent');
      await context.addCookies([{ name: 'basha-locale', value: locale, url: BASE_URL }]);
      await page.goto('/main/rent');
      const card = page.locator('.rent-card:not(.rent-card--pending)').first();
      await expect(card).toBeVisible();
      const heart = card.locator('.save-heart');
      if ((await heart.getAttribute('aria-pressed')) === 'false') await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(800);
      const shot = (name: string) => page.screenshot({ path: `.tmp/saved-shots/${locale}-${width}-${name}.png` });
      await shot('rent-list');
      await card.locator('a.rent-card__link').click();
      await expect(page.locator('.rent-details .save-heart')).toBeVisible();
      await page.waitForTimeout(800);
      await shot('rent-details');
      await page.goto('/main/find-service/all');
      const service = page.locator('.service-card').filter({ has: page.locator('.service-card__media img') }).first();
      const serviceHeart = service.locator('.save-heart');
      if ((await serviceHeart.getAttribute('aria-pressed')) === 'false') await serviceHeart.click();
      await expect(serviceHeart).toHaveAttribute('aria-pressed', 'true');
      await page.waitForTimeout(800);
      await shot('services');
      await service.locator('.service-card__provider a').click();
      await page.waitForTimeout(1500);
      // The provider page is /main/profile; the services page of a provider is prof-profile.
      const id = page.url().split('/').pop();
      await page.goto(`/main/prof-profile/${id}`);
      await page.waitForTimeout(1500);
      await shot('prof-profile');
      await page.goto('/main/saved');
      await expect(page.locator('.saved-item').first()).toBeVisible();
      await page.waitForTimeout(1000);
      await shot('saved');
      await page.screenshot({ path: `.tmp/saved-shots/${locale}-${width}-saved-full.png`, fullPage: true });
      await context.close();
    });
  }
}
