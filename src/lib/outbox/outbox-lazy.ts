import type { Subscribable } from '../use-live-query';

/**
 * The outbox for the pages, loaded when one first reads or writes it rather than with the page: a form draws
 * without waiting for Dexie, and its first-load JS stays within budget (the build test in
 * scripts/build/route-preloads-build.test.ts fails a page over it). The module is precached with the pages that
 * use it, so it loads offline too.
 */
export const loadOutbox = () => import('./outbox-runtime');

export type OutboxRuntime = Awaited<ReturnType<typeof loadOutbox>>;

/** A live query of the outbox's, subscribed to once the outbox is loaded (for useLiveQuery). */
export function lazyLiveQuery<T>(make: (outbox: OutboxRuntime) => Subscribable<T>): Subscribable<T> {
  return {
    subscribe(observer) {
      let inner: { unsubscribe(): void } | undefined;
      let closed = false;
      loadOutbox().then(
        (outbox) => {
          if (!closed) inner = make(outbox).subscribe(observer);
        },
        (error: unknown) => {
          if (!closed) observer.error(error);
        },
      );
      return {
        unsubscribe() {
          closed = true;
          inner?.unsubscribe();
        },
      };
    },
  };
}
