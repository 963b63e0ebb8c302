import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys, isVapidKeyPair } from '../push/vapid-keys';
import { ConfigError, loadConfig } from './env';

const base = { DATA_DIR: '/tmp/basha-env-test', SESSION_SECRET: 'x'.repeat(32) };
const vapidPair = generateVapidKeys();
const hostedVapid = {
  VAPID_PUBLIC_KEY: vapidPair.publicKey,
  VAPID_PRIVATE_KEY: vapidPair.privateKey,
  VAPID_SUBJECT: 'mailto:ops@basha.example',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('photo storage settings', () => {
  it('keeps photos in the uploads folder when no bucket is named', () => {
    const config = loadConfig(base);
    expect(config.objectStorage).toBeUndefined();
    expect(config.uploadsDir).toBe('/tmp/basha-env-test/uploads');
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set', () => {
    const config = loadConfig({
      ...base,
      S3_ENDPOINT: 'https://minio.example.com:9000/',
      S3_BUCKET: 'basha-photos',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'on',
    });
    expect(config.objectStorage).toEqual({
      bucket: 'basha-photos',
      region: 'auto',
      endpoint: 'https://minio.example.com:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
    });
  });

  it("leaves endpoint and keys to AWS's own defaults when only the bucket is named", () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'basha-photos' }).objectStorage).toEqual({
      bucket: 'basha-photos',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('names each bad S3 variable on its own line', () => {
    expect(problemsOf({ S3_ENDPOINT: 'ftp://files', S3_BUCKET: 'Basha_Photos', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_ENDPOINT must be an http:// or https:// URL (got "ftp://files")',
      'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens) (got "Basha_Photos")',
      'S3_FORCE_PATH_STYLE must be on or off (got "yes")',
    ]);
  });

  it('asks for the bucket when other S3 settings are given without one', () => {
    expect(
      problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toEqual(['S3_BUCKET is required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set']);
  });

  it('wants both keys or neither', () => {
    expect(problemsOf({ S3_BUCKET: 'basha-photos', S3_ACCESS_KEY_ID: 'a' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS default)',
    ]);
  });
});

describe('the free-space floor of the uploads disk', () => {
  it('is 1024 MB unless UPLOADS_MIN_FREE_MB says otherwise (0 turns it off)', () => {
    expect(loadConfig(base).uploadsMinFreeBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ ...base, UPLOADS_MIN_FREE_MB: '5000' }).uploadsMinFreeBytes).toBe(5000 * 1024 * 1024);
    expect(loadConfig({ ...base, UPLOADS_MIN_FREE_MB: '0' }).uploadsMinFreeBytes).toBe(0);
  });

  it('must be a whole number of megabytes', () => {
    expect(problemsOf({ UPLOADS_MIN_FREE_MB: '1.5' })).toEqual([
      'UPLOADS_MIN_FREE_MB must be a whole number of megabytes (got "1.5")',
    ]);
  });
});

describe('database pool size', () => {
  it('is left to the database client unless DATABASE_POOL_MAX is set', () => {
    expect(loadConfig(base).databasePoolMax).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
  });

  it('must be a whole number from 1 to 100', () => {
    expect(problemsOf({ DATABASE_POOL_MAX: '0' })).toEqual(['DATABASE_POOL_MAX must be between 1 and 100 (got 0)']);
    expect(problemsOf({ DATABASE_POOL_MAX: 'ten' })).toEqual(['DATABASE_POOL_MAX must be a whole number (got "ten")']);
  });
});

describe('the address the server listens on', () => {
  it('is loopback only with the local emulator, whose demo accounts have published passwords', () => {
    expect(loadConfig(base).host).toBe('127.0.0.1');
  });

  it('is every interface with a hosted Firebase project', () => {
    const hosted = {
      FIREBASE_PROJECT_ID: 'basha-prod',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'basha.example',
      ...hostedVapid,
    };
    expect(loadConfig({ ...base, ...hosted }).host).toBe('0.0.0.0');
  });

  it('is what HOST says when it is set', () => {
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(problemsOf({ HOST: 'http://0.0.0.0' })).toEqual([
      'HOST must be a host name or an IP address (got "http://0.0.0.0")',
    ]);
  });
});

describe('proxies in front of Basha', () => {
  it('are not trusted unless TRUST_PROXY names how many there are', () => {
    expect(loadConfig(base).trustedProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: 'off' }).trustedProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustedProxyHops).toBe(2);
  });

  it('must be off or a count from 1 to 10', () => {
    for (const value of ['on', 'true', '11', '-1', '1.5']) {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        `TRUST_PROXY must be off or the number of proxies in front of Basha (1 to 10) (got "${value}")`,
      ]);
    }
  });
});

