import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { PublicClientConfig } from '../../src/domain/client-config';
import { OTP_TTL_MS } from '../../src/domain/constants';
import {
  isVapidKeyPair,
  readOrCreateVapidKeys,
  VAPID_PRIVATE_KEY_PATTERN,
  VAPID_PUBLIC_KEY_PATTERN,
} from '../push/vapid-keys';

/**
 * The only place that reads process.env. Every variable is validated once at start; a bad value stops the
 * process with one clear line per problem. `publicClientConfig` is the allow-list of what the browser may see.
 */

/** A whole number from `min` to `max`, `fallback` when unset; `unit` names it in the message ("seconds"). */
const wholeNumber = (fallback: number, min: number, max: number, unit?: string) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, unit ? `must be a whole number of ${unit}` : 'must be a whole number'),
    v.transform(Number),
    v.number(),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

const port = (fallback: number) => wholeNumber(fallback, 1, 65535);

const optionalWholeNumber = (min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.number(),
      v.minValue(min, `must be between ${min} and ${max}`),
      v.maxValue(max, `must be between ${min} and ${max}`),
    ),
  );

const optionalUrl = (protocols: string[], hint: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.check((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, hint),
    ),
  );

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'production'),
  PORT: port(8080),
  // Unset: 127.0.0.1 with the local emulator (its demo accounts have published passwords), 0.0.0.0 otherwise.
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:-]+$/, 'must be a host name or an IP address'))),
  // Proxies in front of Basha that each add to X-Forwarded-For; only then is that header trusted.
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(off|[0-9]|10)$/, 'must be off or the number of proxies in front of Basha (1 to 10)'),
      v.transform((value) => (value === 'off' ? 0 : Number(value))),
    ),
    'off',
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  // Uploads are refused (507) while the uploads folder's disk has less free space than this; 0 turns it off.
  UPLOADS_MIN_FREE_MB: wholeNumber(1024, 0, 100_000_000, 'megabytes'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  // Connections each server process may hold; processes x this must stay under the server's max_connections.
  DATABASE_POOL_MAX: optionalWholeNumber(1, 100),
  // Photos in an S3-compatible bucket instead of DATA_DIR/uploads: chosen by S3_BUCKET.
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'must be an http:// or https:// URL'),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)',
      ),
    ),
  ),
  S3_REGION: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1 or auto')),
    'us-east-1',
  ),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'off'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: v.optional(v.string(), 'Basha <no-reply@basha.local>'),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'must be an http:// or https:// URL'),
  FIREBASE_PROJECT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lower case, digits, hyphens)')),
    'demo-basha',
  ),
  FIREBASE_API_KEY: v.optional(v.string()),
  FIREBASE_AUTH_DOMAIN: v.optional(v.string()),
  FIREBASE_APP_ID: v.optional(v.string()),
  FIREBASE_AUTH_EMULATOR_PORT: port(9099),
  FIREBASE_EMULATOR_HUB_PORT: port(4400),
  MAILDEV_SMTP_PORT: port(1025),
  MAILDEV_WEB_PORT: port(1080),
  // How long an e-mailed code stays valid. Only tests shorten it (to watch a code expire); leave it unset.
  OTP_TTL_SECONDS: wholeNumber(OTP_TTL_MS / 1000, 5, 3600, 'seconds'),
  DEMO_DATA: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  // Who may hide reported items: e-mail addresses, comma-separated (an account counts once its e-mail is verified).
  MODERATOR_EMAILS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.check(
        (emails) => emails.every((email) => /^[^\s@,]+@[^\s@,]+$/.test(email)),
        'must be e-mail addresses separated by commas',
      ),
    ),
  ),
  // A CDN's purge endpoint, called when a public page changes (server/share/cdn-purge.ts has the contract).
  CDN_PURGE_URL: optionalUrl(['https:', 'http:'], 'must be an http(s) URL'),
  CDN_PURGE_TOKEN: v.optional(v.string()),
  CDN_PURGE_TIMEOUT_MS: wholeNumber(5000, 100, 30000, 'milliseconds'),
  // Web Push (issue 43): the server's VAPID key pair (base64url, `npx web-push generate-vapid-keys`) and a contact
  // for the push services. Required with a hosted Firebase project; the demo stack makes a pair in DATA_DIR.
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(v.string(), v.regex(VAPID_PUBLIC_KEY_PATTERN, 'must be a P-256 public key in base64url (87 characters)')),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(v.string(), v.regex(VAPID_PRIVATE_KEY_PATTERN, 'must be a P-256 private key in base64url (43 characters)')),
  ),
  VAPID_SUBJECT: optionalUrl(['mailto:', 'https:'], 'must be a mailto: or https: URL'),
  LOG_REQUESTS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  LOG_LEVEL: v.optional(
    v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'),
    'info',
  ),
});

