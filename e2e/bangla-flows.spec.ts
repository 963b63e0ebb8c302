import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { m } from '../src/i18n/generated/messages.js';
import { mailsFor, readOtp } from './support/mailbox';
import { choosePlace } from './support/place-picker';
import { signInInLocale } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { waitForSignedInWorker } from './support/service-worker';
import { createAccount } from './support/verified-account';

/**
 * The main flows on a phone whose language is Bangla (issue 18): register and verify by a mailed code in Bangla,
 * offer a service, review a provider, and browse lists and a detail offline, every text from the catalogs' Bangla
 * (a rewording keeps the test, an English word fails it) and every number in Bangla digits. Fresh accounts only:
 * signing in on a Bangla phone saves Bangla on the account, which must not reach the shared demo people. (Axe reads
 * the Bangla pages in e2e/site.spec.ts.)
 */
test.use({ locale: 'bn-BD' });

const bn = { locale: 'bn' } as const;
const BANGLA_DIGITS = /[০-৯]/;
const LATIN_DIGITS = /[0-9]/;

/** A fresh verified person, signed in on a new Bangla phone. */
async function freshBanglaPhone(browser: Browser, label: string) {
  const person = await createAccount(label, { occupation: 'Teacher', gender: 'Female' }, { verified: true });
  const context = await browser.newContext({ locale: 'bn-BD' });
  await context.addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
  const page = await context.newPage();
  await signInInLocale(page, person, 'bn');
  // The phone holds the app's code before any test goes offline (decision 0016).
  await waitForSignedInWorker(page);
  return { person, context, page };
}

test('a new person registers in Bangla, gets the code in a Bangla mail and verifies', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `nodi.${tag}@example.com`;
  const password = `pass-${tag}`;
  await page.goto('/auth/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByLabel(m.accounts_full_name({}, bn)).fill('নদী রহমান');
  await page.getByLabel(m.form_email({}, bn)).fill(email);
  await page.getByLabel(m.accounts_password({}, bn), { exact: true }).fill(password);
  await page.getByLabel(m.accounts_confirm_password({}, bn)).fill(password);
  // Numbers typed in Bangla digits, as a Bangla keyboard gives them.
  await page.getByLabel(m.accounts_phone_number({}, bn)).fill('+৮৮০ ১৭১২ ৩৪৫৬৭৮');
  await page.getByLabel(m.form_gender({}, bn)).selectOption('Female');
  await page.getByLabel(m.accounts_day({}, bn)).fill('১৪');
  await page.getByLabel(m.accounts_month({}, bn)).selectOption('4');
  await page.getByLabel(m.accounts_year({}, bn)).fill('১৯৯৪');
  await page.getByLabel(m.accounts_nationality({}, bn)).fill('বাংলাদেশি');
  await page.getByLabel(m.accounts_occupation({}, bn)).fill('শিক্ষক');
  await page.getByLabel(m.accounts_street({}, bn)).fill('বাড়ি ১২, রোড ৫, ধানমন্ডি');
  await page.getByLabel(m.form_city({}, bn)).fill('ঢাকা');
  await page.getByLabel(m.form_postal_code({}, bn)).fill('১২০৫');
  await page.getByRole('button', { name: m.accounts_create_account({}, bn) }).click();
  await expect(page.getByText(m.accounts_step_completed({}, bn)).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForURL(/\/auth\/otp-validate\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: m.accounts_verify_title({}, bn) })).toBeVisible();

  await expect(page.getByText(m.accounts_otp_active_code({}, bn))).toBeVisible(); // mailed as registration ended
  // The countdown counts in Bangla digits.
  await expect(page.getByText(new RegExp(m.accounts_resend_in({ seconds: '[০-৯]+' }, bn)))).toBeVisible();
  const code = await readOtp(email);
  const [mail] = await mailsFor(email);
  expect(mail!.subject).toBe(m.mail_otp_subject({}, bn));
  expect(mail!.text).toContain(m.mail_greeting({}, bn));
  expect(mail!.text).toContain(m.mail_otp_code({ code }, bn));

  await page.getByLabel(m.accounts_otp_label({}, bn)).fill(code);
  await page.getByRole('button', { name: m.accounts_verify_button({}, bn) }).click();
  await expect(page.getByText(m.accounts_otp_verified({}, bn)).first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/main/rent');
  await expect(page.getByRole('heading', { name: m.rent_list_title({}, bn) })).toBeVisible();
});

