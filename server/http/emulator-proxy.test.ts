import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  getAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_FIREBASE_PROJECT_ID } from '../test/global-setup';
import { emulatorVerificationCodes, latestPhoneCode, type EmulatorTarget } from '../test/emulator-phone';
import { createTestContext, TEST_PASSWORD, uniqueBdPhone, uniqueEmail, type TestContext } from '../test/test-app';
import { EMULATOR_CALL_BODY_MAX_BYTES } from './emulator-proxy';
import {
  PHONE_CODES_PER_ADDRESS_PER_HOUR,
  PHONE_CODES_PER_NUMBER_PER_HOUR,
  REFUSED_PASSWORDS_PER_ACCOUNT,
  REFUSED_PASSWORDS_PER_ADDRESS,
} from './limits';

/**
 * The Auth emulator proxy (issue 17, point 1) against the real emulator: the calls an attacker would make
 * through Basha's port are refused, and every call the Firebase web SDK makes for Basha still goes through.
 */

const TOOLKIT = '/identitytoolkit.googleapis.com/v1';
const FOREIGN_ORIGIN = 'https://evil.example';

let ctx: TestContext;
let server: ServerType;
let serverUrl: string;
/** What reached the listening server (the SDK's calls): path and status. */
const served: string[] = [];
beforeAll(async () => {
  // One proxy in front, so that a test can name the client address in X-Forwarded-For.
  ctx = await createTestContext({ auth: 'emulator', env: { TRUST_PROXY: '1' } });
  const fetch = async (request: Request) => {
    const response = await ctx.app.fetch(request);
    served.push(`${new URL(request.url).pathname} ${response.status}`);
    return response;
  };
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

interface ProxyAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

async function call(
  path: string,
  options: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<ProxyAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await ctx.app.request(path, { method: options.method ?? 'POST', headers, body });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, text, json };
}

function corsHeaders(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name.toLowerCase().startsWith('access-control-'));
}

/** A refusal in both shapes: Basha's envelope, and Google's error the Firebase SDK turns into `auth/...`. */
function expectRefusal(answer: ProxyAnswer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json.success).toBe(false);
  expect(answer.json.message).toBeTypeOf('string');
  expect((answer.json.error as { message?: string } | undefined)?.message).toMatch(/^[A-Z_]+ : /);
  expect(corsHeaders(answer.headers)).toEqual([]);
}

const signInBody = (email: string, password = TEST_PASSWORD) => ({ email, password, returnSecureToken: true });

