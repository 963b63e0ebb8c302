// @vitest-environment jsdom
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import { SignOutEverywhere } from './sign-out-everywhere';

const view = mountForTest();

// Transformed once before the test (seconds on a busy machine), so the button's lazy import only has to resolve.
beforeAll(() => import('./sign-out-dialogs'), 120_000);

describe('SignOutEverywhere', () => {
  it('draws only its button until it is first pressed, then loads and opens its dialog', async () => {
    letJsdomOpenDialogs();
    const signOut = vi.fn(() => Promise.resolve());
    await view.renderAsync(<SignOutEverywhere onSignOutEverywhere={signOut} onDone={() => undefined} />);
    expect(view.container.querySelector('dialog')).toBeNull();
    const button = view.container.querySelector('button');
    expect(button?.textContent).toBe('Sign out everywhere');

    await act(async () => {
      button?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // The dialog's chunk loads, then React shows it.
    await vi.waitFor(async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(view.container.querySelector('dialog')).not.toBeNull();
    }, 5000);
    const dialog = view.container.querySelector('dialog');
    expect(dialog?.hasAttribute('open')).toBe(true);
    expect(dialog?.textContent).toContain('Sign out on all devices');
  });
});
