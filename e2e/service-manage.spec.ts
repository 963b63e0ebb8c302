import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ServiceRecord } from '../src/domain/service';
import { choosePlace } from './support/place-picker';
import { demoUsers, sessionTokenOf, signInAs, signedInStatePath } from './support/sign-in';
import { expectSentOnce, outboxRows, sendWaitingEditAfterReload, watchEdits } from './support/outbox';
import { BASE_URL } from './support/stack';
import { createVerifiedAccount } from './support/verified-account';

/**
 * Issue 24, points 10, 14 and 15: a provider deletes a service (with a confirmation; other phones drop it), an
 * edit made offline waits in the outbox and is sent exactly once when the connection returns (a second offline
 * edit replaces the first), the offer form starts empty after an offline submit, and a refused offer's long
 * reason does not widen the page.
 */

// The page's own requests must meet page.route and page.on('response'), not a service worker.
test.use({ serviceWorkers: 'block' });

async function call<T>(method: string, apiPath: string, token: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}/api/v1/${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as { data: T; message: string } };
}

const offer = (category = 'Painter') => ({
  category,
  contactNumber: '+880 1712-345678',
  addressLine: 'House 12, Road 5, Dhanmondi, Dhaka',
  servicePlaceIds: ['ar-dhanmondi'],
  description: 'Interior painting with low-odour paints and tidy work.',
  minimumPrice: 800,
  maximumPrice: 8000,
  availableDays: ['Monday'],
  availableTime: 'night',
});

async function coverFile(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'basha-cover-')), 'cover.png');
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  writeFileSync(file, png);
  return file;
}

/** A new verified provider with one service made through the API, signed in on `page`. */
async function providerWithService(page: Page) {
  const provider = await createVerifiedAccount('manage', { occupation: 'Painter', gender: 'Female' });
  const created = await call<ServiceRecord>(
    'POST',
    `profession/create-profile/${provider.id}`,
    provider.session,
    offer(),
  );
  expect(created.status).toBe(201);
  const selfId = await signInAs(page, provider);
  expect(selfId).toBe(provider.id);
  return { provider, service: created.body.data };
}

/** The payloads of the items of one kind waiting in the page's outbox. */
async function waitingPayloads<T>(page: Page, kind: string): Promise<T[]> {
  return (await outboxRows(page)).filter((row) => row.kind === kind).map((row) => row.payload as T);
}

const waitingDescriptions = async (page: Page) =>
  (await waitingPayloads<{ values: { description: string } }>(page, 'service-edit')).map(
    (payload) => payload.values.description,
  );

