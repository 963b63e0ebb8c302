import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { bdMobileProblem, bdPhoneToE164, phoneSignInFormSchema } from './phone-sign-in';
import {
  phoneRegistrationFormSchema,
  registrationFormSchema,
  toNewUser,
  type PhoneRegistrationFormValues,
} from './registration-form';
import { VALID_REGISTRATION_FORM } from './registration-form.fixtures';

/** The number the form keeps, or its field's first message. */
function read(typed: string): { number?: string; message?: string } {
  const result = v.safeParse(phoneSignInFormSchema, { phoneNumber: typed });
  return result.success ? { number: result.output.phoneNumber } : { message: result.issues[0].message };
}

describe('the phone sign-in number (issue 40)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('reads every usual way of typing a BD mobile number, Bangla digits too, as E.164 for Firebase', () => {
    for (const typed of ['01712-345678', '+880 1712 345678', '০১৭১২৩৪৫৬৭৮', '+৮৮০ ১৭১২-৩৪৫৬৭৮', '8801712345678']) {
      expect(read(typed), typed).toEqual({ number: '+8801712345678' });
      expect(bdPhoneToE164(typed), typed).toBe('+8801712345678');
    }
    expect(bdPhoneToE164('029551234')).toBeUndefined();
  });

  it('tells a number of another country, a landline and anything else apart, each with its own message', () => {
    expect(bdMobileProblem('+44 20 7946 0958')).toBe('other-country');
    expect(bdMobileProblem('0044 20 7946 0958')).toBe('other-country');
    expect(bdMobileProblem('+1 415 555 2671')).toBe('other-country');
    expect(bdMobileProblem('02-9551234')).toBe('landline');
    expect(bdMobileProblem('+880 2 9551234')).toBe('landline');
    expect(bdMobileProblem('০২-৯৫৫১২৩৪')).toBe('landline');
    expect(bdMobileProblem('0171234567')).toBe('not-mobile'); // a digit short
    expect(bdMobileProblem('01212345678')).toBe('not-mobile'); // no such operator
    expect(bdMobileProblem('call me')).toBe('not-mobile');
    expect(bdMobileProblem('01712345678')).toBeUndefined();

    expect(read('+44 20 7946 0958')).toEqual({ message: 'Only Bangladesh mobile numbers (+880) can be used here.' });
    expect(read('02-9551234')).toEqual({
      message: 'This is a landline number. Enter a mobile number, like 01712-345678.',
    });
    expect(read('0171234567')).toEqual({ message: 'Enter a Bangladesh mobile number, like 01712-345678' });
    expect(read('')).toEqual({ message: 'Phone number is required' });
    expect(read('017-CALL-ME')).toEqual({ message: 'Please enter a valid phone number' });
  });

  it('says so in Bangla on a Bangla page', () => {
    overwriteGetLocale(() => 'bn');
    expect(read('০২-৯৫৫১২৩৪').message).toBe('এটি ল্যান্ডফোনের নম্বর। মোবাইল নম্বর লিখুন, যেমন ০১৭১২-৩৪৫৬৭৮।');
    expect(read('+44 20 7946 0958').message).toBe('এখানে শুধু বাংলাদেশের (+৮৮০) মোবাইল নম্বর ব্যবহার করা যায়।');
  });
});

describe('the registration of a verified number', () => {
  const { email: _email, password: _password, confirmPassword: _confirm, ...phoneForm } = VALID_REGISTRATION_FORM;

  it('asks for neither e-mail nor password, and sends none', () => {
    const result = v.safeParse(phoneRegistrationFormSchema, { ...phoneForm, phoneNumber: '+৮৮০ ১৭১২-৩৪৫৬৭৮' });
    expect(result.success).toBe(true);
    const values = result.output as PhoneRegistrationFormValues;
    expect(values.phoneNumber).toBe('+880 1712-345678');
    const body = toNewUser(values, null);
    expect(body).not.toHaveProperty('email');
    expect(body.phoneNumber).toBe('+880 1712-345678');
    // The e-mail form still needs both.
    expect(
      v.safeParse(registrationFormSchema, { ...phoneForm, email: '', password: '', confirmPassword: '' }).success,
    ).toBe(false);
  });

  it('keeps the date of birth rules', () => {
    const result = v.safeParse(phoneRegistrationFormSchema, { ...phoneForm, day: '31', month: '2' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0].path?.[0]?.key).toBe('day');
  });
});
