import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { sessionAtom, type SessionState } from '../session/session-atoms';
import { firebaseMessage } from './auth-errors';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { RegistrationProgress } from './registration-steps';

function render(page: React.ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{page}</MemoryRouter>);
}

/** The sign-in page as the app shows it in `session`. */
function signInPageIn(session: SessionState): string {
  const store = createStore();
  store.set(sessionAtom, session);
  return renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('the sign-in page after a session ended elsewhere', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('says why when a password change on another device signed the person out, in both languages', () => {
    const changed: SessionState = { status: 'signed-out', reason: 'password-changed' };
    expect(signInPageIn(changed)).toContain(
      'You were signed out because your password was changed on another device. Please sign in with the new password.',
    );
    overwriteGetLocale(() => 'bn');
    expect(signInPageIn(changed)).toContain(
      'অন্য একটি ডিভাইসে আপনার পাসওয়ার্ড বদলানো হয়েছে, তাই আপনাকে সাইন আউট করা হয়েছে।',
    );
  });

  it('says nothing of it after an ordinary sign-out', () => {
    expect(signInPageIn({ status: 'signed-out' })).not.toContain('signed out because');
  });
});

describe('the account pages in Bangla', () => {
  beforeEach(() => overwriteGetLocale(() => 'bn'));
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('show the registration form in Bangla, with the months in Bangla', () => {
    const html = render(<RegisterPage />);
    expect(html).toContain('আপনার বাসা অ্যাকাউন্ট খুলুন');
    expect(html).toContain('জন্ম তারিখ');
    expect(html).toContain('<option value="1">জানুয়ারি</option>');
    expect(html).toContain('<option value="12">ডিসেম্বর</option>');
    expect(html).toContain('অ্যাকাউন্ট খুলুন</button>');
    expect(html).not.toContain('January');
    expect(html).not.toContain('Create Account');
  });

  it('show the sign-in page in Bangla', () => {
    const html = render(<LoginPage />);
    expect(html).toContain('আবার স্বাগতম');
    expect(html).toContain('পাসওয়ার্ড ভুলে গেছেন?');
    expect(html).not.toContain('Welcome back');
  });

  it('name the registration steps in Bangla', () => {
    const html = render(<RegistrationProgress current="saving" withPhoto={false} />);
    expect(html).toContain('aria-label="নিবন্ধনের অগ্রগতি"');
    expect(html).toContain('আপনার তথ্য সংরক্ষণ হচ্ছে');
    expect(html).not.toContain('প্রোফাইল ছবি আপলোড হচ্ছে');
  });

  it('say Firebase errors in the language of the moment', () => {
    const error = { code: 'auth/invalid-credential' };
    expect(firebaseMessage(error)).toBe('সাইন ইন হয়নি। ইমেইল ও পাসওয়ার্ড আবার দেখে নিন।');
    overwriteGetLocale(() => 'en');
    expect(firebaseMessage(error)).toBe('Firebase login failed. Check your credentials again.');
    expect(firebaseMessage({ code: 'toString' })).toBeUndefined();
  });

  it('keep the spec’s English on English pages', () => {
    overwriteGetLocale(() => 'en');
    const html = render(<RegisterPage />);
    expect(html).toContain('Create your Basha account');
    expect(html).toContain('<option value="1">January</option>');
    expect(render(<RegistrationProgress current="completed" withPhoto />)).toContain('Registration completed');
  });
});
