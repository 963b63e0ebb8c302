import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { m } from '../src/i18n/generated/messages.js';
import { BASE_URL } from './support/stack';
import { signInInLocale } from './support/sign-in';
import { createAccount } from './support/verified-account';

/**
 * Laptops and desktop windows. The header's links once wrapped under the bar and over the page (a signed-in person
 * has eleven of them, Bangla's are longer), a card without a cover stood shorter than its neighbours, and the call
 * button broke its number over two lines.
 */

async function signedInWindow(browser: Browser, locale: 'en' | 'bn', width: number): Promise<Page> {
  const person = await createAccount(
    `wide-${locale}`,
    { occupation: 'Teacher', gender: 'Female' },
    { verified: false },
  );
  // A laptop's browser: the project's phone (its user agent asks for the menu at any width) is replaced.
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width, height: 900 },
    locale: locale === 'bn' ? 'bn-BD' : 'en-US',
  });
  const page = await context.newPage();
  await signInInLocale(page, person, locale);
  return page;
}

/** Signed in at `width`: the header keeps its links on one row inside it, and every action fits beside the brand. */
async function expectHeaderOnOneRow(page: Page, locale: 'en' | 'bn', width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/main/find-service/all');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const nav = page.getByRole('navigation', { name: m.app_nav_label({}, { locale }) });
  // Signed in: the profile, saved and verify-e-mail links beside rentals and the seven categories.
  await expect(nav.getByRole('link', { name: m.saved_menu_link({}, { locale }) })).toBeVisible();
  await expect(page.getByRole('button', { name: m.app_menu_open({}, { locale }) })).toBeHidden();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));

  const header = (await page.getByRole('banner').boundingBox())!;
  const links = await nav.getByRole('link').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent, top: Math.round(box.top), bottom: box.bottom };
    }),
  );
  expect(links.length).toBeGreaterThanOrEqual(10);
  expect(new Set(links.map((link) => link.top)).size, JSON.stringify(links)).toBe(1);
  for (const link of links) expect(link.bottom, link.text ?? '').toBeLessThanOrEqual(header.y + header.height);
  const brand = (await page.getByRole('link', { name: m.app_home_link({}, { locale }) }).boundingBox())!;
  expect(brand.height).toBeLessThan(48);
  // The page starts below the header, not under it.
  const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
  // Sign out everywhere waits on the profile page here (the bar has no room for it beside Install).
  await expect(
    page.getByRole('banner').getByRole('button', { name: m.ui_sign_out_everywhere({}, { locale }) }),
  ).toBeHidden();
  await expectActionsFitWithInstall(page, locale);
}

/** The browser offers to install Basha, as Chromium does on a desktop: the bar's longest set of actions. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
}

/** Every action of the bar inside the header, on the brand's row, and the brand on one line. */
async function expectActionsFitWithInstall(page: Page, locale: 'en' | 'bn') {
  await offerInstall(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: m.app_install({}, { locale }) })).toBeVisible();
  const fit = await page.evaluate(() => {
    const inner = document.querySelector('.site-header__inner')!.getBoundingClientRect();
    const brand = document.querySelector('.site-header__brand')!.getBoundingClientRect();
    const actions = [...document.querySelectorAll('.site-nav__actions > *')]
      .map((action) => action.getBoundingClientRect())
      .filter((box) => box.width > 0);
    return {
      inside: actions.every((box) => box.right <= inner.right + 1 && box.left >= brand.right),
      oneRow: actions.every((box) => box.bottom <= brand.bottom + 12),
      brandHeight: brand.height,
      actions: actions.map((box) => [Math.round(box.left), Math.round(box.right)]),
      inner: [Math.round(inner.left), Math.round(inner.right)],
    };
  });
  expect(fit.inside && fit.oneRow, JSON.stringify(fit)).toBe(true);
  expect(fit.brandHeight).toBeLessThan(48);
}

/** Signed out at 769 px, the narrowest wide screen: the bar holds the brand and every action, Install included. */
async function expectBarFitsAt769(browser: Browser, locale: 'en' | 'bn') {
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 769, height: 900 },
    locale: locale === 'bn' ? 'bn-BD' : 'en-US',
  });
  await context.addCookies([{ name: 'basha-locale', value: locale, url: BASE_URL }]);
  const page = await context.newPage();
  await page.goto('/main/rent');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('button', { name: m.app_menu_open({}, { locale }) })).toBeHidden();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expectActionsFitWithInstall(page, locale);
  await context.close();
}

/** Service cards in a row line up, with or without a cover, and a call button keeps its number whole (at 1440 px). */
async function expectServiceCardsLineUp(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/main/find-service/all');
  const placeholder = page.locator('.service-card__placeholder').first();
  await placeholder.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const row = await page.locator('.service-card').evaluateAll((cards) => {
    const placeholderCard = document.querySelector('.service-card__placeholder')!.closest('.service-card')!;
    const top = placeholderCard.getBoundingClientRect().top;
    return cards
      .filter((card) => Math.abs(card.getBoundingClientRect().top - top) < 1)
      .map((card) => ({
        photo: card.querySelector('.service-card__media img') !== null,
        mediaHeight: card.querySelector('.service-card__media')!.getBoundingClientRect().height,
        numberLines: card.querySelector('.contact-buttons__number')!.getClientRects().length,
      }));
  });
  expect(row.some((card) => card.photo) && row.some((card) => !card.photo), JSON.stringify(row)).toBe(true);
  expect(new Set(row.map((card) => Math.round(card.mediaHeight))).size, JSON.stringify(row)).toBe(1);
  for (const card of row) expect(card.numberLines).toBe(1);
}

/** A phone held sideways gets the menu from the first paint, before the app runs. */
async function expectSidewaysPhoneMenu(browser: Browser) {
  // Without JavaScript the page stays at its prerendered first screen, the header as the server sent it.
  const context = await browser.newContext({ ...devices['Pixel 7 landscape'], javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/', '/main/find-service/all']) {
    await page.goto(path);
    // The phone's header: its links wait in the closed menu (whose button waits for the app, src/styles/base.css).
    await expect(page.locator('#first-screen .site-header__menu-button')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: m.app_nav_label() })).toBeHidden();
    expect((await page.getByRole('banner').boundingBox())!.height).toBe(64);
  }
  await context.close();
}

for (const locale of ['en', 'bn'] as const) {
  test(`a laptop in ${locale === 'en' ? 'English' : 'Bangla'}: the header holds its links and actions at every width, and the lists line up`, async ({
    browser,
  }) => {
    const page = await signedInWindow(browser, locale, 800);
    for (const width of [800, 1280]) {
      await test.step(`${width} px, signed in`, () => expectHeaderOnOneRow(page, locale, width));
    }
    if (locale === 'bn') await test.step('service cards at 1440 px', () => expectServiceCardsLineUp(page));
    await page.context().close();
    await test.step('769 px, signed out', () => expectBarFitsAt769(browser, locale));
    if (locale === 'en') await test.step('a phone held sideways', () => expectSidewaysPhoneMenu(browser));
  });
}
