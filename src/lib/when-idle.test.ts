import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Node has no requestIdleCallback: whenIdle falls back to its timeout, which fake timers drive.
async function freshModule() {
  vi.resetModules();
  return import('./when-idle');
}
const IDLE_TIMEOUT = 100;

describe('whenIdleAfterFirstContent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first content, lets the page settle, then waits for idle', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, SETTLE_AFTER_FIRST_CONTENT_MS } = await freshModule();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, IDLE_TIMEOUT);
    await vi.advanceTimersByTimeAsync(1000);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(SETTLE_AFTER_FIRST_CONTENT_MS + IDLE_TIMEOUT - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('goes ahead after the longest wait when no page says its content is shown', async () => {
    const { whenIdleAfterFirstContent, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, IDLE_TIMEOUT);
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS + IDLE_TIMEOUT - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledOnce();
  });

  it('does not wait past the longest wait for a page that shows its content late', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    const work = vi.fn();
    whenIdleAfterFirstContent(work, IDLE_TIMEOUT);
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS - 500);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(500 + IDLE_TIMEOUT);
    expect(work).toHaveBeenCalledOnce();
  });

  it('counts the settling time from the first content when asked after it, and runs the work once', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, SETTLE_AFTER_FIRST_CONTENT_MS } = await freshModule();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(2000);
    const work = vi.fn();
    whenIdleAfterFirstContent(work, IDLE_TIMEOUT);
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(SETTLE_AFTER_FIRST_CONTENT_MS - 2000 + IDLE_TIMEOUT - 1);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(work).toHaveBeenCalledOnce();
  });

  it('can be cancelled before and after the first content', async () => {
    const { whenIdleAfterFirstContent, markFirstContentShown, FIRST_CONTENT_MAX_WAIT_MS } = await freshModule();
    const before = vi.fn();
    const after = vi.fn();
    whenIdleAfterFirstContent(before, IDLE_TIMEOUT)();
    const cancelAfter = whenIdleAfterFirstContent(after, IDLE_TIMEOUT);
    markFirstContentShown();
    cancelAfter();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_MAX_WAIT_MS * 2);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
