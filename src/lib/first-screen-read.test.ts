import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFirstScreen } from './first-screen-read';

describe('readFirstScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers what the read answers', async () => {
    await expect(readFirstScreen(() => Promise.resolve({ total: 3 }))).resolves.toEqual({ total: 3 });
  });

  it('answers undefined when the read fails, so the page reads on its own', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await expect(readFirstScreen(() => Promise.reject(new Error('blocked')))).resolves.toBeUndefined();
  });

  it('does not wait longer than its limit', async () => {
    vi.useFakeTimers();
    const answer = readFirstScreen(() => new Promise<number>(() => undefined), 1000);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBeUndefined();
  });
});