describe('CDN purge settings', () => {
  it('purge nothing unless CDN_PURGE_URL is set, and take a token and a timeout with it', () => {
    expect(loadConfig(base).cdnPurge).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/z/purge_cache',
        CDN_PURGE_TOKEN: 't',
      }).cdnPurge,
    ).toEqual({ url: 'https://api.cloudflare.com/client/v4/zones/z/purge_cache', token: 't', timeoutMs: 5000 });
  });

  it('refuses a URL that is not http(s) and a timeout out of bounds', () => {
    expect(problemsOf({ CDN_PURGE_URL: 'ftp://cdn.example/purge' })).toHaveLength(1);
    expect(problemsOf({ CDN_PURGE_URL: 'https://cdn.example/purge', CDN_PURGE_TIMEOUT_MS: '60000' })).toHaveLength(1);
  });
});

describe('the Web Push (VAPID) settings', () => {
  const hosted = { FIREBASE_PROJECT_ID: 'basha-prod', FIREBASE_API_KEY: 'key', FIREBASE_AUTH_DOMAIN: 'basha.example' };
  const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'basha-env-vapid-'));

  it('are required with a hosted Firebase project, which sends only to the push services', () => {
    const required =
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT are required for a hosted Firebase project (make a pair with npx web-push generate-vapid-keys)';
    expect(problemsOf(hosted)).toEqual([required]);
    expect(problemsOf({ ...hosted, ...hostedVapid, VAPID_SUBJECT: '' })).toEqual([required]);
    const config = loadConfig({ ...base, ...hosted, ...hostedVapid });
    expect(config.push).toEqual({
      vapid: { ...vapidPair, subject: 'mailto:ops@basha.example' },
      loopbackEndpoints: false,
    });
  });

  it('are made once into the data folder for a demo- project, so subscriptions survive a restart', () => {
    const dataDir = freshDataDir();
    try {
      const first = loadConfig({ ...base, DATA_DIR: dataDir }).push;
      expect(isVapidKeyPair(first.vapid)).toBe(true);
      expect(first.loopbackEndpoints).toBe(true);
      expect(first.vapid.subject).toMatch(/^mailto:/);
      const file = path.join(dataDir, 'vapid-keys.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ ...base, DATA_DIR: dataDir }).push).toEqual(first);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: first.vapid.publicKey,
        privateKey: first.vapid.privateKey,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stop the start rather than replace a damaged key file, which would drop every subscription', () => {
    const dataDir = freshDataDir();
    try {
      writeFileSync(
        path.join(dataDir, 'vapid-keys.json'),
        JSON.stringify({ ...vapidPair, publicKey: generateVapidKeys().publicKey }),
      );
      expect(() => loadConfig({ ...base, DATA_DIR: dataDir })).toThrow(/holds no VAPID key pair/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('take the pair from the environment over the data folder with a demo- project too', () => {
    expect(loadConfig({ ...base, ...hostedVapid }).push.vapid).toEqual({
      ...vapidPair,
      subject: 'mailto:ops@basha.example',
    });
  });

  it('must be a matching P-256 pair set together, and a mailto: or https: subject', () => {
    const other = generateVapidKeys();
    expect(problemsOf({ ...hosted, ...hostedVapid, VAPID_PRIVATE_KEY: other.privateKey })).toEqual([
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY',
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: vapidPair.publicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither, for the demo pair)',
    ]);
    expect(problemsOf({ ...hostedVapid, VAPID_PUBLIC_KEY: 'short' })).toEqual([
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters) (got "short")',
    ]);
    expect(problemsOf({ ...hostedVapid, VAPID_SUBJECT: 'http://basha.example' })).toEqual([
      'VAPID_SUBJECT must be a mailto: or https: URL (got "http://basha.example")',
    ]);
  });
});
