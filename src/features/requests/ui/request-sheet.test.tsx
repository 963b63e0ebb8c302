// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aRequestPayload } from '@/domain/outbox-payloads.fixtures';
import type { PlaceSummary } from '@/domain/places/place-tree';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { enqueueOutboxItem, resumeOutbox } from '@/lib/outbox/outbox';
import { listOutboxItems } from '@/lib/outbox/outbox-db';
import { flushOutbox, registerOutboxSender } from '@/lib/outbox/outbox-processor';
import { emptyOutboxBeforeEachTest, makeWaitingItemsDue } from '@/lib/outbox/outbox-test-support';
import { holdSession } from '@/lib/session-cookies';
import type { RequestTarget } from '@/ui/request-slots';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { sendRequestItem } from '../api/request-senders';
import { RequestButtonView } from './request-button';
import { RequestSheet } from './request-sheet';

/**
 * The sheet that asks for a job or a visit (issue 41, points 1 and 4): its date bounds by Dhaka's calendar, the
 * service's areas as the place's choices, a refusal said in the server's words, a request made offline kept in the
 * outbox and sent once when the connection returns, and a visitor's tap carried through sign-in. The outbox is the
 * real one (on fake IndexedDB) with the real sender; only the network is replaced.
 */

const view = mountForTest();

beforeAll(letJsdomOpenDialogs);

const DHAKA: PlaceNames = { id: 'district-dhaka', name: 'Dhaka', bnName: 'ঢাকা' };
type PlaceNames = PlaceSummary['district'];
const place = (id: string, name: string, bnName: string): PlaceSummary => ({
  id,
  name,
  bnName,
  kind: 'area',
  district: DHAKA,
  division: { id: 'division-dhaka', name: 'Dhaka', bnName: 'ঢাকা' },
});

const SERVICE: RequestTarget = {
  kind: 'service',
  listingId: '5d1e6c2a-1b3c-4d5e-8f90-123456789abc',
  ownerId: 'owner-1',
  places: [place('area-mirpur', 'Mirpur', 'মিরপুর'), place('area-uttara', 'Uttara', 'উত্তরা')],
  minimumPrice: 500,
  maximumPrice: 2000,
};
const VISIT: RequestTarget = { kind: 'visit', listingId: '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f', ownerId: 'owner-1' };

/** Answers the app's calls: the person's own record (verified or not), and `asked` for POST /requests. */
function stubApi({ verified = true, asked }: { verified?: boolean; asked?: () => Response | Promise<Response> } = {}) {
  const sent: unknown[] = [];
  const keys: (string | null)[] = [];
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path.includes('/user/find-info/')) {
      const record = { _id: 'me', name: 'Me', email: 'me@example.com', isVerified: verified, phoneNumber: '' };
      return Response.json({ success: true, message: 'Found', data: record });
    }
    if (path.endsWith('/requests') && request.method === 'POST') {
      sent.push(await request.clone().json());
      keys.push(request.headers.get('Idempotency-Key'));
      return asked ? asked() : Response.json({ success: true, message: 'Request sent', data: {} }, { status: 201 });
    }
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
  return { sent, keys };
}

function sheetAt(target: RequestTarget, now = new Date('2026-12-07T19:00:00Z')) {
  return (
    <MemoryRouter>
      <RequestSheet target={target} selfId="me" onClose={() => undefined} now={now} />
    </MemoryRouter>
  );
}

const field = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;

