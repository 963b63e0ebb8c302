// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holdSession } from '@/lib/session-cookies';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import { ReportButtonView } from './report-button';

/**
 * Act, then sign in, then carry on (issue 40, point 2): a visitor's Report leads to sign-in, and back on the page
 * the sheet opens by itself, once, for that item only.
 */

const AD = '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f';
const OTHER_AD = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PAGE = `/main/view-rent/${AD}`;

const view = mountForTest();

/** The sign-in page as a stand-in route: where the flag sent the visitor, and the page they are to come back to. */
function SignInPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p data-testid="sign-in">{from}</p>;
}

function phoneAt(path: string, targetId = AD) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/main/view-rent/:id"
          element={<ReportButtonView kind="rent" targetId={targetId} ownerId="owner-1" />}
        />
        <Route path="/auth/login" element={<SignInPage />} />
      </Routes>
    </MemoryRouter>
  );
}

const sheet = () => view.container.querySelector('dialog');

beforeAll(letJsdomOpenDialogs);
afterEach(() => sessionStorage.clear());

describe('Report, tapped by a visitor', () => {
  it('leads to sign-in, and back on the page the sheet opens by itself, once', async () => {
    holdSession(undefined);
    view.render(phoneAt(PAGE));
    act(() => view.container.querySelector<HTMLButtonElement>('button.report-flag')!.click());
    expect(view.container.querySelector('[data-testid="sign-in"]')?.textContent).toBe(PAGE);
    expect(sheet()).toBeNull();

    // Signed in, the app brings them back to the page.
    holdSession({ userId: 'someone', token: 'bs_x' });
    await view.renderAsync(<div key="back">{phoneAt(PAGE)}</div>);
    expect(sheet()).not.toBeNull();

    // Answered once: the page opened again later does not open the sheet again.
    await view.renderAsync(<div key="later">{phoneAt(PAGE)}</div>);
    expect(sheet()).toBeNull();
  });

  it('opens no sheet for another item than the one tapped', async () => {
    holdSession(undefined);
    view.render(phoneAt(PAGE));
    act(() => view.container.querySelector<HTMLButtonElement>('button.report-flag')!.click());

    holdSession({ userId: 'someone', token: 'bs_x' });
    await view.renderAsync(<div key="back">{phoneAt(PAGE, OTHER_AD)}</div>);
    expect(sheet()).toBeNull();
  });
});
