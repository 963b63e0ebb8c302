import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as setup, type BrowserContext } from '@playwright/test';
import { demoModerator, demoUsers, signInAs, signedInStatePath } from '../support/sign-in';

/**
 * Signs each demo person in once through the login page and keeps the phone's state (cookies, local storage and
 * IndexedDB, where the Firebase web SDK keeps its sign-in) for the tests that start signed in
 * (`test.use({ storageState: signedInStatePath(user) })`). Signing in itself is tested by the journeys that are
 * about it (e2e/accounts.spec.ts).
 */
/** A saved origin; with `indexedDB: true` it also holds the origin's databases (Playwright's type leaves them out). */
type OriginState = Awaited<ReturnType<BrowserContext['storageState']>>['origins'][number] & {
  indexedDB?: { name: string }[];
};

/** Where the Firebase web SDK keeps who is signed in (its indexedDBLocalPersistence). */
const FIREBASE_AUTH_DATABASE = 'firebaseLocalStorageDb';

setup('the demo people sign in once', async ({ browser }) => {
  mkdirSync(path.dirname(signedInStatePath(demoModerator)), { recursive: true });
  for (const user of [...demoUsers, demoModerator]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, user);
    // Only the sign-in (cookies, and the Firebase web SDK's own database), not the app's mirrors, outbox or saved
    // items as this first page left them: a test's phone fills those itself, as a phone where one has just signed in.
    const state = await context.storageState({ indexedDB: true });
    for (const origin of state.origins as OriginState[]) {
      origin.indexedDB = origin.indexedDB?.filter((database) => database.name === FIREBASE_AUTH_DATABASE);
    }
    writeFileSync(signedInStatePath(user), JSON.stringify(state));
    await context.close();
  }
});
