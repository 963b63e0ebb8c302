import { expect, type Page } from '@playwright/test';
import { choosePlace } from './place-picker';

/**
 * Fills the add-rent form with a valid ad at `address` and its photos (adding image fields beyond the first
 * three), waiting for each photo's preview so that the form holds them before it is published.
 */
export async function fillRentAdForm(page: Page, address: string, photos: readonly string[]): Promise<void> {
  await page.getByLabel('Property Category').selectOption('flat');
  await page.getByLabel('Rent Amount (BDT)').fill('18000');
  await page.getByLabel('Payment Frequency').selectOption('monthly');
  const start = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('Rent Start Date').fill(start);
  await page.getByLabel('Contact Number').fill('+880 1812-345678');
  await page.getByLabel('Address').fill(address);
  await page.getByLabel('City').fill('Dhaka');
  await page.getByLabel('Postal Code').fill('1216');
  await choosePlace(page, 'Mirpur');
  await page.getByLabel('Property Details').fill('Two bedrooms, a balcony facing the lake, lift and a generator.');
  for (const [i, file] of photos.entries()) {
    if (i >= 3) await page.getByRole('button', { name: 'Add Another Image' }).click();
    await page.getByLabel(`Image ${i + 1}`, { exact: true }).setInputFiles(file);
    await expect(page.getByAltText(`Preview of image ${i + 1}`)).toBeVisible();
  }
}

/** Offline, publishes a valid ad at `address`: the page says it waits on the phone. */
export async function publishRentAdOffline(page: Page, address: string, photos: readonly string[]): Promise<void> {
  await page.context().setOffline(true);
  await fillRentAdForm(page, address, photos);
  await page.getByRole('button', { name: 'Publish Rental' }).click();
  await expect(
    page
      .getByText('You are offline. Your rent ad is saved on this phone and will be sent when the connection returns.')
      .first(),
  ).toBeVisible();
}
