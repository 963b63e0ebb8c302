import { HTTPError, type NormalizedOptions } from 'ky';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Sign-out while offline (issue 24, point 13): the token is kept until the phone is online again and then
 * revoked on the server; a server that says the session is already gone settles it.
 */

const revoked: (string | undefined)[] = [];
let answer: () => Promise<void> = () => Promise.resolve();
vi.mock('../api/sign-out', () => ({
  revokeServerSession: (token?: string) => {
    revoked.push(token);
    return answer();
  },
}));

// The worker's files share one module cache (vitest.config.ts, isolate: false): another file may have loaded the module
// with the real sign-out already, and the mock above would never reach it. A fresh load takes the mock.
vi.resetModules();
const { flushPendingSignOuts, hasPendingSignOuts, revokeOrRemember, startPendingSignOuts } =
  await import('./pending-sign-outs');

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const httpError = (status: number) => () =>
  Promise.reject(new HTTPError(new Response('{}', { status }), new Request('http://x/'), {} as NormalizedOptions));

const events = new EventTarget();
let onLine = true;
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  vi.stubGlobal('navigator', {
    get onLine() {
      return onLine;
    },
  });
  vi.stubGlobal('window', events);
  revoked.length = 0;
  answer = () => Promise.resolve();
  onLine = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('online: revokes the session at once and keeps nothing', async () => {
    await revokeOrRemember('bs_token-1');
    expect(revoked).toEqual(['bs_token-1']);
    expect(hasPendingSignOuts()).toBe(false);
  });

  it('known offline: makes no call, and revokes the session once the connection returns', async () => {
    onLine = false;
    await revokeOrRemember('bs_token-2');
    expect(revoked).toEqual([]);
    expect(hasPendingSignOuts()).toBe(true);

    const stop = startPendingSignOuts();
    onLine = true;
    events.dispatchEvent(new Event('online'));
    await flushPendingSignOuts();
    stop();
    expect(revoked).toEqual(['bs_token-2']);
    expect(hasPendingSignOuts()).toBe(false);
  });

  it('a failed call or a server fault keeps the token for the next try; a 4xx settles it', async () => {
    answer = offline;
    await revokeOrRemember('bs_token-3');
    answer = httpError(503);
    await revokeOrRemember('bs_token-4');
    expect(hasPendingSignOuts()).toBe(true);

    await flushPendingSignOuts(); // still failing
    expect(hasPendingSignOuts()).toBe(true);

    answer = httpError(401); // the session had ended on the server anyway
    await flushPendingSignOuts();
    expect(hasPendingSignOuts()).toBe(false);
  });

  it('an already-ended session (401 at sign-out) is not kept', async () => {
    answer = httpError(401);
    await revokeOrRemember('bs_token-5');
    expect(hasPendingSignOuts()).toBe(false);
  });

  it('revokes remembered sessions at app start', async () => {
    onLine = false;
    await revokeOrRemember('bs_token-6');
    onLine = true;
    const stop = startPendingSignOuts();
    await flushPendingSignOuts();
    stop();
    expect(revoked).toEqual(['bs_token-6']);
    expect(hasPendingSignOuts()).toBe(false);
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