function type(element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, text: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')!.set!;
  act(() => {
    setter.call(element, text);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

async function fillAndSend(values: { date: string; place?: string; note: string; price?: string }) {
  type(field<HTMLInputElement>('input[name="date"]'), values.date);
  act(() => field<HTMLInputElement>('input[name="timeOfDay"][value="evening"]').click());
  if (values.place !== undefined) type(field<HTMLSelectElement>('select[name="placeId"]'), values.place);
  type(field<HTMLTextAreaElement>('textarea[name="note"]'), values.note);
  if (values.price !== undefined) type(field<HTMLInputElement>('input[name="offeredPrice"]'), values.price);
  await act(async () => {
    field<HTMLFormElement>('form.request-sheet').requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  // The first attempt (or the outbox's word that it waits) has come back.
  await until(() => document.querySelector('form.request-sheet [type="submit"]')?.textContent !== 'Sending…');
}

/**
 * Lets the page run (its outbox's code loads on first use, IndexedDB answers) until `done`: React applies the updates
 * at the end of each act().
 */
async function until(done: () => boolean) {
  for (let tries = 0; tries < 250 && !done(); tries += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  expect(done()).toBe(true);
}

emptyOutboxBeforeEachTest();
beforeEach(() => {
  registerOutboxSender('request', () => Promise.resolve(sendRequestItem));
  // The outbox sends only the signed-in person's items.
  holdSession({ userId: 'me', token: 'bs_x' });
});

afterEach(() => {
  vi.restoreAllMocks();
  overwriteGetLocale(() => 'en');
  holdSession(undefined);
  sessionStorage.clear();
});

describe('the request sheet', () => {
  it('offers today to 60 days ahead by Dhaka’s calendar (19:00 UTC is already the next day there)', async () => {
    stubApi();
    await view.renderAsync(sheetAt(SERVICE));
    const date = field<HTMLInputElement>('input[name="date"]');
    expect(date.type).toBe('date');
    expect(date.min).toBe('2026-12-08');
    expect(date.max).toBe('2027-02-06');
  });

  it('refuses a day outside those bounds before asking the server', async () => {
    const { sent } = stubApi();
    await view.renderAsync(sheetAt(VISIT));
    await fillAndSend({ date: '2026-12-07', note: 'Two of us, after work.' });
    expect(sent).toEqual([]);
    expect(document.body.textContent).toContain('Choose a date from today to 60 days ahead.');
  });

  it('offers the service’s areas as the places, in the page’s language', async () => {
    stubApi();
    await view.renderAsync(sheetAt(SERVICE));
    const options = () => [...document.querySelectorAll('select[name="placeId"] option')].map((o) => o.textContent);
    expect(options()).toEqual(["Choose one of the service's areas", 'Mirpur, Dhaka', 'Uttara, Dhaka']);
    overwriteGetLocale(() => 'bn');
    await view.renderAsync(<div key="bn">{sheetAt(SERVICE)}</div>);
    expect(options().slice(1)).toEqual(['মিরপুর, ঢাকা', 'উত্তরা, ঢাকা']);
  });

  it('asks no place of a visit, and sends a job with its place, price and its outbox item’s key', async () => {
    const { sent, keys } = stubApi();
    await view.renderAsync(sheetAt(VISIT));
    expect(document.querySelector('select[name="placeId"]')).toBeNull();
    expect(document.querySelector('input[name="offeredPrice"]')).toBeNull();

    await view.renderAsync(<div key="job">{sheetAt(SERVICE)}</div>);
    await fillAndSend({ date: '2026-12-20', place: 'area-uttara', note: 'The kitchen tap leaks.', price: '১,২০০' });
    expect(sent).toEqual([
      {
        kind: 'service',
        listingId: SERVICE.listingId,
        date: '2026-12-20',
        timeOfDay: 'evening',
        placeId: 'area-uttara',
        note: 'The kitchen tap leaks.',
        offeredPrice: 1200,
      },
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.body.textContent).toContain('Request sent');
    expect(document.querySelector('a[href="/main/requests"]')).not.toBeNull();
    expect(await listOutboxItems()).toEqual([]);
  });

  it('keeps a request made offline on the phone, says so, and sends it once when the connection returns', async () => {
    const { sent, keys } = stubApi();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await view.renderAsync(sheetAt(VISIT));
    await fillAndSend({ date: '2026-12-20', note: 'Two of us, after work.' });

    expect(sent).toEqual([]);
    expect(document.querySelector('[role="status"]')?.textContent).toContain(
      'You are offline. Your request is saved on this phone',
    );
    expect(document.body.textContent).toContain('shows in My requests as waiting');
    const [item] = await listOutboxItems();
    expect(item).toMatchObject({
      kind: 'request',
      ownerId: 'me',
      status: 'waiting',
      payload: { kind: 'visit', listingId: VISIT.listingId, date: '2026-12-20', timeOfDay: 'evening' },
    });

    // Back online: the page's trigger, then the service worker's Background Sync, each send the outbox.
    online.mockReturnValue(true);
    await resumeOutbox();
    await resumeOutbox();
    expect(sent).toHaveLength(1);
    expect(keys).toEqual([item!.key]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('sends a request whose answer was lost again with the same key, so the server makes one', async () => {
    let answers = 0;
    const { sent, keys } = stubApi({
      asked: () => {
        answers += 1;
        // The first reached the server, but its answer never came back.
        if (answers === 1) throw new TypeError('Failed to fetch');
        return Response.json({ success: true, message: 'Request sent', data: {} }, { status: 201 });
      },
    });
    await view.renderAsync(sheetAt(VISIT));
    await fillAndSend({ date: '2026-12-20', note: 'Two of us, after work.' });
    expect(document.body.textContent).toContain('Your request is saved on this phone');

    await makeWaitingItemsDue();
    await flushOutbox();
    expect(sent).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await listOutboxItems()).toEqual([]);
  });

  it('refuses a price outside the service’s range', async () => {
    const { sent } = stubApi();
    await view.renderAsync(sheetAt(SERVICE));
    await fillAndSend({ date: '2026-12-20', place: 'area-mirpur', note: 'The kitchen tap leaks.', price: '5000' });
    expect(sent).toEqual([]);
    expect(document.body.textContent).toMatch(/The price must be from .*500 to .*2,000 taka/);
  });

  it('says a refusal in the server’s words', async () => {
    const words = 'You already have an open request for this listing.';
    stubApi({ asked: () => Response.json({ success: false, message: words }, { status: 409 }) });
    await view.renderAsync(sheetAt(VISIT));
    await fillAndSend({ date: '2026-12-20', note: 'Two of us, after work.' });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(words);
  });

  it('tells an unverified account how to verify, with the server’s words when it refuses', async () => {
    const words = 'Verify your email address or phone number first.';
    stubApi({ verified: false, asked: () => Response.json({ success: false, message: words }, { status: 403 }) });
    await view.renderAsync(sheetAt(VISIT));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.querySelector('.verify-email-notice')).not.toBeNull();
    await fillAndSend({ date: '2026-12-20', note: 'Two of us, after work.' });
    expect(document.body.textContent).toContain(words);
  });
});

/** The sign-in page as a stand-in route: where the button sent the visitor, and the page to come back to. */
function SignInPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p data-testid="sign-in">{from}</p>;
}

const PAGE = `/main/view-rent/${VISIT.listingId}`;
function phoneAt(path: string) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/main/view-rent/:id" element={<RequestButtonView target={VISIT} />} />
        <Route path="/auth/login" element={<SignInPage />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('Ask for a visit, tapped by a visitor', () => {
  it('leads to sign-in, and back on the page the sheet opens by itself, once', async () => {
    stubApi();
    holdSession(undefined);
    view.render(phoneAt(PAGE));
    const button = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Ask for a visit');
    act(() => button!.click());
    expect(view.container.querySelector('[data-testid="sign-in"]')?.textContent).toBe(PAGE);

    holdSession({ userId: 'me', token: 'bs_x' });
    await view.renderAsync(<div key="back">{phoneAt(PAGE)}</div>);
    await vi.waitFor(() => expect(view.container.querySelector('dialog form.request-sheet')).not.toBeNull());

    await view.renderAsync(<div key="later">{phoneAt(PAGE)}</div>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(view.container.querySelector('dialog')).toBeNull();
  });

  it('says a request for the ad waits on the phone, rather than offer a second one', async () => {
    stubApi();
    holdSession({ userId: 'me', token: 'bs_x' });
    await enqueueOutboxItem({
      kind: 'request',
      ownerId: 'me',
      label: 'Request: Visit',
      payload: aRequestPayload(VISIT.listingId, '2026-12-20'),
    });
    await view.renderAsync(phoneAt(PAGE));
    await until(() => view.container.textContent.includes('Your request is waiting to send'));
    expect(view.container.querySelector('button.request-button')).toBeNull();
    expect(view.container.querySelector('a[href="/main/requests"]')).not.toBeNull();
  });

  it('is not shown to the ad’s owner', () => {
    holdSession({ userId: 'owner-1', token: 'bs_x' });
    view.render(phoneAt(PAGE));
    expect(view.container.textContent).toBe('');
  });
});
