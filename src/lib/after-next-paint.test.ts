import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAfterPaint } from './after-next-paint';

// Node has no frames: each one here is a timer, so a test can count the frames a load waited for.
let frames = 0;
beforeEach(() => {
  frames = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    frames += 1;
    return setTimeout(callback, 0);
  });
  vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
});
afterEach(() => vi.unstubAllGlobals());

describe('a module loaded after the next paint', () => {
  it('waits for the paint once, then answers the same module without waiting again', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'mirror' }));
    const loadMirror = loadAfterPaint(load);
    const [first, second] = await Promise.all([loadMirror(), loadMirror()]);
    expect(frames).toBe(2);
    const third = await loadMirror();
    expect(frames).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('tries again after a load that failed', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('mirror');
    const loadMirror = loadAfterPaint(load);
    await expect(loadMirror()).rejects.toThrow('offline');
    await expect(loadMirror()).resolves.toBe('mirror');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