/** Where photos go when they do not go to the local uploads folder. */
export interface ObjectStorageConfig {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the base URL of any other S3-compatible store. */
  endpoint: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own lookup (its environment variables, a shared profile, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * How many proxies in front of Basha append to X-Forwarded-For (0: none, the connection's peer is the client).
   * Rate limits count per client address, so this must match the deployment.
   */
  trustedProxyHops: number;
  dataDir: string;
  uploadsDir: string;
  /**
   * Free space (in bytes) the uploads folder's disk keeps: below it, uploads are refused with 507 so that the disk
   * (which also holds PGlite's database and the logs) never fills (server/images/disk-floor.ts). Unused with a bucket.
   */
  uploadsMinFreeBytes: number;
  /** Set when photos live in an S3-compatible bucket; unset, they go to uploadsDir. */
  objectStorage: ObjectStorageConfig | undefined;
  databaseUrl: string | undefined;
  /** Pool size per process on PostgreSQL (unset: the database client's default; unused with PGlite). */
  databasePoolMax: number | undefined;
  /** The SMTP server OTP mails go through: SMTP_URL, or the embedded maildev. */
  smtpUrl: string;
  /** True when no SMTP_URL is set and the embedded maildev must be started. */
  useMaildev: boolean;
  maildevWebPort: number;
  maildevSmtpPort: number;
  mailFrom: string;
  sessionSecret: string;
  publicUrl: string;
  firebase: {
    projectId: string;
    /** Set when the project is a `demo-` project: the local Auth emulator stands in for hosted Firebase. */
    emulator: { host: string; port: number; hubPort: number } | undefined;
    apiKey: string;
    authDomain: string;
    appId: string | undefined;
  };
  /** How long an e-mailed code is valid (OTP_TTL_MS unless OTP_TTL_SECONDS is set). */
  otpTtlMs: number;
  demoData: boolean;
  /**
   * The e-mail addresses (lower case) of the moderators: MODERATOR_EMAILS, or with demo data in the local emulator
   * and no MODERATOR_EMAILS the demo moderator (DEMO_MODERATOR_EMAIL), so the demo shows moderation at once.
   */
  moderatorEmails: readonly string[];
  logRequests: boolean;
  /** Where changed public pages are purged (CDN_PURGE_*); unset, nothing is purged. */
  cdnPurge: { url: string; token: string | undefined; timeoutMs: number } | undefined;
  /**
   * Web Push: the VAPID pair and contact the sender signs with, and whether loopback endpoints may be sent to (only
   * with a `demo-` Firebase project: the tests' and the demo stack's local push services). server/push/.
   */
  push: { vapid: { publicKey: string; privateKey: string; subject: string }; loopbackEndpoints: boolean };
  /** The least important log lines written (server/logger.ts); JSON lines in production, text otherwise. */
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export const LOOPBACK_HOST = '127.0.0.1';
const ALL_INTERFACES_HOST = '0.0.0.0';
/** The demo data's moderator (server/seed/demo-data.ts), a moderator only where demo accounts exist. */
export const DEMO_MODERATOR_EMAIL = 'moderator@demo.basha.app';

/** The demo stack's contact for push services (a hosted deployment names its own in VAPID_SUBJECT). */
const DEMO_VAPID_SUBJECT = 'mailto:push@basha.local';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment. Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, defined);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
      return `${key} ${issue.message} (got ${JSON.stringify(issue.input)})`;
    });
    throw new ConfigError(problems);
  }
  const e = result.output;
  const problems: string[] = [];
  const isDemoProject = e.FIREBASE_PROJECT_ID.startsWith('demo-');
  if (!isDemoProject && (!e.FIREBASE_API_KEY || !e.FIREBASE_AUTH_DOMAIN)) {
    problems.push(
      'FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN are required for a hosted Firebase project (or use a demo- project id for the local emulator)',
    );
  }
  const s3Settings = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
  const setS3Settings = s3Settings.filter((name) => name in defined);
  if (!e.S3_BUCKET && setS3Settings.length > 0) {
    problems.push(
      `S3_BUCKET is required when ${setS3Settings.join(', ')} ${setS3Settings.length > 1 ? 'are' : 'is'} set`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default)');
  }
  const vapidSettings = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  if (!isDemoProject && vapidSettings.some((name) => !e[name])) {
    problems.push(
      `${vapidSettings.join(', ')} are required for a hosted Firebase project (make a pair with npx web-push generate-vapid-keys)`,
    );
  } else if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, for the demo pair)');
  } else if (
    e.VAPID_PUBLIC_KEY &&
    e.VAPID_PRIVATE_KEY &&
    !isVapidKeyPair({ publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY })
  ) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (isDemoProject ? LOOPBACK_HOST : ALL_INTERFACES_HOST),
    trustedProxyHops: e.TRUST_PROXY,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadsMinFreeBytes: e.UPLOADS_MIN_FREE_MB * 1024 * 1024,
    objectStorage: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    smtpUrl: e.SMTP_URL ?? `smtp://127.0.0.1:${e.MAILDEV_SMTP_PORT}`,
    useMaildev: e.SMTP_URL === undefined,
    maildevWebPort: e.MAILDEV_WEB_PORT,
    maildevSmtpPort: e.MAILDEV_SMTP_PORT,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      emulator: isDemoProject
        ? { host: '127.0.0.1', port: e.FIREBASE_AUTH_EMULATOR_PORT, hubPort: e.FIREBASE_EMULATOR_HUB_PORT }
        : undefined,
      // The emulator accepts any API key; a fixed one keeps the demo self-contained.
      apiKey: e.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: e.FIREBASE_APP_ID,
    },
    otpTtlMs: e.OTP_TTL_SECONDS * 1000,
    demoData: e.DEMO_DATA === 'on',
    moderatorEmails: e.MODERATOR_EMAILS ?? (e.DEMO_DATA === 'on' && isDemoProject ? [DEMO_MODERATOR_EMAIL] : []),
    logRequests: e.LOG_REQUESTS === 'on',
    cdnPurge: e.CDN_PURGE_URL
      ? { url: e.CDN_PURGE_URL, token: e.CDN_PURGE_TOKEN, timeoutMs: e.CDN_PURGE_TIMEOUT_MS }
      : undefined,
    logLevel: e.LOG_LEVEL,
    push: {
      vapid: {
        ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : readOrCreateVapidKeys(dataDir)),
        subject: e.VAPID_SUBJECT ?? DEMO_VAPID_SUBJECT,
      },
      loopbackEndpoints: isDemoProject,
    },
  };
}

/** A session secret kept under DATA_DIR, so sessions survive restarts without any setup. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** What GET /api/v1/config answers: the allow-list of settings the browser may see. */
export function publicClientConfig(config: AppConfig): PublicClientConfig {
  return {
    firebase: {
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
      ...(config.firebase.emulator ? { emulatorUrl: 'same-origin' } : {}),
    },
  };
}
