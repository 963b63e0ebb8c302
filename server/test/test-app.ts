import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import type { ApiEnvelope, NewUser } from '../../src/domain/user';
import { createApp } from '../app';
import type { FirebaseIdentity } from '../auth/identity';
import { loadConfig, type AppConfig } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { createEventHub, type EventHub } from '../events/event-hub';
import { users } from '../db/schema';
import type { AppDeps, Clock, Logger } from '../deps';
import { createLocalImageStorage, type ImageStorage } from '../images/storage';
import { createSmtpMailer, type Mailer } from '../mail/mailer';
import { createCdnPurger, type CdnPurger } from '../share/cdn-purge';
import { createWebPushSender } from '../push/push-sender';
import { emulatorAuth } from './emulator-auth';
import { createFakeFirebase, type FakeFirebase } from './fake-identity';
import { TEST_FIREBASE_PROJECT_ID } from './global-setup';
import { uniqueBdPhone, uniqueEmail, type FirebaseAccount, type PhoneAccount, type TestAuth } from './test-auth';
import { RENT_AD_INPUT } from './rows';
import { openTestDatabase, type TestDatabaseHandle } from './test-database';
import { createTestJobs, type TestJobs } from './test-jobs';
import { bashaJobs } from '../jobs/jobs';

/**
 * A fresh app per test file: a database of its own, cloned from the one global-setup migrated (in-memory PGlite,
 * or PostgreSQL under `npm run test:postgres`), a Firebase project (the file's fake one, or the real Auth emulator),
 * maildev (started by global-setup), a temporary uploads folder (or the given image storage) and a clock the test
 * can move.
 */

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface RecordingLogger extends Logger {
  lines: string[];
  errors: { message: string; error: unknown }[];
}

function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  const errors: RecordingLogger['errors'] = [];
  return {
    lines,
    errors,
    info: (message) => lines.push(message),
    error: (message, error) => errors.push({ message, error }),
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: ApiEnvelope<T>;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  db: Database;
  database: TestDatabaseHandle;
  config: AppConfig;
  clock: TestClock;
  logger: RecordingLogger;
  /** The app's CDN purger when the env configures one (CDN_PURGE_URL): `idle()` waits for every purge to go. */
  cdnPurger: CdnPurger;
  /** The Firebase project the app verifies tokens against: the file's fake one, or the real Auth emulator. */
  auth: TestAuth;
  identity: FirebaseIdentity;
  events: EventHub;
  /** Everything the app was built with, for calling a route's or a job's own functions directly. */
  deps: AppDeps;
  /** What the routes sent to the job queue, kept until `runJobs`. */
  jobs: TestJobs;
  /** Runs the jobs sent so far (and those they send) with the app's handlers, as a server's workers would. */
  runJobs(): Promise<void>;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/**
 * The test file's context, created before its tests and closed after them. It is read through on each use, so
 * the file can name it at the top although it exists only once `beforeAll` has run.
 */
export function testContextForFile(overrides?: TestContextOptions): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(overrides);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestContext, {
    get(_, key) {
      if (!current) throw new Error('The test context exists only while the tests run (after beforeAll).');
      return Reflect.get(current, key);
    },
  });
}

