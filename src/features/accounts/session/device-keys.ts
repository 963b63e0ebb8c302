import { DEVICE_KEY_PATTERN, DEVICE_KEYS_MAX } from '@/domain/device-key';

/**
 * The device keys of this phone's last sign-ins (issue 38, point 5; server/accounts/reset-device-keys.ts). Sent
 * with a "Forgot password" request, a key of the account asked for gives it that phone's own allowance, which a
 * stranger's requests for the address cannot use up. A key names no account and opens nothing: kept after
 * sign-out (that is when it is needed), without saying whose it is.
 */

const DEVICE_KEYS_KEY = 'basha.deviceKeys';
const isDeviceKey = (key: unknown): key is string => typeof key === 'string' && DEVICE_KEY_PATTERN.test(key);

export function deviceKeys(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(DEVICE_KEYS_KEY) ?? '[]');
    // Anything else in the store (another version's, or tampered with) is dropped whole.
    return Array.isArray(saved) && saved.every(isDeviceKey) ? saved.slice(0, DEVICE_KEYS_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps the key of a sign-in, newest first; beyond DEVICE_KEYS_MAX the oldest go. */
export function rememberDeviceKey(key: string): void {
  if (!DEVICE_KEY_PATTERN.test(key)) return;
  try {
    localStorage.setItem(DEVICE_KEYS_KEY, JSON.stringify([key, ...deviceKeys()].slice(0, DEVICE_KEYS_MAX)));
  } catch {
    // Storage refused: a reset from this phone then shares the address's allowance, as any other.
  }
}
