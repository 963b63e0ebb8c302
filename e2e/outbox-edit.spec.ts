import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { choosePlace } from './support/place-picker';
import { sessionTokenOf, signInAs } from './support/sign-in';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * A post the server refused stays in the outbox with the server's reason; Edit opens its form filled with the
 * post, and sending the fixed post replaces the refused one. The refusal is staged: the post is made offline,
 * and when the connection returns the API answers 400 once.
 */

// The page's own requests must meet page.route, not a service worker.
test.use({ serviceWorkers: 'block' });

/**
 * Stages a refusal: the API answers the first post to `url` with 400 and `message`, then the phone comes back
 * online. Waits for that refusal and answers the outbox panel, opened on the refused post.
 */
async function refuseOnceBackOnline(page: Page, context: BrowserContext, url: string, message: string) {
  let refusals = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST' || refusals > 0) return route.fallback();
    refusals += 1;
    await route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message }),
    });
  });
  await context.setOffline(false);
  await expect.poll(() => refusals, { timeout: 15_000 }).toBe(1);
  await page.getByRole('button', { name: /waiting to send$/ }).click();
  const outbox = page.getByRole('dialog', { name: 'Waiting to send' });
  await expect(outbox.getByRole('alert')).toHaveText(message);
  return outbox;
}

