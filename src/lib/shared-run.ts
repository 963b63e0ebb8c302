export interface SharedRun<T> {
  (): Promise<T>;
  /** True when a run completed successfully less than `ms` ago. */
  succeededWithin(ms: number): boolean;
}

/**
 * Wraps an async task so that calls made while it runs share that run, and remembers when it last succeeded:
 * a sync asked for by both a page and the app at start-up goes to the server once.
 */
export function sharedRun<T>(run: () => Promise<T>, now: () => number = Date.now): SharedRun<T> {
  let running: Promise<T> | undefined;
  let succeededAt: number | undefined;
  const call = () => {
    running ??= run()
      .then((value) => {
        succeededAt = now();
        return value;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return Object.assign(call, {
    succeededWithin: (ms: number) => succeededAt !== undefined && now() - succeededAt < ms,
  });
}
