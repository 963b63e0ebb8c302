// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionAfterSignIn } from './after-sign-in';
import { holdSession, readSession } from './session-cookies';
import { useActAfterSignIn } from './use-act-after-sign-in';
import { mountForTest } from '@/test/mount-for-test';

/**
 * Act, then sign in, then carry on (issue 40, point 2), as the Save heart, Report and Request buttons use it: a
 * visitor's tap keeps the action and leads to sign-in; back on the page signed in, the action runs once, for the
 * person now signed in, and only for the same action on the same page.
 */

const PAGE = '/main/view-rent/ad-1';
const SAVE_AD: ActionAfterSignIn = { type: 'save', kind: 'rent', id: 'ad-1' };
const view = mountForTest();
let done: string[] = [];

function Control({ action }: { action: ActionAfterSignIn }) {
  const signInFirst = useActAfterSignIn(action, (selfId) => done.push(`${action.type} by ${selfId}`));
  return (
    <button type="button" onClick={() => (readSession() ? done.push('tapped') : signInFirst())}>
      Act
    </button>
  );
}

function SignInPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p data-testid="sign-in">{from}</p>;
}

function phoneAt(path: string, action: ActionAfterSignIn = SAVE_AD) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/main/view-rent/:id" element={<Control action={action} />} />
        <Route path="/main/pros/:id" element={<Control action={action} />} />
        <Route path="/auth/login" element={<SignInPage />} />
      </Routes>
    </MemoryRouter>
  );
}

/** A visitor taps on PAGE and is led to sign in; then signs in. */
function tapAsVisitor() {
  holdSession(undefined);
  view.render(phoneAt(PAGE));
  act(() => view.container.querySelector('button')!.click());
  expect(view.container.querySelector('[data-testid="sign-in"]')?.textContent).toBe(PAGE);
  holdSession({ userId: 'someone', token: 'bs_x' });
}

const settle = () => act(() => Promise.resolve());

afterEach(() => {
  sessionStorage.clear();
  done = [];
});

describe('useActAfterSignIn', () => {
  it('leads a visitor to sign-in, and back on the page acts once for the person signed in', async () => {
    tapAsVisitor();
    expect(done).toEqual([]);
    await view.renderAsync(<div key="back">{phoneAt(PAGE)}</div>);
    await settle();
    expect(done).toEqual(['save by someone']);

    await view.renderAsync(<div key="later">{phoneAt(PAGE)}</div>);
    await settle();
    expect(done).toEqual(['save by someone']);
  });

  it('acts at once for someone signed in, keeping nothing', async () => {
    holdSession({ userId: 'someone', token: 'bs_x' });
    view.render(phoneAt(PAGE));
    act(() => view.container.querySelector('button')!.click());
    expect(done).toEqual(['tapped']);
    expect(sessionStorage.length).toBe(0);
  });

  it('does nothing for another action, or on another page', async () => {
    tapAsVisitor();
    await view.renderAsync(<div key="other-ad">{phoneAt(PAGE, { ...SAVE_AD, id: 'ad-2' })}</div>);
    await view.renderAsync(<div key="report">{phoneAt(PAGE, { type: 'report', kind: 'rent', targetId: 'ad-1' })}</div>);
    await view.renderAsync(<div key="elsewhere">{phoneAt('/main/pros/ad-1')}</div>);
    await settle();
    expect(done).toEqual([]);
  });
});
