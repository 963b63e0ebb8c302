// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { holdSession } from '@/lib/session-cookies';
import type * as WhenIdle from '@/lib/when-idle';
import { mountForTest } from '@/test/mount-for-test';
import { letRequestsTakePageAddresses } from '@/test/page-requests';
import { announceRequestsChanged } from './requests-changed';
import { RequestsNavItem } from './requests-nav-item';

/**
 * The header's "My requests" link with its badge (issue 41, point 4): the count of requests waiting for the person's
 * answer, read only once the page has settled, and again when they come back to the tab or answered on My requests;
 * said to screen readers in words, in English and Bangla.
 */

// The page "settles" when the test says so.
const settling = vi.hoisted(() => ({ work: [] as (() => void)[] }));
// The rest of the module stays real: the worker's other files share the mocked module (isolate: false).
vi.mock('@/lib/when-idle', async (importOriginal) => ({
  ...(await importOriginal<typeof WhenIdle>()),
  whenIdleAfterFirstContent: (work: () => void) => {
    settling.work.push(work);
    return () => undefined;
  },
}));

const view = mountForTest();
// The badge's code, which the header loads on its own, is read once ahead: its first load would outlast act().
beforeAll(() => import('./waiting-requests-count'));
let counts: number[];
let asked: string[];

beforeEach(() => {
  settling.work = [];
  counts = [2];
  asked = [];
  holdSession({ userId: 'owner-1', token: 'bs_x' });
  letRequestsTakePageAddresses();
  vi.stubGlobal('fetch', async (input: Request) => {
    asked.push(`${input.method} ${new URL(input.url).pathname} ${input.headers.get('Authorization')}`);
    const count = counts.length > 1 ? counts.shift()! : counts[0]!;
    return Response.json({ success: true, message: 'Requests waiting for your answer', data: { count } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  overwriteGetLocale(() => 'en');
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const link = () => view.container.querySelector('a[href="/main/requests"]')!;
const badge = () => link().querySelector('.nav-count')?.textContent;

async function showLink() {
  await view.renderAsync(
    <MemoryRouter>
      <ul>
        <RequestsNavItem selfId="owner-1" />
      </ul>
    </MemoryRouter>,
  );
}

async function pageSettles() {
  await act(async () => settling.work.forEach((work) => work()));
  await settle();
}

describe('the header’s My requests link', () => {
  it('counts the requests waiting for an answer only once the page has settled, and says it in words', async () => {
    await showLink();
    expect(link().textContent).toBe('My requests');
    expect(asked).toEqual([]);
    await pageSettles();
    expect(asked).toEqual(['GET /api/v1/requests/waiting-count Bearer bs_x']);
    expect(badge()).toBe('2');
    expect(link().querySelector('.nav-count')?.getAttribute('aria-hidden')).toBe('true');
    expect(link().querySelector('.visually-hidden')?.textContent).toBe('(2 waiting for your answer)');
  });

  it('shows no badge while nothing waits', async () => {
    counts = [0];
    await showLink();
    await pageSettles();
    expect(asked).toHaveLength(1);
    expect(badge()).toBeUndefined();
    expect(link().textContent).toBe('My requests');
  });

  it('counts again when the person comes back to the tab and after an answer on My requests', async () => {
    counts = [2, 1, 0];
    await showLink();
    await pageSettles();
    expect(badge()).toBe('2');
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(asked).toHaveLength(1);
    visibility.mockReturnValue('visible');
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(asked).toHaveLength(2);
    expect(badge()).toBe('1');
    expect(link().querySelector('.visually-hidden')?.textContent).toBe('(1 waiting for your answer)');
    await act(async () => announceRequestsChanged());
    await settle();
    expect(asked).toHaveLength(3);
    expect(badge()).toBeUndefined();
    visibility.mockRestore();
  });

  it('says it in Bangla, with Bangla digits', async () => {
    overwriteGetLocale(() => 'bn');
    counts = [3];
    await showLink();
    await pageSettles();
    expect(link().textContent).toContain('আমার অনুরোধ');
    expect(badge()).toBe('৩');
    expect(link().querySelector('.visually-hidden')?.textContent).toBe('(আপনার উত্তরের অপেক্ষায় ৩টি)');
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
