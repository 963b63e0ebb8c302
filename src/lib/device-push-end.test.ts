// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { removeDataOfOthersThan } from './remove-others-data';

/** The person on the phone changes: the push subscription they made here ends with them (issue 43). */

function deviceWithPush(subscribed: boolean) {
  const device = { unsubscribed: 0 };
  const subscription = {
    unsubscribe: () => {
      device.unsubscribed += 1;
      return Promise.resolve(true);
    },
  };
  const registration = { pushManager: { getSubscription: () => Promise.resolve(subscribed ? subscription : null) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  return device;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("this device's push subscription", () => {
  it('ends when the person on the phone changes', async () => {
    const device = deviceWithPush(true);
    await removeDataOfOthersThan(undefined);
    expect(device.unsubscribed).toBe(1);
  });

  it('leaves nothing to do where there is none, or no service worker at all', async () => {
    const device = deviceWithPush(false);
    await removeDataOfOthersThan('someone-else');
    expect(device.unsubscribed).toBe(0);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await expect(removeDataOfOthersThan(undefined)).resolves.toBeUndefined();
  });
});
