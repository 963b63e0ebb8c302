import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each case: its state is the page's. */
const freshPresence = async () => {
  vi.resetModules();
  return import('./outbox-presence');
};

describe('starting the offline machinery', () => {
  it('starts it when a page asks, once the shell has handed over its start', async () => {
    const { provideOfflineSupport, requestOfflineSupport } = await freshPresence();
    const start = vi.fn();
    provideOfflineSupport(start);
    expect(start).not.toHaveBeenCalled();
    requestOfflineSupport();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("keeps a request made before the shell was ready (a page's effect runs before the shell's)", async () => {
    const { provideOfflineSupport, requestOfflineSupport } = await freshPresence();
    requestOfflineSupport();
    const start = vi.fn();
    const forget = provideOfflineSupport(start);
    expect(start).toHaveBeenCalledTimes(1);
    // The shell restarted (React's StrictMode): the page's request still stands.
    forget();
    const again = vi.fn();
    provideOfflineSupport(again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('asks nothing of a shell that has stopped', async () => {
    const { provideOfflineSupport, requestOfflineSupport } = await freshPresence();
    const start = vi.fn();
    provideOfflineSupport(start)();
    requestOfflineSupport();
    expect(start).not.toHaveBeenCalled();
  });
});
