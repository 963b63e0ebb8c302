import { act } from 'react';
import { expect } from 'vitest';

/** Lets the page run a moment (timers, IndexedDB, fetches answered), inside act so React applies what they set. */
export const settle = (): Promise<void> => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/** Lets the page run until `done` holds, up to five seconds, then checks it (a failure names the condition's line). */
export async function until(done: () => boolean): Promise<void> {
  for (let tries = 0; tries < 250 && !done(); tries += 1) await settle();
  expect(done()).toBe(true);
}
