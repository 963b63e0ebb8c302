import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_KEYS_MAX } from '@/domain/device-key';
import { deviceKeys, rememberDeviceKey } from './device-keys';

/** The phone's device keys for "Forgot password" (issue 38, point 5): kept newest first, a few, checked on read. */

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const key = (n: number) => `${String(n).padStart(24, 'A')}.${'0'.repeat(64)}`;

describe('device keys', () => {
  it('keeps the newest first and drops the oldest beyond the few a phone sends', () => {
    for (let n = 0; n < DEVICE_KEYS_MAX + 2; n++) rememberDeviceKey(key(n));
    expect(deviceKeys()).toEqual([6, 5, 4, 3, 2].map(key));
  });

  it('ignores what is not a key, stored or handed in', () => {
    rememberDeviceKey('not-a-key');
    expect(deviceKeys()).toEqual([]);
    store.set('basha.deviceKeys', JSON.stringify([key(1), 42]));
    expect(deviceKeys()).toEqual([]);
    store.set('basha.deviceKeys', '{broken');
    expect(deviceKeys()).toEqual([]);
  });
});
