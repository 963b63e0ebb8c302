import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { m } from '../src/i18n/generated/messages.js';
import { choosePlace } from './support/place-picker';
import { signInAs } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { createAccount } from './support/verified-account';

/**
 * Places (issue 19): a rent ad is posted on an area chosen with the picker (type-ahead in either language, the
 * division > district > area lists, Use my location), then the list is filtered by area, district and division
 * and searched by the place's Bangla name, in English and on a Bangla phone.
 */

const bn = { locale: 'bn' } as const;
// Near the centre of Dhanmondi: "Use my location" finds it (the position stays in the browser).
const IN_DHANMONDI = { latitude: 23.7465, longitude: 90.3745 };

async function photo(path: string): Promise<string> {
  await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#457b9d' } })
    .jpeg()
    .toFile(path);
  return path;
}

const inFuture = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The list's address, as the filters write it. */
const listQuery = (page: Page) => new URL(page.url()).searchParams;

test('an ad posted on an area, found by area, district and division and by the area name in Bangla', async ({
  page,
  context,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const person = await createAccount('places-poster', { occupation: 'Engineer', gender: 'Male' }, { verified: true });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(IN_DHANMONDI);
  await signInAs(page, person, '/main/add-rent');

  // The type-ahead finds Dhanmondi by an English beginning and by its Bangla name.
  const search = page.getByRole('combobox', { name: 'Search for an area' });
  const results = page.getByRole('listbox', { name: 'Search for an area' });
  await search.fill('dhanm');
  await expect(results.getByRole('option', { name: /^Dhanmondi/ })).toBeVisible();
  await search.fill('ধানমন্ডি');
  await expect(results.getByRole('option', { name: /^Dhanmondi/ })).toBeVisible();
  await search.press('Escape');
  await expect(results).toBeHidden();

  // Use my location: the nearest area by its centre.
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('You seem to be in Dhanmondi.')).toBeVisible();
  await expect(page.getByLabel('Area or upazila')).toHaveValue('ar-dhanmondi');
  await expect(page.getByLabel('District')).toHaveValue('ds-47');

  await page.getByLabel('Property Category').selectOption('flat');
  await page.getByLabel('Rent Amount (BDT)').fill('32000');
  await page.getByLabel('Payment Frequency').selectOption('monthly');
  await page.getByLabel('Rent Start Date').fill(inFuture());
  await page.getByLabel('Contact Number').fill('+880 1812-345678');
  await page.getByLabel('Address').fill(`House 4, Road ${tag}`);
  await page.getByLabel('City').fill('Dhaka');
  await page.getByLabel('Postal Code').fill('1209');
  await page.getByLabel('Property Details').fill('Three bedrooms near the lake, a lift, a generator and a guard.');
  await page.getByLabel('Image 1', { exact: true }).setInputFiles(await photo(testInfo.outputPath('room.jpg')));
  await expect(page.getByAltText('Preview of image 1')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('add-rent-place.png'), fullPage: true });
  await page.getByRole('button', { name: 'Publish Rental' }).click();
  await expect(page.getByText('Property ad posted successfully!').first()).toBeVisible();
  await page.waitForURL('**/main/rent');

  // The card reads its area and district.
  const card = page.locator('.rent-card', { hasText: tag });
  await page.getByLabel('Search', { exact: true }).fill(tag);
  await expect(page.getByText('1 property found')).toBeVisible();
  await expect(card).toContainText('Dhanmondi, Dhaka');

  // By area, with the lists: division, then district, then area.
  await page.getByRole('button', { name: /^Area/ }).click();
  await page.getByLabel('Division').selectOption({ label: 'Dhaka' });
  await expect.poll(() => listQuery(page).get('place')).toBe('dv-6');
  await page.getByLabel('District').selectOption('ds-47');
  await expect.poll(() => listQuery(page).get('place')).toBe('ds-47');
  await page.getByLabel('Area or upazila').selectOption('ar-dhanmondi');
  await expect.poll(() => listQuery(page).get('place')).toBe('ar-dhanmondi');
  await expect(page.getByText('1 property found')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rent-filtered-open.png'), fullPage: true });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /^Area/ })).toHaveAccessibleName('Area Dhanmondi, Dhaka');

  // Another area leaves it out; the type-ahead chooses it.
  await page.getByRole('button', { name: /^Area/ }).click();
  await choosePlace(page, 'Gulshan');
  await expect.poll(() => listQuery(page).get('place')).toBe('ar-gulshan');
  await expect(page.getByText('0 properties found')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // A link to a division's list (reloaded from the address) still finds it.
  await page.goto(`/main/rent?place=dv-6&q=${tag}`);
  await expect(page.getByRole('button', { name: /^Area/ })).toHaveAccessibleName('Area Dhaka division');
  await expect(page.getByText('1 property found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the area' }).click();
  await expect.poll(() => listQuery(page).get('place')).toBeNull();

  // The search box knows the area's Bangla name (the ad's address is in English).
  await page.getByLabel('Search', { exact: true }).fill('ধানমন্ডি');
  await expect(card).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rent-bangla-name-search.png'), fullPage: true });

  // The details page reads the area too.
  await card.getByRole('link').click();
  await page.waitForURL(/\/main\/view-rent\//);
  await expect(page.locator('.rent-facts')).toContainText('Dhanmondi, Dhaka');
});

test('on a Bangla phone: the picker, the card and the area filter speak Bangla', async ({
  page,
  context,
}, testInfo) => {
  const tag = randomUUID().slice(0, 6);
  const person = await createAccount('places-bangla', { occupation: 'Teacher', gender: 'Female' }, { verified: true });
  await context.addCookies([{ name: 'basha-locale', value: 'bn', url: BASE_URL }]);
  await page.goto('/auth/login');
  await page.getByLabel(m.form_email({}, bn)).fill(person.email);
  await page.getByLabel(m.accounts_password({}, bn)).fill(person.password);
  await page.getByRole('button', { name: m.accounts_sign_in_button({}, bn) }).click();
  await expect(page.getByText(m.accounts_login_success({}, bn))).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/main/add-rent');

  // Typed in English on a Bangla page, Dhanmondi is found and reads in Bangla.
  const searchLabel = m.ui_places_search_label({}, bn);
  await page.getByRole('combobox', { name: searchLabel }).fill('dhanm');
  await expect(
    page.getByRole('listbox', { name: searchLabel }).getByRole('option', { name: /^ধানমন্ডি/ }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('add-rent-picker-bn.png'), fullPage: true });
  await choosePlace(page, 'dhanm', searchLabel);
  await expect(page.getByLabel(m.ui_places_area_or_upazila({}, bn))).toHaveValue('ar-dhanmondi');

  await page.getByLabel(m.rent_field_category({}, bn)).selectOption('flat');
  await page.getByLabel(m.rent_field_cost({}, bn)).fill('২৫০০০');
  await page.getByLabel(m.rent_field_frequency({}, bn)).selectOption('monthly');
  await page.getByLabel(m.rent_field_start_date({}, bn)).fill(inFuture());
  await page.getByLabel(m.rent_field_contact({}, bn)).fill('+৮৮০ ১৮১২-৩৪৫৬৭৮');
  await page.getByLabel(m.rent_field_address({}, bn)).fill(`বাড়ি ৯, রোড ${tag}`);
  await page.getByLabel(m.form_city({}, bn)).fill('ঢাকা');
  await page.getByLabel(m.form_postal_code({}, bn)).fill('১২০৯');
  await page
    .getByLabel(m.rent_field_details({}, bn))
    .fill(`লেকের পাশে দুই বেডরুমের আলো-বাতাসপূর্ণ ফ্ল্যাট, লিফট ও জেনারেটর আছে। ${tag}`);
  await page
    .getByLabel(m.rent_image_field({ number: '১' }, bn), { exact: true })
    .setInputFiles(await photo(testInfo.outputPath('room.jpg')));
  await page.getByRole('button', { name: m.rent_publish({}, bn) }).click();
  await expect(page.getByText(m.server_rent_posted({}, bn)).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForURL('**/main/rent');

  await page.getByLabel(m.rent_search({}, bn), { exact: true }).fill(tag);
  await expect(page.getByText(m.rent_found({ count: '১' }, bn))).toBeVisible();
  await expect(page.locator('.rent-card', { hasText: tag })).toContainText('ধানমন্ডি, ঢাকা');

  const areaButton = page.getByRole('button', { name: new RegExp(`^${m.ui_places_area_label({}, bn)}`) });
  await areaButton.click();
  await choosePlace(page, 'ধানমন্ডি', searchLabel);
  await expect.poll(() => listQuery(page).get('place')).toBe('ar-dhanmondi');
  await expect(page.getByText(m.rent_found({ count: '১' }, bn))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rent-filtered-bn.png'), fullPage: true });
  await choosePlace(page, 'গুলশান', searchLabel);
  await expect.poll(() => listQuery(page).get('place')).toBe('ar-gulshan');
  await expect(page.getByText(m.rent_found({ count: '০' }, bn))).toBeVisible();
});