test('a landing message in the outbox: refused then fixed through Edit, edited while waiting offline, and discarded', async ({
  page,
  context,
}) => {
  await test.step('a refused landing message comes back into the contact form through Edit and is replaced when sent', async () => {
    await page.goto('/contact');
    const form = page.locator('.feedback-form');
    await form.scrollIntoViewIfNeeded();
    const outboxCount = page.getByTestId('outbox-count');

    await context.setOffline(true);
    await form.getByLabel('Name').fill('Rahim Uddin');
    await form.getByLabel('Email').fill('rahim@example.com');
    await form.getByLabel('Contact').fill('+880 1712-345678');
    await form.getByLabel('Subject').fill('A subject the server refuses');
    await form.getByLabel('Message').fill('Found a plumber in Mirpur within an hour. Thank you!');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('', { timeout: 3000 });
    await expect(outboxCount).toHaveText('1');

    // Back online, the queued message is sent, and refused.
    const dialog = await refuseOnceBackOnline(page, context, '**/api/v1/feedback', 'Subject is too long');
    await expect(dialog.getByRole('button', { name: 'Discard' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit' }).click();

    await expect(page).toHaveURL(/\/contact\?outbox=\d+$/);
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel('Name')).toHaveValue('Rahim Uddin');
    await expect(form.getByLabel('Email')).toHaveValue('rahim@example.com');
    await expect(form.getByLabel('Contact')).toHaveValue('+880 1712-345678');
    await expect(form.getByLabel('Subject')).toHaveValue('A subject the server refuses');
    await expect(form.getByLabel('Message')).toHaveValue('Found a plumber in Mirpur within an hour. Thank you!');

    // The fixed message is sent, and the refused one leaves the outbox with it.
    await form.getByLabel('Subject').fill('Loving it');
    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/feedback') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ subject: 'Loving it', name: 'Rahim Uddin' });
    await expect(form.getByLabel('Name')).toHaveValue('', { timeout: 3000 });
    await expect(outboxCount).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact$/);
  });

  await test.step('a message still waiting offline is edited before it is sent (paused meanwhile), and Retry waits for the network', async () => {
    await page.unrouteAll();
    await page.goto('/contact');
    const form = page.locator('.feedback-form');
    await form.scrollIntoViewIfNeeded();
    await context.setOffline(true);
    await form.getByLabel('Name').fill('Salma Begum');
    await form.getByLabel('Email').fill('salma@example.com');
    await form.getByLabel('Contact').fill('+880 1612-345678');
    await form.getByLabel('Subject').fill('First words');
    await form.getByLabel('Message').fill('Written offline, changed before it went.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('', { timeout: 3000 });
    await expect(page.getByTestId('outbox-count')).toHaveText('1');

    await page.getByRole('button', { name: /waiting to send$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Waiting to send' });
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Discard' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/contact\?outbox=\d+$/);
    await expect(form.getByLabel('Subject')).toHaveValue('First words');

    // Back online while the form is open: the paused message is not sent behind the person's back.
    const posts: { subject: string }[] = [];
    await page.route('**/api/v1/feedback', async (route) => {
      if (route.request().method() === 'POST') posts.push(route.request().postDataJSON() as { subject: string });
      await route.fallback();
    });
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1500);
    expect(posts).toEqual([]);

    await form.getByLabel('Subject').fill('Changed words');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    await expect.poll(() => posts.map((post) => post.subject)).toEqual(['Changed words']);
  });

  await test.step('a refused landing message can be discarded from the outbox', async () => {
    await page.unrouteAll();
    await page.goto('/contact');
    const form = page.locator('.feedback-form');
    await form.scrollIntoViewIfNeeded();
    await context.setOffline(true);
    await form.getByLabel('Name').fill('Karim Ahmed');
    await form.getByLabel('Email').fill('karim@example.com');
    await form.getByLabel('Contact').fill('+880 1812-345678');
    await form.getByLabel('Subject').fill('Another refused subject');
    await form.getByLabel('Message').fill('This one is thrown away from the outbox panel.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByTestId('outbox-count')).toHaveText('1');
    await page.route('**/api/v1/feedback', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Subject is too long' }),
          })
        : route.fallback(),
    );
    await context.setOffline(false);

    await page.getByRole('button', { name: /waiting to send$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Waiting to send' });
    await expect(dialog.getByRole('alert')).toHaveText('Subject is too long', { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog.getByText('Everything has been sent.')).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  });
});

/** A new provider with a verified e-mail, who may offer services. */
function newProvider() {
  return createVerifiedAccount('outbox', { occupation: 'Painter', gender: 'Female' });
}

async function coverFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'basha-cover-')), 'cover.png');
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  writeFileSync(file, png);
  return file;
}

test('a refused service offer and a refused review come back into their forms through Edit and are replaced', async ({
  page,
  context,
}) => {
  const provider = await newProvider();
  const selfId = await signInAs(page, provider);
  const token = (await sessionTokenOf(page))!;
  await test.step('a refused service offer comes back into the offer form, not counted toward the limit, and is replaced', async () => {
    // One service already: with the refused offer waiting, the two-services limit is reached.
    const created = await fetch(`${BASE_URL}/api/v1/profession/create-profile/${selfId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionTokenOf(page)}` },
      body: JSON.stringify({
        category: 'Electrician',
        contactNumber: '+880 1712-345678',
        addressLine: 'House 12, Road 5, Dhanmondi, Dhaka',
        serviceArea: ['Dhanmondi'],
        servicePlaceIds: ['ar-dhanmondi'],
        description: 'Wiring, fans and fittings, done safely and cleanly.',
        minimumPrice: 500,
        maximumPrice: 5000,
        availableDays: ['Monday'],
        availableTime: 'day',
      }),
    });
    expect(created.status).toBe(201);

    await page.goto('/main/offer-service');
    await expect(page.getByRole('heading', { name: 'Add New Service' })).toBeVisible();
    // With no service worker here, a chunk the page loads once settled (the header's Verify email link, up to 6 s
    // after it opens) must come while online: loading it offline takes the page to the error screen.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/verify-email-link-')),
    );
    await context.setOffline(true);
    await page.getByLabel('Service Type').selectOption('Painter');
    await page.getByLabel('Contact Number').fill('+880 1812-345678');
    await page.getByLabel('Address Line').fill('House 7, Road 2, Lalmatia, Dhaka');
    await choosePlace(page, 'Lalmatia');
    await page.getByLabel('Cover Image').setInputFiles(await coverFile());
    await page.getByLabel('Description').fill('Interior painting with low-odour paints and tidy work.');
    await page.getByLabel('Minimum Price (BDT)').fill('800');
    await page.getByLabel('Maximum Price (BDT)').fill('8000');
    await page.getByLabel('Monday').check();
    await page.getByLabel('Night Time').check();
    await page.getByRole('button', { name: 'Publish Service' }).click();
    await expect(page.getByTestId('waiting-service-offer')).toBeVisible();
    await expect(page.getByText("Professional Profile's Limit Reached")).toBeVisible();

    const dialog = await refuseOnceBackOnline(
      page,
      context,
      '**/api/v1/profession/create-profile/**',
      'This price is too high',
    );
    await dialog.getByRole('button', { name: 'Edit' }).click();

    await expect(page).toHaveURL(/\/main\/offer-service\?outbox=\d+$/);
    await expect(page.getByRole('heading', { name: 'Add New Service' })).toBeVisible();
    await expect(page.getByLabel('Service Type')).toHaveValue('Painter');
    await expect(page.getByLabel('Contact Number')).toHaveValue('+880 1812-345678');
    await expect(page.getByLabel('Address Line')).toHaveValue('House 7, Road 2, Lalmatia, Dhaka');
    await expect(page.locator('.place-chip')).toHaveText(['Lalmatia, Dhaka']);
    await expect(page.getByAltText('Cover image preview')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('Interior painting with low-odour paints and tidy work.');
    await expect(page.getByLabel('Minimum Price (BDT)')).toHaveValue('800');
    await expect(page.getByLabel('Maximum Price (BDT)')).toHaveValue('8000');
    await expect(page.getByLabel('Monday')).toBeChecked();
    await expect(page.getByLabel('Night Time')).toBeChecked();

    await page.getByLabel('Maximum Price (BDT)').fill('6000');
    await page.getByRole('button', { name: 'Publish Service' }).click();
    await expect(page.getByText('Professional Profile created')).toBeVisible();
    await page.waitForURL(`**/main/prof-profile/${selfId}`);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Painter' })).toBeVisible();
    // Sent with the place chosen offline.
    await expect(page.getByRole('link', { name: 'Find services in Lalmatia, Dhaka' })).toBeVisible();
  });

  await test.step('a refused review opens again, filled in, on the provider page through Edit, and is replaced when sent', async () => {
    await page.unrouteAll();
    // The new provider reviews someone else's plumbing service.
    await page.goto('/');
    const listed = await fetch(`${BASE_URL}/api/v1/profession/find-services/plumber`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const services = ((await listed.json()) as { data: { _id: string; provider: { _id: string } }[] }).data;
    const service = services.find((candidate) => candidate.provider._id !== selfId)!;
    const tag = randomUUID().slice(0, 8);
    await page.goto(`/main/prof-profile/${service.provider._id}`);
    await page
      .getByRole('button', { name: /reviews?\)$|No reviews|See Reviews/ })
      .first()
      .click();
    let dialog = page.getByRole('dialog');

    await context.setOffline(true);
    await dialog.getByRole('radio', { name: '2 stars' }).check();
    await dialog.getByLabel('Feedback').fill(`Came late, left a mess ${tag}.`);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(
      page.getByText(
        'You are offline. Your review is saved on this phone and will be sent when the connection returns.',
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('outbox-count')).toHaveText('1');

    const outbox = await refuseOnceBackOnline(
      page,
      context,
      '**/api/v1/profession/add-feedback/**',
      'Feedback must be kinder',
    );
    await outbox.getByRole('button', { name: 'Edit' }).click();

    await expect(page).toHaveURL(new RegExp(`/main/prof-profile/${service.provider._id}\\?outbox=\\d+$`));
    dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Feedback') });
    await expect(dialog.getByLabel('Feedback')).toHaveValue(`Came late, left a mess ${tag}.`);
    await expect(dialog.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await dialog.getByRole('radio', { name: '4 stars' }).check();
    await dialog.getByLabel('Feedback').fill(`Came late but fixed it well ${tag}.`);
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);

    // Whichever of the provider's services the first button opened, the fixed review is there once, the
    // refused one nowhere.
    const details = await fetch(`${BASE_URL}/api/v1/user/professional-details/${service.provider._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    type Review = { client: { _id: string }; feedback: string; rating: number };
    const profiles = ((await details.json()) as { data: { professionalProfiles: { ratings: Review[] }[] } }).data
      .professionalProfiles;
    const mine = profiles.flatMap((profile) => profile.ratings).filter((review) => review.feedback.includes(tag));
    expect(mine).toEqual([expect.objectContaining({ feedback: `Came late but fixed it well ${tag}.`, rating: 4 })]);
  });
});
