import { describe, expect, it, vi } from 'vitest';
import { lazySubscribable, type Subscribable } from './lazy-subscribable';

/** A source that answers `values` to each subscriber at once, and counts who is subscribed. */
function source<T>(values: T[]) {
  const state = { subscribed: 0 };
  const subscribable: Subscribable<T> = {
    subscribe(observer) {
      state.subscribed += 1;
      values.forEach((value) => observer.next(value));
      return { unsubscribe: () => (state.subscribed -= 1) };
    },
  };
  return { subscribable, state };
}

const flush = () => new Promise((resolve) => setTimeout(resolve));

describe('lazySubscribable', () => {
  it('subscribes to the source once it has loaded, and unsubscribes from it', async () => {
    const { subscribable, state } = source([1, 2]);
    const next = vi.fn();
    const subscription = lazySubscribable(() => Promise.resolve(subscribable)).subscribe({ next, error: vi.fn() });
    expect(next).not.toHaveBeenCalled();
    await flush();
    expect(next.mock.calls).toEqual([[1], [2]]);
    expect(state.subscribed).toBe(1);
    subscription.unsubscribe();
    expect(state.subscribed).toBe(0);
  });

  it('never subscribes when unsubscribed before the source has loaded', async () => {
    const { subscribable, state } = source([1]);
    const next = vi.fn();
    lazySubscribable(() => Promise.resolve(subscribable))
      .subscribe({ next, error: vi.fn() })
      .unsubscribe();
    await flush();
    expect(next).not.toHaveBeenCalled();
    expect(state.subscribed).toBe(0);
  });

  it('passes on a source that fails to load as an error', async () => {
    const error = vi.fn();
    lazySubscribable<number>(() => Promise.reject(new Error('offline'))).subscribe({ next: vi.fn(), error });
    await flush();
    expect(error).toHaveBeenCalledWith(new Error('offline'));
  });
});
