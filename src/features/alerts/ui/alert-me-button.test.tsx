// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertFilters } from '@/domain/alerts';
import { parseRentListParams } from '@/domain/list-url-state';
import { appStore } from '@/lib/app-store';
import { holdSession } from '@/lib/session-cookies';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { toastsAtom } from '@/ui/toast/toast-atoms';
import { AlertMeButton } from './alert-me-button';

/**
 * "Alert me" on a list (issue 43, point 1): the sheet says what will be watched and saves the list's filters with the
 * frequency chosen (instant unless changed), says so in a toast, shows the server's refusal in its words, needs a
 * connection rather than queue, and a visitor's tap goes through sign-in and opens the sheet back on the list.
 */

const view = mountForTest();

beforeAll(letJsdomOpenDialogs);

const FILTERS: AlertFilters = { category: 'flat', minPrice: 10000, q: 'balcony' };
const PAGE = '/main/rent?category=flat&min=10000&q=balcony';

function stubApi(
  answer: () => Response = () => Response.json({ success: true, message: 'Saved', data: {} }, { status: 201 }),
) {
  const posted: unknown[] = [];
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (new URL(request.url).pathname === '/api/v1/alerts' && request.method === 'POST') {
      posted.push(await request.clone().json());
      const response = answer();
      if (response.status < 300)
        return Response.json(
          { success: true, message: 'Saved', data: { _id: 'a1', ...(posted.at(-1) as object), createdAt: '' } },
          { status: response.status },
        );
      return response;
    }
    return Response.json({ success: false, message: 'Not here' }, { status: 404 });
  });
  return posted;
}

function SignInPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p data-testid="sign-in">{from}</p>;
}

const listAt = (path: string) => (
  <MemoryRouter initialEntries={[path]}>
    <Routes>
      <Route
        path="/main/rent"
        element={<AlertMeButton kind="rent" filters={parseRentListParams(new URLSearchParams(PAGE.split('?')[1]))} />}
      />
      <Route path="/auth/login" element={<SignInPage />} />
    </Routes>
  </MemoryRouter>
);

const button = (label: string) =>
  [...view.container.querySelectorAll<HTMLButtonElement>('button')].find((each) => each.textContent === label);
const sheet = () => view.container.querySelector('dialog .alert-sheet');
const toasts = () => appStore.get(toastsAtom).map((toast) => toast.message);

beforeEach(() => {
  holdSession({ userId: 'me', token: 'bs_x' });
  appStore.set(toastsAtom, []);
});
afterEach(() => {
  holdSession(undefined);
  vi.restoreAllMocks();
});

describe('Alert me', () => {
  it('shows what will be watched and saves the filters with the frequency chosen, then says so', async () => {
    const posted = stubApi();
    view.render(listAt(PAGE));
    await act(async () => button('Alert me')!.click());
    await vi.waitFor(() => expect(sheet()).not.toBeNull());
    const parts = [...view.container.querySelectorAll('.alert-summary__part')].map((part) => part.textContent);
    expect(parts).toEqual(['Homes to rent', 'Flat', 'anywhere', 'from BDT\u00a010,000', 'with “balcony”']);
    const instant = view.container.querySelector<HTMLInputElement>('input[value="instant"]')!;
    expect(instant.checked).toBe(true);

    act(() => view.container.querySelector<HTMLInputElement>('input[value="daily"]')!.click());
    await act(async () => button('Save alert')!.click());
    await vi.waitFor(() => expect(sheet()).toBeNull());
    expect(posted).toEqual([{ kind: 'rent', filters: FILTERS, frequency: 'daily' }]);
    expect(toasts()).toEqual(['Alert saved: you will be told of new listings like these.']);
  });

  it('says an alert saved before is already there (200), and shows a refusal in the server’s words', async () => {
    stubApi(() => new Response(null, { status: 200 }));
    view.render(listAt(PAGE));
    await act(async () => button('Alert me')!.click());
    await vi.waitFor(() => expect(sheet()).not.toBeNull());
    await act(async () => button('Save alert')!.click());
    await vi.waitFor(() => expect(toasts()).toEqual(['You already have this alert.']));

    stubApi(() =>
      Response.json({ success: false, message: 'You have 10 alerts, the most one account may keep.' }, { status: 409 }),
    );
    await act(async () => button('Alert me')!.click());
    await vi.waitFor(() => expect(sheet()).not.toBeNull());
    await act(async () => button('Save alert')!.click());
    await vi.waitFor(() =>
      expect(view.container.querySelector('.alert-sheet [role="alert"]')?.textContent).toBe(
        'You have 10 alerts, the most one account may keep.',
      ),
    );
    expect(sheet()).not.toBeNull();
  });

  it('offline, says saving needs a connection and sends nothing', async () => {
    const posted = stubApi();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    view.render(listAt(PAGE));
    await act(async () => button('Alert me')!.click());
    await vi.waitFor(() => expect(sheet()).not.toBeNull());
    expect(view.container.querySelector('.alert-sheet')?.textContent).toContain('Saving an alert needs a connection');
    expect(button('Save alert')!.disabled).toBe(true);
    expect(posted).toEqual([]);
  });

  it('leads a visitor to sign in, and back on the list the sheet opens by itself, once', async () => {
    stubApi();
    holdSession(undefined);
    view.render(listAt(PAGE));
    act(() => button('Alert me')!.click());
    expect(view.container.querySelector('[data-testid="sign-in"]')?.textContent).toBe(PAGE);

    holdSession({ userId: 'me', token: 'bs_x' });
    await view.renderAsync(<div key="back">{listAt(PAGE)}</div>);
    await vi.waitFor(() => expect(sheet()).not.toBeNull());

    await view.renderAsync(<div key="later">{listAt(PAGE)}</div>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sheet()).toBeNull();
  });
});
