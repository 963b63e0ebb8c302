import { startTransition, useEffect, useRef, useState } from 'react';
import type { MirrorChange } from './create-mirror';

export interface MirrorQueryState<A> {
  value: A | undefined;
  /** True once an answer (or the route loader's) is in. */
  loaded: boolean;
}

/**
 * A mirror's answer, kept current: `read` runs when the component mounts, whenever `key` (what `read` asks)
 * changes, and whenever rows change in the mirror, here or in another tab. `initial` is the answer the route
 * loader read with the same query: it shows at once, and the read on mounting finds it unchanged. While a new
 * answer is read the last one stays on screen. `keep` (for instance keepUnchanged) may answer the value shown
 * when an answer changes nothing in it: the state then stays as it is and nothing draws again.
 */
export function useMirrorQuery<A>(options: {
  subscribe: (listener: (change: MirrorChange) => void) => () => void;
  key: string;
  read: () => Promise<A>;
  initial?: A | undefined;
  keep?: ((shown: A | undefined, next: A) => A) | undefined;
}): MirrorQueryState<A> {
  const { subscribe, key, initial, keep } = options;
  const [state, setState] = useState<MirrorQueryState<A>>({ value: initial, loaded: initial !== undefined });
  const [rowsVersion, setRowsVersion] = useState(0);
  // The read of the latest render: its key is in the effect's dependencies, the function itself is rebuilt.
  const read = useRef(options.read);
  const keepRef = useRef(keep);
  useEffect(() => {
    read.current = options.read;
    keepRef.current = keep;
  });

  useEffect(
    () =>
      subscribe((change) => {
        // A sync that only confirmed the mirror (the usual one) reads and draws nothing again.
        if (change.rowsChanged) setRowsVersion((version) => version + 1);
      }),
    [subscribe],
  );

  useEffect(() => {
    let live = true;
    read.current().then(
      (answer) => {
        if (!live) return;
        // A transition: drawing a long list anew yields to the browser every few milliseconds.
        startTransition(() =>
          setState((current) => {
            const value = keepRef.current ? keepRef.current(current.value, answer) : answer;
            return current.loaded && value === current.value ? current : { value, loaded: true };
          }),
        );
      },
      (error: unknown) => {
        console.error('Could not read the saved list', error);
        if (live) setState((current) => (current.loaded ? current : { value: undefined, loaded: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [key, rowsVersion]);

  return state;
}
