import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { choosePlace } from './support/place-picker';
import { demoPhone, demoUsers, sessionTokenOf, signInAs } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * The professional-services journey of issue 4: a new provider offers a service with two areas and a cover,
 * it is found with filters, another person reviews it and sees the new average, the owner sets it inactive,
 * and a third offer meets the two-services limit.
 */

/** A new provider with a verified e-mail, who may offer services. */
function newProvider() {
  return createVerifiedAccount('provider', { occupation: 'Painter', gender: 'Male' });
}

async function signedInPage(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const selfId = await signInAs(page, user);
  return { page, selfId };
}

async function coverFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'basha-cover-')), 'cover.png');
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#be185d' } })
    .png()
    .toBuffer();
  writeFileSync(file, png);
  return file;
}

async function findOwnCard(page: Page, tag: string) {
  await page.goto('/main/find-service/painter');
  await page.getByLabel('Search').fill(`Zone${tag}`);
  // On a phone the filters other than search fold away behind a button.
  const toggle = page.getByRole('button', { name: 'Filters & sort' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByLabel('Min Price (BDT)').fill('700');
  await page.getByLabel('Max Price (BDT)').fill('8000');
  await page.getByLabel('Availability').selectOption('night');
  await expect(page.getByText(/^1 service found/)).toBeVisible();
  return page.locator('article.service-card');
}

test('offer, find, review, deactivate and meet the two-services limit', async ({ browser }) => {
  const provider = await newProvider();
  const owner = await signedInPage(browser, provider);

  // Offer a service in two places (the form asks for areas once, with the place picker) and a cover image.
  await owner.page.goto('/main/offer-service');
  await expect(owner.page.getByText('No Professional Profile')).toBeVisible();
  await expect(owner.page.getByText('Create your first professional service profile')).toBeVisible();
  await owner.page.getByRole('button', { name: 'Publish Service' }).click();
  await expect(owner.page.getByText('Please select a service type')).toBeVisible();
  await expect(owner.page.getByText('Please choose at least one service area')).toBeVisible();

  await owner.page.getByLabel('Service Type').selectOption('Painter');
  await owner.page.getByLabel('Contact Number').fill('+880 1712-345678');
  await owner.page.getByLabel('Address Line').fill('House 12, Road 5, Dhanmondi, Dhaka');
  await expect(owner.page.getByLabel('Service area 1', { exact: true })).toHaveCount(0);
  await choosePlace(owner.page, 'Dhanmondi');
  await choosePlace(owner.page, 'Lalmatia');
  await expect(owner.page.getByText('Please choose at least one service area')).toHaveCount(0);
  await owner.page.getByLabel('Cover Image').setInputFiles(await coverFile());
  await expect(owner.page.getByAltText('Cover image preview')).toBeVisible();
  await owner.page
    .getByLabel('Description')
    .fill(`Interior painting with low-odour paints and tidy work. Zone${provider.tag}`);
  await owner.page.getByLabel('Minimum Price (BDT)').fill('777');
  await owner.page.getByLabel('Maximum Price (BDT)').fill('7777');
  await owner.page.getByLabel('Monday').check();
  await owner.page.getByLabel('Night Time').check();
  await owner.page.getByRole('button', { name: 'Publish Service' }).click();
  await expect(owner.page.getByText('Professional Profile created')).toBeVisible();
  await owner.page.waitForURL(`**/main/prof-profile/${owner.selfId}`);
  await expect(owner.page.getByRole('heading', { name: 'Painter' })).toBeVisible();
  // Its areas are the places, each a link to the painters there.
  await expect(owner.page.getByRole('link', { name: 'Find services in Dhanmondi, Dhaka' })).toBeVisible();
  await expect(owner.page.getByRole('link', { name: 'Find services in Lalmatia, Dhaka' })).toBeVisible();

  // Another person finds it with filters and reviews it.
  const client = await demoPhone(browser, demoUsers[0]!);
  const card = await findOwnCard(client.page, provider.tag);
  await expect(card.getByRole('link', { name: provider.name })).toBeVisible();
  // The card names the places chosen.
  await expect(card.getByText('Dhanmondi, Lalmatia, Dhaka', { exact: true })).toBeVisible();
  await expect(card.getByRole('img')).toHaveAttribute('src', /\/uploads\/services\/.+-thumb\.webp$/);
  await card.getByRole('button', { name: 'See Reviews (0)' }).click();
  const dialog = client.page.getByRole('dialog', { name: 'Painter Reviews' });
  await expect(dialog.getByText('No reviews yet.')).toBeVisible();
  await dialog.getByRole('radio', { name: '4 stars' }).check();
  await dialog.getByLabel('Feedback').fill('Careful painters, the flat looks new.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(client.page.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('★ 4.0/5')).toBeVisible();
  await expect(card.getByRole('button', { name: 'See Reviews (1)' })).toBeVisible();

  // The owner sets it inactive.
  await owner.page.goto(`/main/prof-profile/${owner.selfId}`);
  await expect(owner.page.getByRole('button', { name: '★ 4.0/5 (1 review)' })).toBeVisible();
  await owner.page.getByRole('link', { name: 'Edit Profession' }).click();
  await expect(owner.page.getByRole('heading', { name: 'Edit Your Service: Painter' })).toBeVisible();
  await owner.page.getByLabel('Status').selectOption('inactive');
  await owner.page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(owner.page.getByText('Service updated successfully!')).toBeVisible();
  await owner.page.waitForURL(`**/main/prof-profile/${owner.selfId}`);
  await expect(owner.page.locator('.offered-service .status-pill')).toHaveText('inactive');

  // A second service through the API, then the offer page shows the limit.
  const token = await sessionTokenOf(owner.page);
  const second = await fetch(`${BASE_URL}/api/v1/profession/create-profile/${owner.selfId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      category: 'Tutor',
      contactNumber: '01712345678',
      addressLine: 'Road 5, Dhanmondi',
      serviceArea: ['Dhanmondi'],
      servicePlaceIds: ['ar-dhanmondi'],
      description: 'Mathematics for classes six to ten.',
      minimumPrice: 2000,
      maximumPrice: 5000,
      availableDays: ['Friday'],
      availableTime: 'day',
    }),
  });
  expect(second.status).toBe(201);
  await owner.page.goto('/main/offer-service');
  await expect(owner.page.getByText("Professional Profile's Limit Reached")).toBeVisible();
  await expect(
    owner.page.getByText('You are not allowed to offer more than two services simultaneously.'),
  ).toBeVisible();
  await expect(owner.page.getByRole('button', { name: 'Publish Service' })).toHaveCount(0);
});

test('a demo person reads a provider’s profile and may review it but not edit their service, and a category lists every matching service, also from the mirror', async ({
  browser,
}) => {
  const { page, selfId } = await demoPhone(browser, demoUsers[0]!);
  await test.step('others see Leave A Review on a profile, and the owner is refused on someone else’s service', async () => {
    const karim = await (async () => {
      const token = await sessionTokenOf(page);
      const response = await fetch(`${BASE_URL}/api/v1/profession/find-services/electrician`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { data: { _id: string; provider: { _id: string; name: string } }[] };
      return body.data.find((service) => service.provider.name === 'Karim Uddin')!;
    })();
    await page.goto(`/main/profile/${karim.provider._id}`);
    await expect(page.getByRole('heading', { name: 'Karim Uddin' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Leave A Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Feedback' });
    await expect(dialog.getByText('Help us improve by rating a service category.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByText('Please give a rating.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/main/edit-profession/${karim._id}`);
    await expect(page.getByText('You are not authorized to edit this service.')).toBeVisible();
    await page.goto(`/main/profile/${selfId}`);
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  await test.step('a category lists every matching service, also when the page opens from the mirror', async () => {
    const cards = page.locator('article.service-card');
    const found = page.locator('.filter-panel__count strong');
    // Every live service, as the server lists them: more than the page draws with its first screen.
    const listed = await fetch(`${BASE_URL}/api/v1/profession/find-services/all`, {
      headers: { authorization: `Bearer ${await sessionTokenOf(page)}` },
    });
    const total = ((await listed.json()) as { data: unknown[] }).data.length;
    expect(total).toBeGreaterThan(6);
    await page.goto('/main/find-service/all');
    await expect(found).toHaveText(String(total));
    await expect(cards).toHaveCount(total);

    // Opened again, the route reads the list from the mirror ahead of the page.
    await page.reload();
    await expect(found).toHaveText(String(total));
    await expect(cards).toHaveCount(total);
  });
});
