// @vitest-environment jsdom
import { act } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import { LeaveFormGuard } from './leave-form-guard';

const view = mountForTest();

beforeAll(letJsdomOpenDialogs);

function formRouter(changes: { now: boolean }, kept = true) {
  return createMemoryRouter(
    [
      {
        path: '/main/add-rent',
        element: (
          <>
            <LeaveFormGuard shouldAsk={() => changes.now} kept={kept} />
            <Link to="/main/rent">Rentals</Link>
            <Link to="/main/add-rent?outbox=3">Same form</Link>
          </>
        ),
      },
      { path: '/main/rent', element: <p>The rentals</p> },
    ],
    { initialEntries: ['/main/add-rent'] },
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function click(text: string) {
  const target = [...view.container.querySelectorAll('a, button')].find((element) => element.textContent === text);
  if (!target) throw new Error(`Nothing to click reads "${text}"`);
  act(() => {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
  });
}

describe('LeaveFormGuard', () => {
  it('asks before a form with changes is left: Keep writing stays, Leave goes', async () => {
    const router = formRouter({ now: true });
    await view.renderAsync(<RouterProvider router={router} />);
    await settle();

    click('Rentals');
    await settle();
    expect(router.state.location.pathname).toBe('/main/add-rent');
    expect(view.container.querySelector('[data-testid="leave-form-dialog"]')?.textContent).toContain(
      'stays on this phone as a draft',
    );

    click('Keep writing');
    await settle();
    expect(router.state.location.pathname).toBe('/main/add-rent');
    expect(view.container.querySelector('[data-testid="leave-form-dialog"]')).toBeNull();

    click('Rentals');
    await settle();
    click('Leave');
    await settle();
    expect(router.state.location.pathname).toBe('/main/rent');
  });

  it('says what was typed will be lost when no draft is kept', async () => {
    await view.renderAsync(<RouterProvider router={formRouter({ now: true }, false)} />);
    await settle();
    click('Rentals');
    await settle();
    expect(view.container.querySelector('[data-testid="leave-form-dialog"]')?.textContent).toContain('will be lost');
  });

  it('lets a form without changes, or one whose post was sent, be left at once', async () => {
    const changes = { now: true };
    const router = formRouter(changes);
    await view.renderAsync(<RouterProvider router={router} />);
    await settle();

    changes.now = false; // The post was handed to the outbox: the page moves on by itself.
    await act(() => router.navigate('/main/rent'));
    expect(router.state.location.pathname).toBe('/main/rent');
    expect(view.container.querySelector('[data-testid="leave-form-dialog"]')).toBeNull();
  });

  it('lets the page change its own query without asking', async () => {
    const router = formRouter({ now: true });
    await view.renderAsync(<RouterProvider router={router} />);
    await settle();
    click('Same form');
    await settle();
    expect(router.state.location.search).toBe('?outbox=3');
    expect(view.container.querySelector('[data-testid="leave-form-dialog"]')).toBeNull();
  });

  it('has the browser ask before a reload or a closed tab while there are changes', async () => {
    const changes = { now: true };
    await view.renderAsync(<RouterProvider router={formRouter(changes)} />);
    const asked = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(asked()).toBe(true);
    changes.now = false;
    expect(asked()).toBe(false);
  });
});
