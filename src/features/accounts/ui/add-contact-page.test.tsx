import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { AddContactPage } from './add-contact-page';
import { CodeField } from './code-field';
import { LINK_CODE_KEY, readPendingPhoneCode, rememberPendingPhoneCode } from './phone-code-state';
import { phoneRefusal, serverWords } from './phone-errors';

function stubSessionStorage(): void {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
}

/** A /main page as the signed-in guard renders it: the person's id in the outlet's context. */
function renderSignedIn(path: string): string {
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Outlet context={{ selfId: 'u1' }} />}>
            <Route path="/main/*" element={<AddContactPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

/** A Firebase error as the SDK makes it from a Google error answer ("CODE : words", or the code alone). */
const firebaseError = (code: string, words?: string) =>
  Object.assign(new Error(`Firebase: ${words ?? 'Error'} (${code}).`), { code });

describe('the code of a number added to an account (issue 40)', () => {
  beforeEach(() => stubSessionStorage());

  it('is kept apart from a sign-in code, and its page survives a reload', () => {
    const sent = { phoneNumber: '+8801712345678', verificationId: 'link-1', sentAt: Date.now() };
    rememberPendingPhoneCode(sent, LINK_CODE_KEY);
    expect(readPendingPhoneCode()).toBeUndefined();
    expect(readPendingPhoneCode(undefined, LINK_CODE_KEY)).toEqual(sent);

    const html = renderSignedIn('/main/add/phone/code');
    expect(html).toContain('We sent a 6-digit code by SMS to +880 1712-345678.');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain('href="/main/add/phone"'); // Change number: this flow's own number step
  });

  it('without a code on its way, asks for the number again', () => {
    expect(renderSignedIn('/main/add/phone/code')).not.toContain('one-time-code');
  });
});

describe('one code box for every code page', () => {
  it('reads the code a phone fills in from an SMS or a mail, six digits', () => {
    function Form() {
      const form = useForm({ defaultValues: { otp: '' } });
      return (
        <FormProvider {...form}>
          <CodeField />
        </FormProvider>
      );
    }
    const html = renderToStaticMarkup(<Form />);
    expect(html).toContain('name="otp"');
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('maxLength="6"');
    expect(html).toContain('autoComplete="one-time-code"');
  });
});

describe('refusals of an SMS code (issue 40)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it("says the server's own words when it refused past its limits, in the page's language", () => {
    const english = 'Too many codes sent to this number. Please try again in 42 minutes.';
    expect(phoneRefusal(firebaseError('auth/too-many-requests', english))).toEqual({ message: english });
    const bangla = 'এই নম্বরে অনেক বেশি কোড পাঠানো হয়েছে। অনুগ্রহ করে ৪২ মিনিট পরে আবার চেষ্টা করুন।';
    expect(phoneRefusal(firebaseError('auth/too-many-requests', bangla))).toEqual({ message: bangla });
  });

  it("says the page's own words when the answer had none", () => {
    expect(serverWords(firebaseError('auth/too-many-requests'))).toBeUndefined();
    expect(phoneRefusal(firebaseError('auth/too-many-requests'))?.message).toBe(
      'Too many codes or tries for now. Please wait a while, then ask for a new code.',
    );
    overwriteGetLocale(() => 'bn');
    expect(phoneRefusal(firebaseError('auth/too-many-requests'))?.message).not.toMatch(/Too many/);
  });

  it("keeps the page's words for other refusals, and says a number that is another account's", () => {
    expect(phoneRefusal(firebaseError('auth/invalid-verification-code', 'INVALID_CODE'))).toEqual({
      message: 'That code is not right. Check the SMS and type it again.',
      field: 'code',
    });
    expect(phoneRefusal(firebaseError('auth/credential-already-in-use'))?.message).toBe(
      'An account with this phone number already exists.',
    );
  });
});

describe('the notice before posting (issue 40)', () => {
  it('offers a verified e-mail or a verified phone number', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <VerifyEmailNotice userId="u1" toDo="post a rental ad" />
      </MemoryRouter>,
    );
    expect(html).toContain('Verify your email or phone number to post a rental ad.');
    expect(html).toContain('href="/auth/otp-validate/u1"');
    expect(html).toContain('href="/main/add/phone"');
  });
});
