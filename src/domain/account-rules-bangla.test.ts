import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { otpFormSchema, triesLeftText } from './otp';
import { newPasswordFormSchema } from './reset-password-form';
import { registrationFormSchema, toNewUser, type RegistrationFormInput } from './registration-form';
import { VALID_REGISTRATION_FORM } from './registration-form.fixtures';
import { newUserSchema } from './user';

// The same person, her words typed in Bangla.
const validForm: RegistrationFormInput = {
  ...VALID_REGISTRATION_FORM,
  name: 'আয়েশা রহমান',
  occupation: 'শিক্ষক',
  street: 'বাসা ১২, রোড ৫',
  city: 'ঢাকা',
};

function messagesFor<Schema extends v.GenericSchema>(schema: Schema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  return result.success ? {} : (v.flatten(result.issues).nested as Record<string, string[]>);
}

describe('the account rules in Bangla', () => {
  beforeEach(() => overwriteGetLocale(() => 'bn'));
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('refuse in Bangla, read when the rule fails', () => {
    const messages = messagesFor(registrationFormSchema, {
      ...validForm,
      name: '',
      confirmPassword: 'other1',
      day: '',
    });
    expect(messages.name).toEqual(['পুরো নাম দিতে হবে']);
    expect(messages.confirmPassword).toEqual(['পাসওয়ার্ড দুটি মেলেনি']);
    expect(messages.day?.[0]).toBe('জন্ম তারিখ দিতে হবে');
    expect(messagesFor(newPasswordFormSchema, { password: '12', confirmPassword: '12' }).password).toEqual([
      'পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে',
    ]);
  });

  it('speak English again once the page does', () => {
    overwriteGetLocale(() => 'en');
    expect(messagesFor(registrationFormSchema, { ...validForm, name: '' }).name).toEqual(['Full name is required']);
    expect(messagesFor(otpFormSchema, { otp: '12' }).otp).toEqual(['OTP must be 6 digits.']);
  });

  it('read a date of birth typed with Bangla digits as the same date', () => {
    const result = v.safeParse(registrationFormSchema, { ...validForm, day: '১৪', year: '১৯৯৪' });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const user = toNewUser(result.output, null);
    expect(user.dateOfBirth).toBe('1994-04-14');
    expect(v.safeParse(newUserSchema, user).success).toBe(true);
    expect(messagesFor(registrationFormSchema, { ...validForm, year: '২১০০' }).year).toEqual([
      'বছরটি ভবিষ্যতের হতে পারে না',
    ]);
  });

  it('read a code typed with Bangla digits as the same code', () => {
    expect(v.parse(otpFormSchema, { otp: '১২৩৪৫৬' })).toEqual({ otp: '123456' });
    expect(v.parse(otpFormSchema, { otp: ' 12৩4৫6 ' })).toEqual({ otp: '123456' });
    expect(messagesFor(otpFormSchema, { otp: '১২৩' }).otp).toEqual(['যাচাই কোড ৬ সংখ্যার হতে হবে।']);
  });

  it('count the tries left with Bangla digits, and in English with the right plural', () => {
    expect(triesLeftText(4)).toBe('আর ৪ বার চেষ্টা করতে পারবেন।');
    expect(triesLeftText(0)).toBe('আর চেষ্টা করা যাবে না। নতুন কোড চেয়ে নিন।');
    overwriteGetLocale(() => 'en');
    expect(triesLeftText(1)).toBe('1 try left.');
    expect(triesLeftText(4)).toBe('4 tries left.');
    expect(triesLeftText(0)).toBe('No tries left. Please request a new code.');
  });
});