describe('what an attacker sends through the proxy', () => {
  it('cannot list the accounts with the admin token, from another site or from anywhere', async () => {
    const victim = await ctx.auth.signUp(uniqueEmail('listed'));
    const path = `${TOOLKIT}/projects/${TEST_FIREBASE_PROJECT_ID}/accounts:query`;
    const attempts: Record<string, string>[] = [
      { authorization: 'Bearer owner', origin: FOREIGN_ORIGIN },
      { authorization: 'Bearer owner' },
      {},
    ];
    for (const headers of attempts) {
      const answer = await call(`${path}?key=any`, { json: { returnUserInfo: true }, headers });
      expectRefusal(answer, 403);
      expect(answer.text).not.toContain(victim.email);
      expect(answer.text).not.toContain(TEST_PASSWORD);
    }
  });

  it("cannot set another person's password by localId, with or without the admin token", async () => {
    const victim = await ctx.auth.signUp(uniqueEmail('victim'));
    for (const [path, headers] of [
      [`${TOOLKIT}/accounts:update`, {}],
      [`${TOOLKIT}/accounts:update`, { authorization: 'Bearer owner' }],
      [`${TOOLKIT}/projects/${TEST_FIREBASE_PROJECT_ID}/accounts:update`, { authorization: 'Bearer owner' }],
    ] as const) {
      const answer = await call(`${path}?key=any`, {
        json: { localId: victim.uid, password: 'taken-over-1' },
        headers,
      });
      expectRefusal(answer, 403);
    }
    // The victim's own password still works; the attacker's does not.
    const own = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, { json: signInBody(victim.email) });
    expect(own.status).toBe(200);
    const attacker = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, {
      json: signInBody(victim.email, 'taken-over-1'),
    });
    expect(attacker.status).toBe(400);
  });

  it("cannot read reset codes or open the emulator's pages", async () => {
    for (const [method, path] of [
      ['GET', `/emulator/v1/projects/${TEST_FIREBASE_PROJECT_ID}/oobCodes`],
      ['GET', '/emulator/v1/projects/x/oobCodes'],
      ['DELETE', `/emulator/v1/projects/${TEST_FIREBASE_PROJECT_ID}/accounts`],
      ['GET', '/emulator/action?mode=resetPassword&oobCode=x&apiKey=any'],
      ['PATCH', `/emulator/v1/projects/${TEST_FIREBASE_PROJECT_ID}/config`],
    ] as const) {
      expectRefusal(await call(path, { method }), 403);
    }
  });

  it('cannot make Firebase send any mail: Basha mails reset links itself (POST /api/v1/user/reset-password)', async () => {
    const victim = await ctx.auth.signUp(uniqueEmail('reset'));
    for (const json of [
      { requestType: 'PASSWORD_RESET', email: victim.email },
      { requestType: 'PASSWORD_RESET', email: victim.email, returnOobLink: true },
      { requestType: 'VERIFY_EMAIL', email: victim.email, returnOobLink: true },
      { requestType: 'EMAIL_SIGNIN', email: victim.email },
      { requestType: 'PASSWORD_RESET', email: victim.email, targetProjectId: TEST_FIREBASE_PROJECT_ID },
    ]) {
      const answer = await call(`${TOOLKIT}/accounts:sendOobCode?key=any`, { json });
      expectRefusal(answer, 404);
      expect(answer.text).not.toContain('oobCode');
    }
  });

  it('cannot set a password through resetPassword without a mailed code, nor with extra fields', async () => {
    const victim = await ctx.auth.signUp(uniqueEmail('no-code'));
    const oobCode = await ctx.identity.passwordResetCode(victim.email);
    for (const json of [
      { email: victim.email, oldPassword: 'guess-1', newPassword: 'taken-over-1' },
      { email: victim.email, newPassword: 'taken-over-1' },
      { oobCode, newPassword: 'taken-over-1', email: 'attacker@example.com' },
      { oobCode, newPassword: 'taken-over-1', tenantId: 'x' },
      { oobCode: '', newPassword: 'taken-over-1' },
    ]) {
      expectRefusal(await call(`${TOOLKIT}/accounts:resetPassword?key=any`, { json }), 403);
    }
    const wrong = await call(`${TOOLKIT}/accounts:resetPassword?key=any`, {
      json: { oobCode: 'made-up-code', newPassword: 'taken-over-1' },
    });
    expect(wrong.status).toBe(400);
    const own = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, { json: signInBody(victim.email) });
    expect(own.status).toBe(200);
  });

  it('gives other sites no CORS grant, not even for the calls the app makes', async () => {
    const preflight = await ctx.app.request(`${TOOLKIT}/accounts:signInWithPassword?key=any`, {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(corsHeaders(preflight.headers)).toEqual([]);

    const account = await ctx.auth.signUp(uniqueEmail('cors'));
    for (const origin of [FOREIGN_ORIGIN, 'null', 'http://localhost.evil.example']) {
      const answer = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, {
        json: signInBody(account.email),
        headers: { origin, 'content-type': 'text/plain' },
      });
      expectRefusal(answer, 403);
      expect(answer.text).not.toContain('idToken');
    }
  });

  it('refuses any Authorization header, even on a call the app makes', async () => {
    const account = await ctx.auth.signUp(uniqueEmail('header'));
    for (const authorization of ['Bearer owner', `Bearer ${account.idToken}`, 'Basic b3duZXI6']) {
      const answer = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, {
        json: signInBody(account.email),
        headers: { authorization },
      });
      expectRefusal(answer, 403);
    }
  });

  it('refuses project-scoped paths, other paths, other methods and other query parameters', async () => {
    expectRefusal(await call(`${TOOLKIT}/projects/${TEST_FIREBASE_PROJECT_ID}/accounts:lookup?key=any`), 403);
    expectRefusal(await call(`${TOOLKIT}/accounts:batchDelete?key=any`, { json: { localIds: ['x'] } }), 404);
    expectRefusal(await call(`${TOOLKIT}/accounts:signInWithCustomToken?key=any`, { json: { token: 'x' } }), 404);
    expectRefusal(await call('/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=any', { method: 'GET' }), 404);
    expectRefusal(await call(`${TOOLKIT}/accounts:lookup?key=any`, { method: 'GET' }), 405);
    expectRefusal(await call(`${TOOLKIT}/accounts:lookup?key=any&alt=json`, { json: { idToken: 'x' } }), 403);
    expectRefusal(await call(`${TOOLKIT}/accounts:lookup?key=any`, { json: { localId: ['x'] } }), 403);
    expectRefusal(await call(`${TOOLKIT}/accounts:delete?key=any`, { json: { localId: 'x' } }), 403);
    expectRefusal(await call(`${TOOLKIT}/accounts:signUp?key=any`, { json: {} }), 403);
    expectRefusal(
      await call('/securetoken.googleapis.com/v1/token?key=any', {
        body: 'grant_type=authorization_code&code=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      403,
    );
  });

  it('refuses a body that is not JSON, or too large, before the emulator sees it', async () => {
    expectRefusal(await call(`${TOOLKIT}/accounts:lookup?key=any`, { body: '{"idToken":' }), 400);
    const huge = { idToken: 'x'.repeat(EMULATOR_CALL_BODY_MAX_BYTES) };
    expectRefusal(await call(`${TOOLKIT}/accounts:lookup?key=any`, { json: huge }), 413);
  });
});