test('a provider edits a service offline (sent once, the later edit wins), then deletes it after confirming; it is gone for everyone', async ({
  page,
  context,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { provider, service } = await providerWithService(page);
  await test.step('an edit made offline waits in the outbox, a later one replaces it, and it is sent once online', async () => {
    const sent = watchEdits(page, `/profession/update-profile/${service._id}`);

    await page.goto(`/main/edit-profession/${service._id}`);
    await expect(page.getByRole('heading', { name: 'Edit Your Service: Painter' })).toBeVisible();
    await context.setOffline(true);
    await page.getByLabel('Description').fill('First offline edit: walls and ceilings, two coats.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const notice = page.getByTestId('service-edit-waiting');
    await expect(notice).toHaveText(
      'You are offline. Your service edit is saved on this phone and will be sent when the connection returns.',
    );
    await expect(page.getByTestId('outbox-count')).toHaveText('1');

    // A second edit, still offline, replaces the first: one item waits.
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByLabel('Description').fill('Second offline edit: walls, ceilings and doors, two coats.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(() => waitingDescriptions(page))
      .toEqual(['Second offline edit: walls, ceilings and doors, two coats.']);
    await expect(page.getByTestId('outbox-count')).toHaveText('1');

    // Online again with the server out of reach, the page opened again shows the waiting edit, not the older
    // service; then the connection comes back for real.
    await sendWaitingEditAfterReload(page, notice, `**/api/v1/profession/update-profile/${service._id}`, async () => {
      await expect(page.getByLabel('Description')).toHaveValue(
        'Second offline edit: walls, ceilings and doors, two coats.',
      );
      await expect(page.getByLabel('Status')).toHaveValue('inactive');
    });
    const stored = await call<ServiceRecord>('GET', `profession/view-details/${service._id}`, provider.session);
    expect(stored.body.data).toMatchObject({
      status: 'inactive',
      description: 'Second offline edit: walls, ceilings and doors, two coats.',
    });
    await expectSentOnce(page, sent);
  });

  await test.step('the owner deletes a service after confirming; it is gone for everyone', async () => {
    // Another person has the service in their mirror and a review on it.
    const client = await (
      await browser.newContext({ serviceWorkers: 'block', storageState: signedInStatePath(demoUsers[0]!) })
    ).newPage();
    const clientToken = await sessionTokenOf(client);
    const reviewed = await call('POST', `profession/add-feedback/${service._id}`, clientToken ?? '', {
      rating: 5,
      feedback: 'Painted two rooms neatly in a day.',
    });
    expect(reviewed.status).toBe(201);
    await client.goto('/main/find-service/painter');
    await client.getByLabel('Search').fill(provider.name);
    await expect(client.getByText(/^1 service found/)).toBeVisible();

    await page.goto(`/main/edit-profession/${service._id}`);
    await expect(page.getByRole('heading', { name: 'Edit Your Service: Painter' })).toBeVisible();
    const deleteButton = page.getByRole('button', { name: 'Delete Service' });
    await deleteButton.scrollIntoViewIfNeeded();
    await expect(deleteButton).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('edit-page-390.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Cancel changes nothing.
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this service?' });
    await expect(dialog.getByText('Your Painter service and its 1 review will be removed for good.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('delete-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await call('GET', `profession/view-details/${service._id}`, provider.session)).status).toBe(200);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Service deleted')).toBeVisible();
    await page.waitForURL(`**/main/prof-profile/${provider.id}`);
    await expect(page.getByRole('link', { name: 'Edit Profession' })).toHaveCount(0);
    expect((await call('GET', `profession/view-details/${service._id}`, provider.session)).status).toBe(404);

    // The other phone's next delta sync drops it from its mirror.
    await client.reload();
    await client.getByLabel('Search').fill(provider.name);
    await expect(client.locator('article.service-card')).toHaveCount(0);
    await expect(client.getByText(/^1 service found/)).toHaveCount(0);
  });
});

test('offline, the offer form empties after a submit and a refused offer wraps its reason; a profile edit waits and is sent once', async ({
  page,
  context,
}) => {
  const person = await createVerifiedAccount('offerer', { occupation: 'Tutor', gender: 'Male' });
  await signInAs(page, person, '/main/offer-service');
  await test.step('after an offline submit the offer form is empty, and a refused offer wraps its reason at 412 px', async () => {
    await expect(page.getByRole('button', { name: 'Publish Service' })).toBeVisible();

    await context.setOffline(true);
    await page.getByLabel('Service Type').selectOption('Tutor');
    await page.getByLabel('Contact Number').fill('+880 1712-345678');
    await page.getByLabel('Address Line').fill('Road 5, Dhanmondi');
    // The places work offline: the picker and the place tree come with the app.
    await choosePlace(page, 'Dhanmondi');
    await page.getByLabel('Cover Image').setInputFiles(await coverFile());
    await page.getByLabel('Description').fill('Mathematics and physics for classes six to ten.');
    await page.getByLabel('Minimum Price (BDT)').fill('2000');
    await page.getByLabel('Maximum Price (BDT)').fill('5000');
    await page.getByLabel('Friday').check();
    await page.getByRole('button', { name: 'Publish Service' }).click();
    await expect(page.getByTestId('waiting-service-offer')).toHaveCount(1);
    // The offer waits with its place, to be sent with it, and no typed areas (the server names them after places).
    const [waiting] = await waitingPayloads<{ values: { servicePlaceIds?: string[] } }>(page, 'service-offer');
    expect(waiting?.values.servicePlaceIds).toEqual(['ar-dhanmondi']);
    expect(waiting?.values).not.toHaveProperty('serviceArea');

    for (const label of [
      'Contact Number',
      'Address Line',
      'Description',
      'Minimum Price (BDT)',
      'Maximum Price (BDT)',
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    }
    await expect(page.getByLabel('Service Type')).toHaveValue('');
    await expect(page.getByLabel('Friday')).not.toBeChecked();
    await expect(page.locator('.place-chip')).toHaveCount(0);
    await expect(page.getByAltText('Cover image preview')).toHaveCount(0);
    expect(await page.getByLabel('Cover Image').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

    // Back online, the server refuses it with a long reason that has no place to break.
    const reason = `Refused:${'x'.repeat(160)}`;
    await page.route('**/api/v1/profession/create-profile/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: reason }),
      }),
    );
    await context.setOffline(false);
    const row = page.getByTestId('waiting-service-offer');
    await expect(row.getByText(reason)).toBeVisible();
    const width = await page.evaluate(() => window.innerWidth);
    expect(width).toBeLessThanOrEqual(412);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const rowBox = await row.boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? 0)).toBeLessThanOrEqual(width);

    // The person lets the refused offer go.
    await page.unrouteAll();
    await page.getByRole('button', { name: /waiting to send$/ }).click();
    const outbox = page.getByRole('dialog', { name: 'Waiting to send' });
    await outbox.getByRole('button', { name: 'Discard' }).click();
    await expect(outbox.getByText('Everything has been sent.')).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
  });

  await test.step('a profile edit made offline is sent once when the connection returns; online it saves at once', async () => {
    await page.goto('/main/edit-profile');
    const sent: number[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'PATCH' && request.url().includes(`/user/update-details/${person.id}`)) {
        sent.push(response.status());
      }
    });
    await expect(page.getByRole('heading', { name: 'Edit Your Profile' })).toBeVisible();

    await context.setOffline(true);
    await page.getByLabel('Full Name').fill('Offline Name');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const notice = page.getByTestId('profile-edit-waiting');
    await expect(notice).toHaveText(
      'You are offline. Your profile edit is saved on this phone and will be sent when the connection returns.',
    );
    await page.getByLabel('Full Name').fill('Offline Name Two');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect
      .poll(async () =>
        (await waitingPayloads<{ values: { name: string } }>(page, 'profile-edit')).map((p) => p.values.name),
      )
      .toEqual(['Offline Name Two']);
    await expect(page.getByTestId('outbox-count')).toHaveText('1');

    await context.setOffline(false);
    await expect(notice).toHaveText('Your changes have been sent.');
    const stored = await call<{ name: string }>('GET', `user/find-info/${person.id}`, person.session);
    expect(stored.body.data.name).toBe('Offline Name Two');
    await page.waitForTimeout(1000);
    expect(sent).toEqual([200]);

    await page.getByLabel('Full Name').fill('Online Name');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.waitForURL(`**/main/profile/${person.id}`);
    expect(sent).toEqual([200, 200]);
  });
});
