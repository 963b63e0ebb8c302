import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { latestPhoneCode, type EmulatorTarget } from '../test/emulator-phone';
import { TEST_FIREBASE_PROJECT_ID } from '../test/global-setup';
import { createTestContext, TEST_PASSWORD, uniqueBdPhone, uniqueEmail, type TestContext } from '../test/test-app';

/**
 * The Firebase web SDK's phone sign-in through the Auth emulator proxy (issue 40), as the browser runs it: the SDK's
 * browser build (its Node build cannot sign in by phone) over a DOM of jsdom's, with the RecaptchaVerifier the
 * pages use (connected to the emulator it renders no reCAPTCHA). Every call it makes must be one the proxy lets
 * through: the reCAPTCHA site key, the code, the sign-in, and linking a number to an e-mail account.
 */

/** The browser build of firebase/auth 12 (the package's `browser` entry), whose API is the one the types describe. */
const BROWSER_AUTH = '../../node_modules/firebase/node_modules/@firebase/auth/dist/esm/index.js';
type FirebaseAuthSdk = typeof import('firebase/auth'); // eslint-disable-line @typescript-eslint/consistent-type-imports

// jsdom (the unit tests' DOM) has no type declarations installed; this is the little of it used here.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis };
};

/** The page the SDK runs in, as globals for this test (Vitest restores them after each test). */
function openPage(): void {
  const dom = new JSDOM('<div id="recaptcha"></div>', { url: 'http://localhost/' });
  vi.stubGlobal('window', dom.window);
  vi.stubGlobal('self', dom.window);
  vi.stubGlobal('document', dom.window.document);
  vi.stubGlobal('location', dom.window.location);
  vi.stubGlobal('navigator', dom.window.navigator);
  vi.stubGlobal('HTMLElement', dom.window.HTMLElement);
}

let ctx: TestContext;
let server: ServerType;
let serverUrl: string;
let firebaseApp: FirebaseApp;
const served: string[] = [];
const emulator = (): EmulatorTarget => ({
  origin: `http://127.0.0.1:${inject('authEmulatorPort')}`,
  projectId: TEST_FIREBASE_PROJECT_ID,
});

beforeAll(async () => {
  ctx = await createTestContext({ auth: 'emulator' });
  const fetch = async (request: Request) => {
    const response = await ctx.app.fetch(request);
    served.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
    return response;
  };
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  firebaseApp = initializeApp(
    { apiKey: 'demo-api-key', projectId: TEST_FIREBASE_PROJECT_ID, authDomain: 'localhost' },
    `phone-sdk-${Math.random().toString(36).slice(2)}`,
  );
});
afterAll(async () => {
  await deleteApp(firebaseApp);
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

it('signs in with a phone number and links one to an e-mail account, every call through the proxy', async () => {
  openPage();
  const sdk = (await import(/* @vite-ignore */ BROWSER_AUTH)) as FirebaseAuthSdk;
  const auth = sdk.getAuth(firebaseApp);
  sdk.connectAuthEmulator(auth, serverUrl, { disableWarnings: true });

  const phone = uniqueBdPhone();
  const confirmation = await sdk.signInWithPhoneNumber(
    auth,
    phone,
    new sdk.RecaptchaVerifier(auth, 'recaptcha', { size: 'invisible' }),
  );
  const signedIn = await confirmation.confirm((await latestPhoneCode(emulator(), phone))!.code);
  expect(signedIn.user.phoneNumber).toBe(phone);
  expect(signedIn.user.email).toBeNull();
  await sdk.signOut(auth);

  const created = await sdk.createUserWithEmailAndPassword(auth, uniqueEmail('sdk-phone-link'), TEST_PASSWORD);
  const other = uniqueBdPhone();
  const linking = await sdk.linkWithPhoneNumber(
    created.user,
    other,
    new sdk.RecaptchaVerifier(auth, 'recaptcha', { size: 'invisible' }),
  );
  const linked = await linking.confirm((await latestPhoneCode(emulator(), other))!.code);
  expect(linked.user.uid).toBe(created.user.uid);
  expect((await linked.user.getIdTokenResult(true)).claims.phone_number).toBe(other);
  await sdk.signOut(auth);

  for (const call of [
    'GET /identitytoolkit.googleapis.com/v1/recaptchaParams 200',
    'POST /identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode 200',
    'POST /identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber 200',
  ]) {
    expect(served).toContain(call);
  }
  // Only the reCAPTCHA Enterprise config, which the SDK tries first and does without, is refused.
  expect(served.filter((line) => !/ 200$/.test(line))).toEqual(
    served.filter((line) => line.startsWith('GET /identitytoolkit.googleapis.com/v2/recaptchaConfig ')),
  );
});
