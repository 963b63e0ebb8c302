import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Node has no requestIdleCallback: whenIdle falls back to its timeout, which fake timers drive.
async function freshModule() {
  vi.resetModules();
  return import('./when-idle');
}

describe('whenIdleAfterFirstContent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first content, then for idle', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown } = await freshModule();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, 100);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(99);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('goes ahead after the longest wait when no page says its content is shown', async () => {
    const { whenIdleAfterFirstContent, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, 100);
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS + 99);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('only waits for idle once the first content was shown, and runs the work once', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    markFirstContentShown();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, 100);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS * 2);
    expect(work).toHaveBeenCalledOnce();
  });

  it('can be cancelled before and after the first content', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    const before = vi.fn();
    const after = vi.fn();
    whenIdleAfterFirstContent(before, 100)();
    const cancelAfter = whenIdleAfterFirstContent(after, 100);
    markFirstContentShown();
    cancelAfter();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS * 2);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
