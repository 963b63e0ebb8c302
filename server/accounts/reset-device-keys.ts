import { randomBytes } from 'node:crypto';
import { keyedHash, sameHash } from '../auth/keyed-hash';

/**
 * Device keys (issue 38, point 5): how "Forgot password" knows a request comes from a phone its account's owner
 * has signed in on, without storing anything or telling anyone else anything. At each sign-in the server hands
 * the phone a key for the account's address (the `Basha-Device-Key` header of POST /user/sign-in-token): a
 * random part and the HMAC, under the session secret, of the address with it. The phone keeps its last few and
 * sends them with a reset request; a key that matches the address asked for gives the request the device's own
 * allowance, so whoever floods an address with requests cannot stop its owner's. A key works only for its own
 * address and proves nothing else; changing SESSION_SECRET voids them all (the next sign-in brings a new one).
 */

export const DEVICE_KEY_HEADER = 'Basha-Device-Key';

function keyMac(secret: string, email: string, nonce: string): string {
  return keyedHash(secret, 'reset-device', `${email.toLowerCase()}\0${nonce}`);
}

/** A new key for the account's address (24 random URL-safe characters, a dot, 64 hex digits). */
export function issueDeviceKey(secret: string, email: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${keyMac(secret, email, nonce)}`;
}

/**
 * The first of the keys that was issued for this address, or undefined. Every key is checked (in constant time
 * each), so how long it takes says nothing of which matched.
 */
export function deviceKeyFor(secret: string, email: string, keys: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const key of keys) {
    const [nonce = '', mac = ''] = key.split('.');
    if (sameHash(mac, keyMac(secret, email, nonce)) && found === undefined) found = key;
  }
  return found;
}
