/** What useLiveQuery subscribes to: a Dexie liveQuery, or one still loading (below). */
export interface Subscribable<T> {
  subscribe(observer: { next: (value: T) => void; error: (error: unknown) => void }): { unsubscribe(): void };
}

/**
 * A live query whose module loads on first subscription (a page renders from its route's read ahead while the
 * database code arrives). Subscribers hear it once it has loaded; unsubscribing before then cancels.
 */
export function lazySubscribable<T>(load: () => Promise<Subscribable<T>>): Subscribable<T> {
  return {
    subscribe(observer) {
      let inner: { unsubscribe(): void } | undefined;
      let open = true;
      load().then(
        (source) => {
          if (open) inner = source.subscribe(observer);
        },
        (error: unknown) => {
          if (open) observer.error(error);
        },
      );
      return {
        unsubscribe() {
          open = false;
          inner?.unsubscribe();
        },
      };
    },
  };
}