test('a provider offers a service in Bangla, and another person finds it by a Bangla search and reviews it', async ({
  browser,
}) => {
  const tag = randomUUID().slice(0, 6);
  const owner = await freshBanglaPhone(browser, 'bangla-provider');
  const page = owner.page;
  await page.goto('/main/offer-service');
  await page.getByLabel(m.services_service_type({}, bn)).selectOption('Painter');
  await page.getByLabel(m.services_contact_number_field({}, bn)).fill('+৮৮০ ১৭১২-৩৪৫৬৭৮');
  await page.getByLabel(m.services_address_line({}, bn)).fill('বাড়ি ৭, রোড ২, লালমাটিয়া, ঢাকা');
  await choosePlace(page, 'লালমাটিয়া', m.ui_places_search_label({}, bn));
  const cover = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#be185d' } })
    .png()
    .toBuffer();
  await page.getByLabel(m.services_cover_image({}, bn)).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: cover,
  });
  await page
    .getByLabel(m.services_description({}, bn))
    .fill(`কম গন্ধের রঙে ঘরের ভেতরের রং, কাজ শেষে ঘর পরিষ্কার করে দিই। রংমহল${tag}`);
  await page.getByLabel(m.services_minimum_price({}, bn)).fill('৭৭৭');
  await page.getByLabel(m.services_maximum_price({}, bn)).fill('৭৭৭৭');
  await page.getByLabel(m.services_day_monday({}, bn)).check();
  await page.getByLabel(m.services_time_night({}, bn)).check();
  await page.getByRole('button', { name: m.services_publish({}, bn) }).click();
  await expect(page.getByText(m.server_service_created({}, bn)).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForURL(`**/main/prof-profile/${owner.person.id}`);
  await expect(page.getByRole('heading', { name: 'রংমিস্ত্রি' })).toBeVisible();
  // Its prices in taka with Bangla digits.
  await expect(page.getByText(/৭৭৭/).first()).toBeVisible();

  // Another Bangla phone finds it by a Bangla word of its description and reviews it.
  const client = await freshBanglaPhone(browser, 'bangla-client');
  await client.page.goto('/main/find-service/painter');
  await client.page.getByLabel(m.services_search({}, bn)).fill(`রংমহল${tag}`);
  const card = client.page.locator('article.service-card');
  await expect(card).toHaveCount(1);
  await expect(client.page.locator('.filter-panel__count')).toContainText('১');
  await card.getByRole('button', { name: m.services_see_reviews({ count: '০' }, bn) }).click();
  const dialog = client.page.getByRole('dialog', {
    name: m.reviews_of_category_title({ category: 'রংমিস্ত্রি', categoryOf: 'রংমিস্ত্রির' }, bn),
  });
  await expect(dialog.getByText(m.reviews_none_yet({}, bn))).toBeVisible();
  await dialog.getByRole('radio', { name: m.reviews_stars({ count: '৪' }, bn) }).check();
  await dialog.getByLabel(m.reviews_feedback({}, bn)).fill('খুব যত্ন করে রং করেছেন, ফ্ল্যাটটা নতুনের মতো লাগছে।');
  await dialog.getByRole('button', { name: m.reviews_submit_feedback({}, bn) }).click();
  await expect(client.page.getByText(m.reviews_thank_you({}, bn)).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(m.services_rating_out_of_five({ rating: '৪.০' }, bn))).toBeVisible();
  await expect(card.getByRole('button', { name: m.services_see_reviews({ count: '১' }, bn) })).toBeVisible();
  // The card names the place chosen, in Bangla.
  await expect(card.getByText('লালমাটিয়া, ঢাকা', { exact: true })).toBeVisible();

  // The provider's page shows the review, in Bangla, to its owner.
  await page.goto(`/main/prof-profile/${owner.person.id}`);
  await expect(page.getByText(/৪\.০\/৫/).first()).toBeVisible();
  await owner.context.close();
  await client.context.close();
});

