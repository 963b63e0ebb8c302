import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once, then at most once per window with the latest arguments', () => {
    const calls: number[] = [];
    const run = throttle((n: number) => calls.push(n), 150);
    run(1);
    run(2);
    run(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(149);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    run(4);
    expect(calls).toEqual([1, 3, 4]);
  });

  it('drops a pending call when cancelled', () => {
    const calls: number[] = [];
    const run = throttle((n: number) => calls.push(n), 150);
    run(1);
    run(2);
    run.cancel();
    vi.advanceTimersByTime(300);
    expect(calls).toEqual([1]);
  });
});