describe('wrong passwords through the proxy (issue 38, point 7)', () => {
  const WINDOW_MS = 10 * 60 * 1000;
  const signInFrom = (address: string, email: string, password: string) =>
    call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, {
      json: signInBody(email, password),
      headers: { 'x-forwarded-for': address },
    });
  /** The 429 the Firebase SDK turns into auth/too-many-requests, with no token in it. */
  function expectTooMany(answer: ProxyAnswer) {
    expectRefusal(answer, 429);
    expect((answer.json.error as { message: string }).message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : /);
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(answer.text).not.toContain('idToken');
  }

  it('refuses an account whose password was guessed wrong 10 times, from any addresses, the right password too', async () => {
    ctx.clock.advance(WINDOW_MS); // a window of its own
    const victim = await ctx.auth.signUp(uniqueEmail('guessed'));
    const bystander = await ctx.auth.signUp(uniqueEmail('bystander'));
    for (let attempt = 1; attempt <= REFUSED_PASSWORDS_PER_ACCOUNT; attempt += 1) {
      const wrong = await signInFrom(`203.0.113.${attempt}`, victim.email, `guess-${attempt}`);
      expect(wrong.status, wrong.text).toBe(400);
    }
    expectTooMany(await signInFrom('198.51.100.7', victim.email, TEST_PASSWORD));
    expectTooMany(await signInFrom('198.51.100.7', victim.email.toUpperCase(), 'guess-11'));
    // Another account from the same addresses is not held up, and the window's end frees the victim's.
    expect((await signInFrom('203.0.113.1', bystander.email, TEST_PASSWORD)).status).toBe(200);
    ctx.clock.advance(WINDOW_MS);
    expect((await signInFrom('198.51.100.7', victim.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses every sign-in from an address that guessed wrong 30 times over many accounts; other addresses sign in', async () => {
    ctx.clock.advance(WINDOW_MS);
    const accounts = await Promise.all([1, 2, 3, 4].map((n) => ctx.auth.signUp(uniqueEmail(`sprayed-${n}`))));
    const emails = [...accounts.map((account) => account.email), uniqueEmail('nobody')];
    for (let attempt = 0; attempt < REFUSED_PASSWORDS_PER_ADDRESS; attempt += 1) {
      // Spread over five accounts (one unknown), none of which reaches its own limit.
      const wrong = await signInFrom('203.0.113.50', emails[attempt % emails.length]!, `guess-${attempt}`);
      expect(wrong.status, wrong.text).toBe(400);
    }
    const fresh = await ctx.auth.signUp(uniqueEmail('fresh'));
    expectTooMany(await signInFrom('203.0.113.50', fresh.email, TEST_PASSWORD));
    expect((await signInFrom('203.0.113.51', fresh.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signInFrom('203.0.113.51', accounts[0]!.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets no more than 10 guesses sent side by side reach the emulator', async () => {
    ctx.clock.advance(WINDOW_MS);
    const victim = await ctx.auth.signUp(uniqueEmail('flooded'));
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => signInFrom(`203.0.113.${100 + n}`, victim.email, `guess-${n}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(400), ...Array<number>(15).fill(429)]);
    expectTooMany(await signInFrom('198.51.100.8', victim.email, TEST_PASSWORD));
  });

  it('counts only wrong passwords: an account signs in as often as its owner likes', async () => {
    ctx.clock.advance(WINDOW_MS);
    const owner = await ctx.auth.signUp(uniqueEmail('often'));
    for (let attempt = 0; attempt <= REFUSED_PASSWORDS_PER_ACCOUNT; attempt += 1) {
      expect((await signInFrom('203.0.113.60', owner.email, TEST_PASSWORD)).status).toBe(200);
    }
  });
});

describe('the REST calls the app makes, through the proxy', () => {
  it("pass from the page's own origin, and the emulator's CORS headers do not come back", async () => {
    const email = uniqueEmail('own-origin');
    const signedUp = await call(`${TOOLKIT}/accounts:signUp?key=any`, {
      json: { ...signInBody(email), clientType: 'CLIENT_TYPE_WEB' },
      headers: { origin: 'http://localhost' },
    });
    expect(signedUp.status, signedUp.text).toBe(200);
    expect(signedUp.json.email).toBe(email);
    expect(corsHeaders(signedUp.headers)).toEqual([]);

    const refreshed = await call('/securetoken.googleapis.com/v1/token?key=any', {
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: String(signedUp.json.refreshToken),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.json.id_token).toBeTypeOf('string');
    expect(corsHeaders(refreshed.headers)).toEqual([]);
  });
});

const HOUR_MS = 60 * 60 * 1000;
const emulator = (): EmulatorTarget => ({
  origin: `http://127.0.0.1:${inject('authEmulatorPort')}`,
  projectId: TEST_FIREBASE_PROJECT_ID,
});
/** How many codes the emulator has issued to the number: what would have been SMS. */
const codesSentTo = async (phone: string) =>
  (await emulatorVerificationCodes(emulator())).filter((issued) => issued.phoneNumber === phone).length;
/** An address of the documentation range no other test uses. */
// A new client address for each call (TEST-NET-3, then on): a random one of 250 met the address a test had just
// used up now and then, and its 429 failed the test (CI14).
let addressesGiven = 0;
const uniqueAddress = () => {
  addressesGiven += 1;
  return `203.0.${113 + Math.floor(addressesGiven / 250)}.${(addressesGiven % 250) + 1}`;
};

/**
 * What the SDK sends for a code in the reCAPTCHA v2 flow (firebase/auth 12.19, _verifyPhoneNumber and
 * injectRecaptchaFields). The SDK's Node build cannot sign in by phone (auth/operation-not-supported-in-this-
 * environment), so these calls are made as it makes them; ./emulator-proxy-phone-sdk.test.ts runs its browser build.
 */
const codeRequest = (phoneNumber: string) => ({
  phoneNumber,
  clientType: 'CLIENT_TYPE_WEB',
  captchaResponse: 'NO_RECAPTCHA',
  recaptchaVersion: 'RECAPTCHA_ENTERPRISE',
  recaptchaToken: 'a-recaptcha-v2-token',
});

describe('codes by SMS through the proxy (issue 40)', () => {
  const askCode = (phoneNumber: string, address = uniqueAddress(), headers: Record<string, string> = {}) =>
    call(`${TOOLKIT}/accounts:sendVerificationCode?key=any`, {
      json: codeRequest(phoneNumber),
      headers: { 'x-forwarded-for': address, ...headers },
    });

  it('asks for a code for a Bangladeshi mobile number and signs in or links with it', async () => {
    ctx.clock.advance(HOUR_MS);
    const phone = uniqueBdPhone();
    const sent = await askCode(phone);
    expect(sent.status, sent.text).toBe(200);
    const code = await latestPhoneCode(emulator(), phone);
    expect(code?.sessionInfo).toBe(sent.json.sessionInfo);
    const signedIn = await call(`${TOOLKIT}/accounts:signInWithPhoneNumber?key=any`, {
      json: { sessionInfo: code?.sessionInfo, code: code?.code },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json.phoneNumber).toBe(phone);

    const account = await ctx.auth.signUp(uniqueEmail('links-phone'));
    const other = uniqueBdPhone();
    await askCode(other);
    const otherCode = await latestPhoneCode(emulator(), other);
    const linked = await call(`${TOOLKIT}/accounts:signInWithPhoneNumber?key=any`, {
      json: { idToken: account.idToken, sessionInfo: otherCode?.sessionInfo, code: otherCode?.code },
    });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json.localId).toBe(account.uid);

    // The number's account adds an e-mail and a password (linkWithCredential: a sign-up with its ID token), and
    // takes a provider off again when Basha refuses it (unlink), only one of those two, only its own.
    const address = uniqueEmail('phone-adds-email');
    const added = await call(`${TOOLKIT}/accounts:signUp?key=any`, {
      json: { ...signInBody(address), idToken: signedIn.json.idToken },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.json.localId).toBe(signedIn.json.localId);
    const byPassword = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, { json: signInBody(address) });
    expect(byPassword.json.localId).toBe(signedIn.json.localId);
    for (const deleteProvider of [['google.com'], ['phone', 'password'], []]) {
      const refused = await call(`${TOOLKIT}/accounts:update?key=any`, {
        json: { idToken: added.json.idToken, deleteProvider },
      });
      expectRefusal(refused, 403);
    }
    const unlinked = await call(`${TOOLKIT}/accounts:update?key=any`, {
      json: { idToken: added.json.idToken, deleteProvider: ['password'] },
    });
    expect(unlinked.status, unlinked.text).toBe(200);
    const afterUnlink = await call(`${TOOLKIT}/accounts:signInWithPassword?key=any`, { json: signInBody(address) });
    expect(afterUnlink.status).toBe(400);
  });

  it('answers the reCAPTCHA site key the SDK’s verifier reads first (GET, the key parameter only)', async () => {
    const params = await call(`${TOOLKIT}/recaptchaParams?key=any`, { method: 'GET' });
    expect(params.status, params.text).toBe(200);
    expect(params.json.recaptchaSiteKey).toEqual(expect.any(String));
    expect(corsHeaders(params.headers)).toEqual([]);
    expectRefusal(await call(`${TOOLKIT}/recaptchaParams?key=any`, { json: {} }), 405);
    expectRefusal(await call(`${TOOLKIT}/recaptchaParams?key=any&tenantId=x`, { method: 'GET' }), 403);
    // The reCAPTCHA Enterprise config the SDK tries before it is refused: the SDK then takes the v2 flow above.
    const config = await call('/identitytoolkit.googleapis.com/v2/recaptchaConfig?key=any', { method: 'GET' });
    expect(config.status).toBe(404);
  });

  it('refuses other countries’ numbers and landlines with 400 and asks the emulator for nothing', async () => {
    for (const phone of ['+14155550123', '+447911123456', '+88029665543', '+8801312345']) {
      const answer = await askCode(phone);
      expectRefusal(answer, 400);
      expect(answer.json.message).toBe('Only Bangladeshi mobile numbers can sign in (like 01712-345678).');
      expect((answer.json.error as { message: string }).message).toMatch(/^INVALID_PHONE_NUMBER : /);
      expect(await codesSentTo(phone)).toBe(0);
    }
  });

  it('refuses fields the SDK does not send, a number that is not E.164 and a code that is not six digits', async () => {
    const phone = uniqueBdPhone();
    for (const json of [
      { ...codeRequest(phone), tenantId: 'other' },
      { ...codeRequest(phone), phoneNumber: '01712345678' },
      { ...codeRequest(phone), recaptchaVersion: 'RECAPTCHA_V3' },
    ]) {
      expectRefusal(await call(`${TOOLKIT}/accounts:sendVerificationCode?key=any`, { json }), 403);
    }
    for (const json of [
      { sessionInfo: 'x', code: '12345' },
      { temporaryProof: 'x', phoneNumber: phone },
      { sessionInfo: 'x', code: '123456', localId: 'someone' },
    ]) {
      expectRefusal(await call(`${TOOLKIT}/accounts:signInWithPhoneNumber?key=any`, { json }), 403);
    }
    expect(await codesSentTo(phone)).toBe(0);
  });

  it(`sends at most ${PHONE_CODES_PER_NUMBER_PER_HOUR} codes to a number an hour, from any addresses; 429 in the request’s language`, async () => {
    ctx.clock.advance(HOUR_MS);
    const phone = uniqueBdPhone();
    for (let sent = 1; sent <= PHONE_CODES_PER_NUMBER_PER_HOUR; sent += 1) {
      expect((await askCode(phone)).status).toBe(200);
    }
    const refused = await askCode(phone);
    expectRefusal(refused, 429);
    expect((refused.json.error as { message: string }).message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : /);
    expect(refused.json.message).toMatch(/^Too many codes sent to this number\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const inBangla = await askCode(phone, uniqueAddress(), { 'accept-language': 'bn' });
    expect(inBangla.status).toBe(429);
    expect(inBangla.json.message).toMatch(/^এই নম্বরে অনেক বেশি কোড পাঠানো হয়েছে।/);
    expect(await codesSentTo(phone)).toBe(PHONE_CODES_PER_NUMBER_PER_HOUR);

    ctx.clock.advance(HOUR_MS);
    expect((await askCode(phone)).status).toBe(200);
  });

  it(`sends at most ${PHONE_CODES_PER_ADDRESS_PER_HOUR} codes an hour for one address; other addresses still get theirs`, async () => {
    ctx.clock.advance(HOUR_MS);
    const address = uniqueAddress();
    for (let sent = 1; sent <= PHONE_CODES_PER_ADDRESS_PER_HOUR; sent += 1) {
      expect((await askCode(uniqueBdPhone(), address)).status).toBe(200);
    }
    const phone = uniqueBdPhone();
    const refused = await askCode(phone, address);
    expectRefusal(refused, 429);
    expect(refused.json.message).toMatch(/^Too many codes requested from this connection\./);
    expect(await codesSentTo(phone)).toBe(0);
    // Refused requests are not counted against the number: from elsewhere it still gets its three.
    for (let sent = 1; sent <= PHONE_CODES_PER_NUMBER_PER_HOUR; sent += 1) {
      expect((await askCode(phone)).status).toBe(200);
    }
    ctx.clock.advance(HOUR_MS);
  });
});

describe('the Firebase web SDK, through the proxy', () => {
  let firebaseApp: FirebaseApp;
  let auth: Auth;
  beforeAll(() => {
    firebaseApp = initializeApp(
      { apiKey: 'demo-api-key', projectId: TEST_FIREBASE_PROJECT_ID, authDomain: 'localhost' },
      `sdk-${randomUUID()}`,
    );
    auth = getAuth(firebaseApp);
    connectAuthEmulator(auth, serverUrl, { disableWarnings: true });
  });
  afterAll(() => deleteApp(firebaseApp));

  it('signs up, looks the account up, refreshes its token, changes its password, signs in, resets, deletes', async () => {
    const email = uniqueEmail('sdk');
    const created = await createUserWithEmailAndPassword(auth, email, TEST_PASSWORD);
    expect(created.user.email).toBe(email);
    await created.user.reload(); // accounts:lookup
    await created.user.getIdToken(true); // securetoken v1/token

    await updatePassword(created.user, 'changed-pass-2'); // accounts:update with its own ID token
    await signOut(auth);
    await expect(signInWithEmailAndPassword(auth, email, TEST_PASSWORD)).rejects.toMatchObject({
      code: 'auth/wrong-password',
    });
    const signedIn = await signInWithEmailAndPassword(auth, email, 'changed-pass-2');
    expect(signedIn.user.uid).toBe(created.user.uid);

    // Firebase's own reset mail is not a call Basha's pages make (its server mails the link).
    await expect(sendPasswordResetEmail(auth, email)).rejects.toBeDefined();
    await signedIn.user.delete(); // accounts:delete, as a cancelled registration does
    await expect(signInWithEmailAndPassword(auth, email, 'changed-pass-2')).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });

    // Every call went through the proxy, and each of the SDK's calls was one of ours.
    const expected = ['signUp', 'lookup', 'update', 'signInWithPassword', 'delete'];
    for (const name of expected) expect(served).toContain(`${TOOLKIT}/accounts:${name} 200`);
    expect(served).toContain('/securetoken.googleapis.com/v1/token 200');
  });

  it("checks a mailed reset code and sets the new password with it, as Basha's new-password page does", async () => {
    const email = uniqueEmail('sdk-reset');
    await ctx.auth.signUp(email);
    const oobCode = await ctx.identity.passwordResetCode(email);
    expect(oobCode).toBeTypeOf('string');
    expect(await ctx.identity.passwordResetCode(uniqueEmail('nobody'))).toBeUndefined();

    expect(await verifyPasswordResetCode(auth, oobCode!)).toBe(email); // accounts:resetPassword {oobCode}
    await confirmPasswordReset(auth, oobCode!, 'reset-pass-3'); // accounts:resetPassword {oobCode, newPassword}
    expect((await signInWithEmailAndPassword(auth, email, 'reset-pass-3')).user.email).toBe(email);
    await signOut(auth);
    // A code works once.
    await expect(confirmPasswordReset(auth, oobCode!, 'again-pass-4')).rejects.toMatchObject({
      code: 'auth/invalid-action-code',
    });
    expect(served.filter((line) => line === `${TOOLKIT}/accounts:resetPassword 200`)).toHaveLength(2);
  });

  it('tells a guesser auth/too-many-requests past the limit of wrong passwords', async () => {
    ctx.clock.advance(10 * 60 * 1000);
    const email = uniqueEmail('sdk-guessed');
    await ctx.auth.signUp(email);
    for (let attempt = 1; attempt <= REFUSED_PASSWORDS_PER_ACCOUNT; attempt += 1) {
      await expect(signInWithEmailAndPassword(auth, email, `guess-${attempt}`)).rejects.toMatchObject({
        code: 'auth/wrong-password',
      });
    }
    await expect(signInWithEmailAndPassword(auth, email, TEST_PASSWORD)).rejects.toMatchObject({
      code: 'auth/too-many-requests',
    });
    ctx.clock.advance(10 * 60 * 1000);
  });

  it('surfaces a refusal as an ordinary auth error, not a network failure', async () => {
    // The SDK never sends an Authorization header itself; a hosted project would refuse this call too.
    const { signInWithCustomToken } = await import('firebase/auth');
    await expect(signInWithCustomToken(auth, 'a-custom-token')).rejects.toMatchObject({ code: 'auth/not-found' });
  });
});
