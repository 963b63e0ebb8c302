import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/** A jsdom test's screen: where the tree is drawn, and how to draw it. */
export interface TestMount {
  /** This test's container, in the document (focus, `getElementById` and events bubbling to `document` work). */
  readonly container: HTMLDivElement;
  /** This test's React root on the container. */
  readonly root: Root;
  /** Draws `node`, in `act()`: its effects have run when this returns. */
  render(node: ReactNode): void;
  /** Draws `node` in an async `act()`: what the render started (effects' promises) has settled when it resolves. */
  renderAsync(node: ReactNode): Promise<void>;
}

/**
 * Gives each test of the file (or of the `describe` it is called in) a fresh container in the document with a React
 * root on it, and unmounts and removes them after the test, so that no test sees what another drew and nothing is
 * left rendering. Call it once, where `beforeEach` may be called; `container` and `root` are this test's.
 *
 * The unmount is an `afterEach` hook: vitest runs those in reverse order of registration, so a file's own `afterEach`
 * registered after this call runs while the tree is still mounted (wrap in `act()` what makes it render again, such
 * as a change of language), and one registered before it runs after the unmount.
 */
export function mountForTest(): TestMount {
  // React's act() wants to know it runs in a test; set here, when a test file asks, not when this module loads.
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
  let current: { container: HTMLDivElement; root: Root } | undefined;
  const mounted = () => {
    if (!current) throw new Error('mountForTest: the screen exists only while a test runs');
    return current;
  };

  beforeEach(() => {
    const container = document.createElement('div');
    document.body.append(container);
    current = { container, root: createRoot(container) };
  });
  afterEach(() => {
    const { container, root } = mounted();
    current = undefined;
    act(() => root.unmount());
    container.remove();
  });

  return {
    get container() {
      return mounted().container;
    },
    get root() {
      return mounted().root;
    },
    render(node) {
      act(() => mounted().root.render(node));
    },
    async renderAsync(node) {
      await act(async () => mounted().root.render(node));
    },
  };
}
