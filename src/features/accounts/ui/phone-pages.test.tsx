import type { User } from 'firebase/auth';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_WAIT_MS } from '@/domain/constants';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { LoginPage } from './login-page';
import { PhoneCodePage } from './phone-code-page';
import { PENDING_CODE_KEPT_MS, readPendingPhoneCode, rememberPendingPhoneCode } from './phone-code-state';
import { PhonePage } from './phone-page';
import { RegisterPage, RegistrationForm } from './register-page';

/** A tab's sessionStorage, fresh for each test (Vitest restores the global after it). */
function stubSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}

function render(page: React.ReactNode, path = '/'): string {
  return renderToStaticMarkup(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </Provider>,
  );
}

const SENT = { phoneNumber: '+8801712345678', verificationId: 'verification-1' };

describe('the phone code page after a reload (issue 40)', () => {
  beforeEach(() => stubSessionStorage());
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('keeps the number and the verification id for the tab, for an hour at most', () => {
    const now = Date.now();
    rememberPendingPhoneCode({ ...SENT, sentAt: now - 1000 });
    expect(readPendingPhoneCode(now)).toEqual({ ...SENT, sentAt: now - 1000 });
    expect(readPendingPhoneCode(now - 1000 + PENDING_CODE_KEPT_MS + 1)).toBeUndefined();
    expect(readPendingPhoneCode(now - 2000)).toBeUndefined(); // sent "in the future": a changed clock
    rememberPendingPhoneCode(undefined);
    expect(readPendingPhoneCode(now)).toBeUndefined();
    sessionStorage.setItem('basha.phoneCode', '{"phoneNumber":1}');
    expect(readPendingPhoneCode(now)).toBeUndefined();
  });

  it('shows the code box for the number the code went to, and a new code only after the wait', () => {
    rememberPendingPhoneCode({ ...SENT, sentAt: Date.now() });
    let html = render(<PhoneCodePage />, '/auth/phone/code');
    expect(html).toContain('We sent a 6-digit code by SMS to +880 1712-345678.');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toMatch(/You can request a new code in \d+s/);
    expect(html).not.toContain('Send a new code');

    rememberPendingPhoneCode({ ...SENT, sentAt: Date.now() - OTP_RESEND_WAIT_MS - 1000 });
    html = render(<PhoneCodePage />, '/auth/phone/code');
    expect(html).toContain('Send a new code');
  });

  it('speaks Bangla on a Bangla page, the number in Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    rememberPendingPhoneCode({ ...SENT, sentAt: Date.now() });
    const html = render(<PhoneCodePage />, '/auth/phone/code');
    expect(html).toContain('+৮৮০ ১৭১২-৩৪৫৬৭৮ নম্বরে এসএমএসে ৬ সংখ্যার একটি কোড পাঠিয়েছি।');
    expect(html).toContain('নম্বর বদলান');
  });

  it('shows no code box without a code on its way (the number page comes instead)', () => {
    expect(render(<PhoneCodePage />, '/auth/phone/code')).not.toContain('one-time-code');
  });
});

describe('the way to phone sign-in', () => {
  beforeEach(() => stubSessionStorage());
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('is offered on the sign-in and register pages, in both languages', () => {
    expect(render(<LoginPage />)).toContain('href="/auth/phone"');
    expect(render(<LoginPage />)).toContain('Continue with phone number');
    expect(render(<RegisterPage />)).toContain('Continue with phone number');
    overwriteGetLocale(() => 'bn');
    expect(render(<LoginPage />)).toContain('ফোন নম্বর দিয়ে চালিয়ে যান');
  });

  it('asks for a mobile number as a phone keyboard types it', () => {
    const html = render(<PhonePage />, '/auth/phone');
    expect(html).toMatch(/<input[^>]*type="tel" autoComplete="tel" inputMode="tel"[^>]*name="phoneNumber"/);
    expect(html).toContain('A Bangladesh mobile number, like 01712-345678');
  });

  it('registers a verified number without e-mail or password, the number shown and not editable', () => {
    const user = { phoneNumber: '+8801712345678' } as User;
    const html = render(<RegistrationForm phone={{ user, phoneNumber: '+8801712345678' }} />);
    expect(html).not.toContain('type="email"');
    expect(html).not.toContain('type="password"');
    // (The form fills the number in once mounted: react-hook-form's fields are uncontrolled.)
    expect(html).toMatch(/Mobile number \(verified\)<\/label><input[^>]*type="tel" readOnly="" name="phoneNumber"/);
    expect(html).not.toContain('Continue with phone number');
  });
});
