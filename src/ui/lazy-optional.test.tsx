// @vitest-environment jsdom
import { act, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import { lazyOptional } from './lazy-optional';

const view = mountForTest();

afterEach(() => {
  vi.restoreAllMocks();
});

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Renders and lets the lazy imports settle. */
async function show(node: ReactNode) {
  await act(async () => {
    view.root.render(<Suspense fallback="loading">{node}</Suspense>);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('lazyOptional', () => {
  it('shows the part once its code has loaded', async () => {
    const Part = lazyOptional(() => Promise.resolve(Hello));
    await show(<Part name="Rahim" />);
    expect(view.container.textContent).toBe('Hello Rahim');
  });

  it('leaves the part out when its code cannot load, and asks again once the phone is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const Part = lazyOptional(load);
    const page = (
      <>
        <p>The page</p>
        <Part name="Karim" />
      </>
    );
    await show(page);
    expect(view.container.textContent).toBe('The page');

    // Offline, another render does not ask again.
    await show(<div>{page}</div>);
    expect(view.container.textContent).toBe('The page');
    expect(load).toHaveBeenCalledTimes(1);

    online.mockReturnValue(true);
    load.mockResolvedValueOnce(Hello);
    await show(page);
    expect(view.container.textContent).toBe('The pageHello Karim');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