test('lists and a detail read offline in Bangla, with Bangla digits', async ({ browser }) => {
  const { context, page } = await freshBanglaPhone(browser, 'bangla-offline');
  await page.goto('/main/rent');
  await expect(page.getByRole('heading', { name: m.rent_list_title({}, bn) })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // A demo ad written in Bangla, found by a Bangla search and opened once online.
  await page.getByLabel(m.rent_search({}, bn), { exact: true }).fill('গুলশান');
  const card = page.locator('.rent-card:not(.rent-card--pending)').first();
  await expect(card).toContainText('গুলশান');
  const address = (await card.locator('.rent-card__address').textContent())!.trim();
  await card.getByRole('link').first().click();
  await page.waitForURL('**/main/view-rent/**');
  const detailUrl = page.url();
  await expect(page.getByText(address.split(',')[0]!).first()).toBeVisible();
  await page.goto('/main/find-service/all');
  await expect(page.locator('article.service-card').first()).toBeVisible();

  await context.setOffline(true);
  await page.goto('/main/rent');
  await expect(page.getByRole('heading', { name: m.rent_list_title({}, bn) })).toBeVisible();
  await expect(page.getByText(/^অফলাইন/).first()).toBeVisible();
  // The count and the prices in Bangla digits, no Latin digit among them.
  const count = page.locator('.rent-list__count');
  await expect(count).toHaveText(BANGLA_DIGITS);
  expect(await count.textContent()).not.toMatch(LATIN_DIGITS);
  const prices = await page.locator('.rent-card__price').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    expect(price).toMatch(/৳[০-৯]/);
    expect(price).not.toMatch(LATIN_DIGITS);
  }
  await page.getByLabel(m.rent_search({}, bn), { exact: true }).fill('গুলশান');
  await expect(page.locator('.rent-card__address').first()).toContainText('গুলশান');

  await page.goto(detailUrl);
  await expect(page.getByText(address.split(',')[0]!).first()).toBeVisible();
  await expect(page.getByText(/৳[০-৯]/).first()).toBeVisible();

  await page.goto('/main/find-service/all');
  await expect(page.locator('article.service-card').first()).toBeVisible();
  await expect(page.locator('.filter-panel__count')).toHaveText(BANGLA_DIGITS);
  await page.getByLabel(m.services_search({}, bn)).fill('ওয়্যারিং');
  await expect(page.locator('article.service-card').first()).toContainText('ওয়্যারিং');
  await context.setOffline(false);
  await context.close();
});

/** The words a browser draws into its own file and date controls, in its own language (issue 18). */
const BROWSER_ENGLISH = /Choose Files?\b|No file chosen|No files chosen|mm\/dd\/yyyy|dd\/mm\/yyyy/i;

/**
 * Every name, value and description in the page's accessibility tree, as Chromium hands it to a screen reader. The
 * aria snapshot shows names only: a file input's "No file chosen" is its accessible value.
 */
async function accessibleWords(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes.flatMap((node) =>
      [node.name, node.value, node.description].flatMap((field) => (field?.value ? [String(field.value)] : [])),
    );
  } finally {
    await cdp.detach();
  }
}

/** Neither the page's text nor any name, value or description a screen reader reads holds the browser's English. */
async function expectNoBrowserEnglish(page: Page) {
  expect(await page.locator('body').innerText()).not.toMatch(BROWSER_ENGLISH);
  expect(await page.locator('body').ariaSnapshot()).not.toMatch(BROWSER_ENGLISH);
  const words = await accessibleWords(page);
  expect(words.length, 'the accessibility tree was read').toBeGreaterThan(10);
  expect(words.filter((text) => BROWSER_ENGLISH.test(text))).toEqual([]);
  // The browser's own controls are out of sight: no date box of the browser, file inputs only a hidden pixel.
  await expect(page.locator('input[type=date], input[type=month], input[type=time], input[type=week]')).toHaveCount(0);
  for (const input of await page.locator('input[type=file]').all()) {
    const box = await input.boundingBox();
    expect(box === null || (box.width <= 1 && box.height <= 1), 'a file input shows itself').toBe(true);
  }
}