/** The environment of a test server: the run's Auth emulator and maildev, no demo data, no request log. */
export function testEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_PORT: String(inject('authEmulatorPort')),
    FIREBASE_EMULATOR_HUB_PORT: String(inject('authEmulatorHubPort')),
    MAILDEV_SMTP_PORT: String(inject('maildevSmtpPort')),
    MAILDEV_WEB_PORT: String(inject('maildevWebPort')),
    DEMO_DATA: 'off',
    LOG_REQUESTS: 'off',
  };
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basha-test-data-'));
  return loadConfig({
    ...testEnv(),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
}

export interface TestContextOptions {
  mailer?: Mailer;
  images?: ImageStorage;
  staticDir?: string;
  env?: Record<string, string>;
  /**
   * Whose ID tokens the app verifies: the file's in-process fake Firebase project (the default), or the real Auth
   * emulator through firebase-admin, for the files whose subject is identity itself (sign-in and its tokens,
   * password reset and change, disabled accounts, revoked sessions, the emulator proxy).
   */
  auth?: 'fake' | 'emulator';
}

export async function createTestContext(overrides: TestContextOptions = {}): Promise<TestContext> {
  const config = testConfig(overrides.env);
  const database = await openTestDatabase();
  // The clone is migrated already (global-setup): this finds nothing to do, as a restarted server does.
  await database.migrate();
  const auth = overrides.auth === 'emulator' ? emulatorAuth(config) : fakeFirebase();
  const identity = auth.identity();
  const mailer = overrides.mailer ?? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const clock = createTestClock();
  const logger = recordingLogger();
  const events = createEventHub(database);
  const cdnPurger = createCdnPurger(config.cdnPurge, { publicUrl: config.publicUrl, logger });
  const jobs = createTestJobs();
  const deps: AppDeps = {
    db: database.db,
    config,
    identity,
    mailer,
    images: overrides.images ?? createLocalImageStorage(config.uploadsDir),
    clock,
    events,
    jobs,
    pushSender: createWebPushSender(config.push),
    logger,
    cdnPurger,
  };
  const app = createApp(deps, overrides.staticDir ? { staticDir: overrides.staticDir } : {});

  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    logger,
    cdnPurger,
    auth,
    identity,
    events,
    deps,
    jobs,
    runJobs: () => jobs.runSent(bashaJobs(deps)),
    request: requestThrough(app),
    async close() {
      mailer.close();
      await identity.close();
      await events.close();
      await database.close().catch(() => undefined);
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

function requestThrough(app: ReturnType<typeof createApp>): TestContext['request'] {
  return async <T>(method: string, requestPath: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await app.request(requestPath, { method, headers, body });
    const text = await response.text();
    let parsed: ApiEnvelope<T>;
    try {
      parsed = JSON.parse(text) as ApiEnvelope<T>;
    } catch {
      throw new Error(`${method} ${requestPath} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

/** A second app instance on the test file's database, as a second server process is. */
export interface SecondInstance {
  app: ReturnType<typeof createApp>;
  db: Database;
  request: TestContext['request'];
  close(): Promise<void>;
}

/**
 * Another app over the same database, with the same configuration, clock and Firebase project but caches of its
 * own: on PostgreSQL with connections of its own, as another server process has; embedded PGlite has one owner,
 * so there it shares the handle (as PGlite allows only one process).
 */
export async function secondInstance(ctx: TestContext): Promise<SecondInstance> {
  const handle = ctx.database.url ? await openDatabase({ kind: 'postgres', url: ctx.database.url }) : undefined;
  const db = handle?.db ?? ctx.db;
  const mailer = createSmtpMailer({ smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom });
  const events = createEventHub(handle ?? ctx.database);
  const app = createApp({
    db,
    config: ctx.config,
    identity: ctx.identity,
    mailer,
    images: createLocalImageStorage(ctx.config.uploadsDir),
    clock: ctx.clock,
    events,
    jobs: ctx.jobs,
    pushSender: createWebPushSender(ctx.config.push),
    logger: recordingLogger(),
  });
  return {
    app,
    db,
    request: requestThrough(app),
    async close() {
      mailer.close();
      await events.close();
      await handle?.close();
    },
  };
}

// ---- Firebase accounts ----

export { TEST_PASSWORD, uniqueBdPhone, uniqueEmail, type FirebaseAccount, type PhoneAccount } from './test-auth';

/**
 * The test file's fake Firebase project (server/test/fake-identity.ts), one per file as the emulator is one per
 * run: every context of the file made with the default `auth: 'fake'` verifies its tokens, so an account signed
 * up here works in each of them. Vitest gives each test file modules of its own, hence one per file.
 */
let fileFake: FakeFirebase | undefined;
export function fakeFirebase(): FakeFirebase {
  return (fileFake ??= createFakeFirebase(TEST_FIREBASE_PROJECT_ID));
}

/** A new account in the file's fake Firebase project, signed in (for a context with `auth: 'emulator'`, use ctx.auth). */
export function signUpFirebase(email?: string, password?: string): Promise<FirebaseAccount> {
  return fakeFirebase().signUp(email, password);
}

/** A fresh ID token of an account of the file's fake Firebase project. */
export function signInFirebase(email: string, password?: string): Promise<string> {
  return fakeFirebase().signIn(email, password);
}

/** Disables an account of the file's fake Firebase project. */
export function disableFirebaseAccount(uid: string): Promise<void> {
  return fakeFirebase().disable(uid);
}

// ---- Basha accounts ----

export function newUserPayload(email: string, overrides: Partial<NewUser> = {}): Record<string, unknown> {
  return {
    name: 'Rahim Chowdhury',
    email,
    phoneNumber: '+880 1711-000000',
    nid: '1990123456789',
    gender: 'Male',
    nationality: 'Bangladeshi',
    occupation: 'Plumber',
    dateOfBirth: '1990-05-17',
    address: { street: 'House 7, Road 2, Mirpur 10', city: 'Dhaka', postalCode: '1216' },
    socialMedia: { facebook: 'https://facebook.com/rahim.demo' },
    profileImage: null,
    ...overrides,
  };
}

/** A rent ad the server accepts (given photos the poster uploaded), as POST /rent/create takes it. */
export function newRentAdPayload(
  imageUrls: string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...RENT_AD_INPUT,
    category: 'flat',
    // New ads must name their place (PLACE_REQUIRED_FOR_NEW_ADS); a test of that passes placeId: undefined.
    placeId: 'ar-dhanmondi',
    imageUrls,
    ...overrides,
  };
}

export interface RegisteredUser extends FirebaseAccount {
  id: string;
}

/**
 * A Firebase account plus its Basha profile, made through the real endpoints. Its e-mail counts as verified (set
 * in the database, as if the mailed code had been entered: server/accounts/otp.test.ts tests that flow), since
 * posting needs it; `{ verified: false }` leaves it as registration does.
 */
/** How a test person is made: verified (the default) or not, and with a given e-mail (a moderator's, say). */
export interface NewPersonOptions {
  verified?: boolean;
  email?: string;
}

export async function registerUser(
  ctx: TestContext,
  label = 'user',
  options: NewPersonOptions = {},
): Promise<RegisteredUser> {
  const account = await ctx.auth.signUp(options.email ?? uniqueEmail(label));
  const response = await ctx.request<{ _id: string }>('POST', '/api/v1/user/create-new', {
    token: account.idToken,
    json: newUserPayload(account.email),
  });
  if (response.status !== 201 || !response.body.data)
    throw new Error(`create-new failed: ${JSON.stringify(response.body)}`);
  const id = response.body.data._id;
  if (options.verified ?? true) await ctx.db.update(users).set({ isVerified: true }).where(eq(users.id, id));
  return { ...account, id };
}

export interface RegisteredPhoneUser extends PhoneAccount {
  id: string;
}

/**
 * A Firebase account made by signing in with a phone number (no e-mail) plus its Basha profile, made through the
 * real endpoints: its number is verified (the phone sign-in proved it), its e-mail is null.
 */
export async function registerPhoneUser(ctx: TestContext, phoneNumber = uniqueBdPhone()): Promise<RegisteredPhoneUser> {
  const account = await ctx.auth.signInWithPhone(phoneNumber);
  const { email: _, phoneNumber: __, ...payload } = newUserPayload('');
  const response = await ctx.request<{ _id: string }>('POST', '/api/v1/user/create-new', {
    token: account.idToken,
    json: payload,
  });
  if (response.status !== 201 || !response.body.data)
    throw new Error(`create-new failed: ${JSON.stringify(response.body)}`);
  return { ...account, id: response.body.data._id };
}

export async function signIn(ctx: TestContext, user: { id: string; idToken: string }): Promise<string> {
  const response = await ctx.request<string>('POST', `/api/v1/user/sign-in-token/${user.id}`, { token: user.idToken });
  if (response.status !== 200 || typeof response.body.data !== 'string') {
    throw new Error(`sign-in-token failed: ${JSON.stringify(response.body)}`);
  }
  return response.body.data;
}

export interface SignedInUser extends RegisteredUser {
  /** The Basha session token, for calling the API as this person. */
  token: string;
}

/** registerUser, then signIn: a person ready to call the API. */
export async function registerSignedIn(
  ctx: TestContext,
  label = 'user',
  options: NewPersonOptions = {},
): Promise<SignedInUser> {
  const user = await registerUser(ctx, label, options);
  return { ...user, token: await signIn(ctx, user) };
}

// ---- maildev ----

interface MaildevMail {
  subject: string;
  text: string;
  html: string;
  from: { address: string }[];
  to: { address: string }[];
  /** Every header, by lower-case name. */
  headers: Record<string, string>;
}

export async function mailsTo(email: string): Promise<MaildevMail[]> {
  const response = await fetch(`http://127.0.0.1:${inject('maildevWebPort')}/email`);
  const mails = (await response.json()) as MaildevMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === email.toLowerCase()));
}

/** The code in the newest OTP mail to this address; waits briefly for maildev to list it. */
export async function latestOtp(email: string, expectedCount = 1): Promise<string> {
  for (let tries = 0; tries < 40; tries += 1) {
    const mails = await mailsTo(email);
    const mail = mails.at(-1);
    if (mail && mails.length >= expectedCount) {
      const code = /verification code is (\d{6})/.exec(mail.text)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP mail reached ${email}`);
}
