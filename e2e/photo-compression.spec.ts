import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { choosePlace } from './support/place-picker';
import { signInAs } from './support/sign-in';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Photos are shrunk on the phone before they are uploaded (issue 23): a service's cover, which used to go up as it
 * was chosen, reaches the server smaller than the camera's file and within the cover's size (1280 px).
 */

/** A camera-like photo: 3000 × 2000 of noise, which JPEG cannot squeeze much (several MB). */
async function cameraPhoto(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'basha-camera-')), 'camera.jpg');
  const jpeg = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#0f766e',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

test('a service cover is shrunk on the phone before it is uploaded', async ({ page }) => {
  const provider = await createVerifiedAccount('cover', { occupation: 'Painter', gender: 'Male' });
  await signInAs(page, provider, '/main/offer-service');
  const original = await cameraPhoto();
  const originalBytes = statSync(original).size;
  expect(originalBytes).toBeGreaterThan(2_000_000);

  await page.getByLabel('Service Type').selectOption('Painter');
  await page.getByLabel('Contact Number').fill('+880 1712-345678');
  await page.getByLabel('Address Line').fill('House 12, Road 5, Dhanmondi, Dhaka');
  await page.getByLabel('Service area 1', { exact: true }).fill(`Zone${provider.tag}`);
  await choosePlace(page, 'Dhanmondi');
  await page.getByLabel('Cover Image').setInputFiles(original);
  const preview = page.getByAltText('Cover image preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  // The preview shows the file that will be sent: already at the cover's size (the camera's was 3000 × 2000).
  expect(await preview.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
    1280, 853,
  ]);
  await page.getByLabel('Description').fill('Interior painting with low-odour paints and tidy work.');
  await page.getByLabel('Minimum Price (BDT)').fill('800');
  await page.getByLabel('Maximum Price (BDT)').fill('8000');
  await page.getByLabel('Monday').check();
  await page.getByLabel('Night Time').check();

  const upload = page.waitForRequest((request) => request.url().includes('/image/upload-services'));
  await page.getByRole('button', { name: 'Publish Service' }).click();
  // The upload sends that file (the form's cover, whose object URL the preview shows); Playwright keeps no Blob body.
  expect((await upload).method()).toBe('POST');
  await expect(page.getByText('Professional Profile created')).toBeVisible();
});
