// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRecord } from '@/domain/alerts';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { holdSession } from '@/lib/session-cookies';
import { clearViewedRecords } from '@/lib/viewed-records/viewed-records-db';
import { mountForTest } from '@/test/mount-for-test';
import { until } from '@/test/until';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { AlertsPage } from './alerts-page';

/**
 * Alerts and notifications (issue 43): the person's alerts in words with Delete, and how they are told: this device's
 * notifications (asked for only on the switch's tap, subscribed with the server's key and told to the server), else
 * e-mail to the account's address, or, for a phone-only account, that nothing reaches them. The network and the
 * browser's push machinery (service worker registration, PushManager, Notification) are fakes.
 */

const view = mountForTest();
const SELF = 'renter-1';
// A VAPID public key as web-push makes one: an uncompressed P-256 point, 65 bytes, base64url.
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

const alert = (id: string, changes: Partial<AlertRecord> = {}): AlertRecord => ({
  _id: id,
  kind: 'rent',
  filters: {},
  frequency: 'instant',
  createdAt: '2026-12-07T08:00:00.000Z',
  ...changes,
});

interface Api {
  alerts: AlertRecord[];
  email: string | null;
  failAlerts: boolean;
  calls: { method: string; path: string; body: unknown }[];
}

function stubApi(api: Api) {
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace('/api/v1/', '');
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    api.calls.push({ method: request.method, path, body });
    const ok = (data: unknown, status = 200) => Response.json({ success: true, message: 'OK', data }, { status });
    if (path === `user/find-info/${SELF}`)
      return ok({ _id: SELF, name: 'Rana', email: api.email, phoneNumber: '+8801711000000' });
    if (path === 'alerts' && request.method === 'GET') {
      if (api.failAlerts) return Response.json({ success: false, message: 'The server is resting' }, { status: 503 });
      return ok(api.alerts);
    }
    if (path.startsWith('alerts/') && request.method === 'DELETE') {
      api.alerts = api.alerts.filter((each) => `alerts/${each._id}` !== path);
      return new Response(null, { status: 204 });
    }
    if (path === 'push/key') return ok({ publicKey: PUBLIC_KEY });
    if (path === 'push/subscriptions' && request.method === 'PUT') return ok(null, 201);
    if (path === 'push/subscriptions' && request.method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
}

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** A browser with Web Push: the permission as it stands and the person's answer when asked. */
function fakePush({ permission = 'default', answer = 'granted' }: { permission?: string; answer?: string } = {}) {
  const push = {
    asked: 0,
    subscribedWith: [] as Uint8Array[],
    unsubscribed: 0,
    current: null as FakeSubscription | null,
  };
  const subscription = (key: Uint8Array): FakeSubscription => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: () => {
      push.unsubscribed += 1;
      push.current = null;
      return Promise.resolve(true);
    },
  });
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(push.current),
      subscribe: ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
        push.subscribedWith.push(applicationServerKey);
        push.current = subscription(applicationServerKey);
        return Promise.resolve(push.current);
      },
    },
  };
  const notification = {
    permission,
    requestPermission: () => {
      push.asked += 1;
      notification.permission = answer;
      return Promise.resolve(answer);
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  return push;
}

async function showPage() {
  await view.renderAsync(
    <MemoryRouter initialEntries={['/main/notifications']}>
      <Routes>
        <Route element={<Outlet context={{ selfId: SELF }} />}>
          <Route path="/main/notifications" element={<AlertsPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const text = () => view.container.textContent ?? '';
const button = (label: string) =>
  [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((each) => each.textContent === label);
const pushSwitch = () => view.container.querySelector<HTMLButtonElement>('[role="switch"]')!;

let api: Api;
beforeEach(async () => {
  holdSession({ userId: SELF, token: 'bs_x' });
  await clearViewedRecords();
  api = { alerts: [], email: 'rana@example.com', failAlerts: false, calls: [] };
  stubApi(api);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  overwriteGetLocale(() => 'en');
  holdSession(undefined);
});

describe('the alerts', () => {
  it('lists each alert in words with its frequency, and Delete removes it on the server and from the list', async () => {
    api.alerts = [
      alert('a2', {
        filters: { category: 'flat', placeId: 'ds-1', minPrice: 10000, maxPrice: 20000, q: 'balcony' },
        frequency: 'daily',
      }),
      alert('a1', { kind: 'service', filters: { category: 'Plumber' } }),
    ];
    await showPage();
    await until(() => view.container.querySelectorAll('.alert-row').length === 2);
    // The place is named once the place tree has loaded.
    await until(() => text().includes('Comilla'));
    const [first, second] = [...view.container.querySelectorAll('.alert-row')];
    expect(first!.querySelector('.alert-row__summary')?.textContent).toBe(
      'Homes to rent · Flat · Comilla district · BDT\u00a010,000 to BDT\u00a020,000 · with “balcony”',
    );
    expect(first!.querySelector('.alert-row__frequency')?.textContent).toBe('daily at 9 am');
    expect(second!.textContent).toContain('Services · Plumber · anywhere · any price');
    expect(text()).toContain('2 of 10');

    await act(async () => first!.querySelector<HTMLButtonElement>('button')!.click());
    await until(() => view.container.querySelectorAll('.alert-row').length === 1);
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: 'alerts/a2' }));
    expect(view.container.querySelector('.alert-row')?.textContent).toContain('Plumber');
  });

  it('says when there are none, with the ways to the lists, and offers to try again when they could not be read', async () => {
    await showPage();
    await until(() => text().includes('No alerts yet.'));
    expect(view.container.querySelector('a[href="/main/rent"]')?.textContent).toBe('Find a home');
    expect(view.container.querySelector('a[href="/main/find-service/all"]')).not.toBeNull();

    api.failAlerts = true;
    await view.renderAsync(<div />);
    await showPage();
    await until(() => text().includes('The server is resting'));
    api.failAlerts = false;
    api.alerts = [alert('a1')];
    await act(async () => button('Try again')!.click());
    await until(() => view.container.querySelectorAll('.alert-row').length === 1);
  });
});

describe('how the person is told', () => {
  it('asks permission only on the tap, subscribes with the server’s key and tells the server; off again forgets it', async () => {
    const push = fakePush();
    await showPage();
    await until(() => text().includes('your alerts come by e-mail to rana@example.com'));
    expect(pushSwitch().getAttribute('aria-checked')).toBe('false');
    expect(push.asked).toBe(0);

    await act(async () => pushSwitch().click());
    await until(() => pushSwitch().getAttribute('aria-checked') === 'true');
    expect(push.asked).toBe(1);
    const key = push.subscribedWith[0]!;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: 'push/subscriptions',
      body: { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } },
    });
    expect(text()).toContain('show as notifications on this device');
    expect(text()).not.toContain('come by e-mail');

    await act(async () => pushSwitch().click());
    await until(() => pushSwitch().getAttribute('aria-checked') === 'false');
    expect(api.calls).toContainEqual({ method: 'DELETE', path: 'push/subscriptions', body: { endpoint: ENDPOINT } });
    expect(push.unsubscribed).toBe(1);
    expect(text()).toContain('come by e-mail to rana@example.com');
  });

  it('says notifications are blocked, and how to allow them, when the person said no', async () => {
    const push = fakePush({ answer: 'denied' });
    await showPage();
    await until(() => !pushSwitch().disabled);
    await act(async () => pushSwitch().click());
    await until(() => text().includes('Notifications are blocked for Basha in this browser'));
    expect(pushSwitch().disabled).toBe(true);
    expect(push.subscribedWith).toEqual([]);
    expect(api.calls.some((call) => call.path === 'push/subscriptions')).toBe(false);
    expect(text()).toContain('come by e-mail to rana@example.com');
  });

  it('tells the server again of a subscription already on this device', async () => {
    const push = fakePush({ permission: 'granted' });
    await showPage();
    await until(() => !pushSwitch().disabled);
    await act(async () => pushSwitch().click());
    await until(() => pushSwitch().getAttribute('aria-checked') === 'true');
    api.calls = [];
    await view.renderAsync(<div />);
    await showPage();
    await until(() => api.calls.some((call) => call.method === 'PUT' && call.path === 'push/subscriptions'));
    expect(pushSwitch().getAttribute('aria-checked')).toBe('true');
    expect(push.asked).toBe(1);
  });

  it('where the browser has no push, says so and that alerts come by e-mail; with no e-mail, that nothing reaches them', async () => {
    await showPage();
    await until(() => text().includes('This browser cannot show notifications from Basha'));
    expect(pushSwitch().disabled).toBe(true);
    await until(() => text().includes('your alerts come by e-mail to rana@example.com'));
    expect(text()).toContain('New messages and changes to your requests are notified');

    api.email = null;
    await clearViewedRecords();
    await view.renderAsync(<div />);
    await showPage();
    await until(() => text().includes('Your account has no e-mail address'));
    expect(view.container.querySelector('a[href="/main/add/email"]')?.textContent).toBe('Add an e-mail address');
  });

  it('speaks Bangla', async () => {
    overwriteGetLocale(() => 'bn');
    api.alerts = [alert('a1', { filters: { maxPrice: 15000 } })];
    await showPage();
    await until(() => view.container.querySelectorAll('.alert-row').length === 1);
    expect(text()).toContain('অ্যালার্ট ও নোটিফিকেশন');
    expect(view.container.querySelector('.alert-row__summary')?.textContent).toContain('১৫,০০০ পর্যন্ত');
    expect(text()).toContain('১০টির মধ্যে ১টি');
  });
});
