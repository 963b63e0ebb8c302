import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

/**
 * The server's VAPID key pair (RFC 8292): the public key is the `applicationServerKey` browsers subscribe with, the
 * private key signs each push request's JWT. Both are base64url: the public key an uncompressed P-256 point (65
 * bytes), the private key its 32-byte scalar. A browser's subscription is bound to the public key, so a new pair
 * means every device must subscribe again: hosted deployments set the pair in the environment; the demo stack keeps
 * one it made itself in DATA_DIR/vapid-keys.json, so its subscriptions survive a restart.
 */

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const CURVE = 'prime256v1';
export const VAPID_KEYS_FILE = 'vapid-keys.json';

export const VAPID_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function generateVapidKeys(): VapidKeyPair {
  const ecdh = createECDH(CURVE);
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
    // The scalar as 32 bytes: OpenSSL drops leading zero bytes, which web-push and browsers' JWT checks do not take.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
}

/** True when `publicKey` is the point that `privateKey` makes: a mismatched pair signs what no browser accepts. */
export function isVapidKeyPair({ publicKey, privateKey }: VapidKeyPair): boolean {
  if (!VAPID_PUBLIC_KEY_PATTERN.test(publicKey) || !VAPID_PRIVATE_KEY_PATTERN.test(privateKey)) return false;
  try {
    const ecdh = createECDH(CURVE);
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url', 'uncompressed') === publicKey;
  } catch {
    return false;
  }
}

const storedKeysSchema = v.object({
  publicKey: v.pipe(v.string(), v.regex(VAPID_PUBLIC_KEY_PATTERN)),
  privateKey: v.pipe(v.string(), v.regex(VAPID_PRIVATE_KEY_PATTERN)),
});

/**
 * The demo stack's pair, made once into DATA_DIR. A file that holds no valid pair is an error, not a reason to make
 * a new one silently: that would drop every device's subscription without a word.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeyPair {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written whole under another name and linked into place, which fails if it is there already: two processes
    // starting on one data folder end up with the one pair, and none reads a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${JSON.stringify(generateVapidKeys())}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    stored = undefined;
  }
  const parsed = v.safeParse(storedKeysSchema, stored);
  if (!parsed.success || !isVapidKeyPair(parsed.output)) {
    throw new Error(`${file} holds no VAPID key pair: delete it to make a new one (devices must subscribe again)`);
  }
  return parsed.output;
}
