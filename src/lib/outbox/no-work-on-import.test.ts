// Libraries are loaded before the globals are watched: Dexie listens for pagehide when it loads, which is its own
// business. What is checked is our modules.
import 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * No module does anything when imported (STYLE.md): the outbox, the offline machinery and every shared module of
 * src/lib start only when the app calls them. Importing each one here, into a fresh module registry, must add no
 * listener, start no timer, dispatch no event and write nothing to storage.
 */

const outboxModules = import.meta.glob(['../outbox/*.ts', '!../outbox/*.test.ts']);
const libModules = import.meta.glob(['../*.ts', '../viewed-records/*.ts', '!../**/*.test.ts']);
const offlineModules = import.meta.glob(['../../app/offline/*.ts', '!../../app/offline/*.test.ts']);

/** Every way a module could start work on its own, as spies. */
function watchGlobals() {
  const target = () => ({ addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn() });
  const win = { ...target(), requestIdleCallback: vi.fn(), setTimeout: vi.fn(), setInterval: vi.fn() };
  const doc = { ...target(), visibilityState: 'visible' };
  const serviceWorker = { ...target(), getRegistration: vi.fn() };
  const storage = { getItem: vi.fn(() => null), setItem: vi.fn(), removeItem: vi.fn() };
  const locks = { request: vi.fn() };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', { onLine: true, serviceWorker, locks, storage: { persist: vi.fn() } });
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('addEventListener', win.addEventListener);
  const timers = [vi.spyOn(globalThis, 'setTimeout'), vi.spyOn(globalThis, 'setInterval')];
  const spies = [
    ...Object.values(win),
    doc.addEventListener,
    doc.dispatchEvent,
    serviceWorker.addEventListener,
    serviceWorker.getRegistration,
    storage.setItem,
    storage.removeItem,
    locks.request,
    ...timers,
  ];
  return {
    calls: () => spies.flatMap((spy) => (vi.isMockFunction(spy) ? spy.mock.calls : [])),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('importing a module starts nothing', () => {
  it.each([
    ['src/lib/outbox', outboxModules],
    ['src/lib', libModules],
    ['src/app/offline', offlineModules],
  ])('%s: no listener, timer, event or storage write', async (_folder, modules) => {
    expect(Object.keys(modules).length).toBeGreaterThan(2);
    vi.resetModules();
    const globals = watchGlobals();
    for (const load of Object.values(modules)) await load();
    expect(globals.calls()).toEqual([]);
  });

  it('catches a module that does work when imported', async () => {
    vi.resetModules();
    const globals = watchGlobals();
    window.addEventListener('online', () => undefined); // what such a module would do
    expect(globals.calls()).not.toEqual([]);
  });
});
