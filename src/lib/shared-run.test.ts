import { describe, expect, it } from 'vitest';
import { sharedRun } from './shared-run';

describe('sharedRun', () => {
  it('shares one run between calls made while it runs, and starts a new one after', async () => {
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const sync = sharedRun(() => {
      runs += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    });
    const first = sync();
    const second = sync();
    expect(runs).toBe(1);
    finish(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    const third = sync();
    expect(runs).toBe(2);
    finish(8);
    await expect(third).resolves.toBe(8);
  });

  it('knows when it last succeeded, and a failure does not count', async () => {
    let clock = 1_000;
    let fail = true;
    const sync = sharedRun(
      () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('ok')),
      () => clock,
    );
    expect(sync.succeededWithin(30_000)).toBe(false);
    await expect(sync()).rejects.toThrow('offline');
    expect(sync.succeededWithin(30_000)).toBe(false);
    fail = false;
    await sync();
    clock += 29_999;
    expect(sync.succeededWithin(30_000)).toBe(true);
    clock += 1;
    expect(sync.succeededWithin(30_000)).toBe(false);
  });
});