test('the photo pickers and the date field speak Bangla, and a photo can still be chosen', async ({
  browser,
}, testInfo) => {
  const { context, page } = await freshBanglaPhone(browser, 'bangla-controls');
  await page.goto('/main/add-rent');
  await expect(page.getByLabel(m.rent_field_category({}, bn))).toBeVisible();
  await expectNoBrowserEnglish(page);

  // The start date: Basha's field, in Bangla, taking Bangla digits, with a Bangla calendar.
  const start = page.getByLabel(m.rent_field_start_date({}, bn), { exact: true });
  await expect(start).toHaveAttribute('placeholder', m.form_date_placeholder({}, bn));
  await page.getByRole('button', { name: m.form_date_choose({ label: m.rent_field_start_date({}, bn) }, bn) }).click();
  const calendar = page.getByRole('group', {
    name: m.form_date_calendar({ label: m.rent_field_start_date({}, bn) }, bn),
  });
  await expect(calendar).toBeVisible();
  const calendarText = await calendar.innerText();
  expect(calendarText).toMatch(BANGLA_DIGITS);
  expect(calendarText).not.toMatch(LATIN_DIGITS);
  expect(calendarText).not.toMatch(/[A-Za-z]/);
  await calendar.getByRole('button', { pressed: false }).and(calendar.locator(':enabled')).last().click();
  await expect(calendar).toBeHidden();
  await expect(start).toHaveValue(/^[০-৯]{2}\/[০-৯]{2}\/[০-৯]{4}$/);

  // A photo is chosen through the hidden input the picker's face stands for.
  const photo = testInfo.outputPath('room.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toFile(photo);
  await page.getByLabel(m.rent_image_field({ number: '১' }, bn), { exact: true }).setInputFiles(photo);
  await expect(page.getByAltText(m.rent_image_preview({ number: '১' }, bn))).toBeVisible();
  await expectNoBrowserEnglish(page);

  // The service cover: Basha's button and, once chosen, the photo's name instead of the browser's words.
  await page.goto('/main/offer-service');
  await expect(page.getByText(m.ui_controls_choose_photo({}, bn)).first()).toBeVisible();
  await expect(page.getByText(m.ui_controls_no_photo({}, bn))).toBeVisible();
  await expectNoBrowserEnglish(page);
  await page.getByLabel(m.services_cover_image({}, bn)).setInputFiles(photo);
  await expect(page.getByText(m.ui_controls_change_photo({}, bn))).toBeVisible();
  await expect(page.getByText(/^room\.jpg$/)).toBeVisible();
  await expectNoBrowserEnglish(page);

  // The control a person reaches is Basha's button, named by the field; Enter and Space open the phone's chooser.
  const cover = page.getByRole('button', { name: m.services_cover_image({}, bn) });
  await expect(cover).toHaveAccessibleName(`${m.services_cover_image({}, bn)} ${m.ui_controls_change_photo({}, bn)}`);
  await expect(cover).toHaveAccessibleDescription(`${m.services_cover_hint({}, bn)} room.jpg`);
  for (const key of ['Enter', ' ']) {
    const chooser = page.waitForEvent('filechooser');
    await cover.press(key);
    await (await chooser).setFiles(photo);
  }
  await expect(page.getByText(/^room\.jpg$/)).toBeVisible();

  // The profile photo, on the profile's edit page.
  await page.goto('/main/edit-profile');
  await expect(page.getByRole('button', { name: m.profiles_profile_image({}, bn) })).toBeVisible();
  await expectNoBrowserEnglish(page);
  await context.close();

  // And on the registration page, before any account exists.
  const visitor = await browser.newContext({ locale: 'bn-BD' });
  await visitor.addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
  const visit = await visitor.newPage();
  await visit.goto('/auth/register');
  await expect(visit.getByRole('button', { name: m.accounts_profile_image({}, bn) })).toBeVisible();
  await expectNoBrowserEnglish(visit);
  await visit.getByLabel(m.accounts_profile_image({}, bn)).setInputFiles(photo);
  await expect(visit.getByText(/^room\.jpg$/)).toBeVisible();
  await expectNoBrowserEnglish(visit);
  await visitor.close();
});
