import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { EMPTY_LANDING_FEEDBACK, landingFeedbackSchema } from './landing-feedback-form';

const valid = {
  name: 'Farhana',
  email: 'farhana@example.com',
  contact: '+880 1712-345678',
  subject: 'Great app',
  message: 'Found a tutor for my son in a day.',
};

function messages(input: unknown): Record<string, string[] | undefined> {
  const result = v.safeParse(landingFeedbackSchema, input);
  return result.success ? {} : (v.flatten<typeof landingFeedbackSchema>(result.issues).nested ?? {});
}

describe('landingFeedbackSchema', () => {
  it('accepts a complete message', () => {
    expect(v.safeParse(landingFeedbackSchema, valid).success).toBe(true);
  });

  it('gives a required message for every empty field', () => {
    const found = messages(EMPTY_LANDING_FEEDBACK);
    expect(found.name).toEqual(['Name is required']);
    expect(found.email?.[0]).toBe('Email is required');
    expect(found.contact?.[0]).toBe('Contact number is required');
    expect(found.subject).toEqual(['Subject is required']);
    expect(found.message?.[0]).toBe('Message is required');
  });

  it('wants an e-mail ending in 2 to 4 letters', () => {
    expect(messages({ ...valid, email: 'a@b.c' }).email).toEqual(['Please enter a valid email address']);
    expect(messages({ ...valid, email: 'a@b.museum' }).email).toEqual(['Please enter a valid email address']);
    expect(messages({ ...valid, email: 'a@b.info' }).email).toBeUndefined();
  });

  it('allows only digits, plus, hyphen, spaces and parentheses in the contact number', () => {
    expect(messages({ ...valid, contact: 'call me' }).contact).toEqual(['Please enter a valid phone number']);
    expect(messages({ ...valid, contact: '(02) 955-1234' }).contact).toBeUndefined();
  });

  it('wants a message of at least 10 characters', () => {
    expect(messages({ ...valid, message: 'Too short' }).message).toEqual(['Message must be at least 10 characters']);
    expect(messages({ ...valid, message: 'Just right' }).message).toBeUndefined();
  });

  it('refuses unknown fields, so the server stores only the form', () => {
    expect(v.safeParse(landingFeedbackSchema, { ...valid, admin: true }).success).toBe(false);
  });
});

describe('landingFeedbackSchema in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('takes a contact number typed in Bangla digits as the same number', () => {
    const result = v.safeParse(landingFeedbackSchema, { ...valid, contact: '+৮৮০ ১৭১২-৩৪৫৬৭৮' });
    expect(result.success && result.output.contact).toBe('+880 1712-345678');
    expect(messages({ ...valid, contact: '০১৭১২ ৩৪৫৬৭৮' }).contact).toBeUndefined();
    expect(messages({ ...valid, contact: 'ফোন' }).contact).toEqual(['Please enter a valid phone number']);
  });

  it('says what is wrong in the language of the moment the rule fails, with Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    const found = messages(EMPTY_LANDING_FEEDBACK);
    expect(found.name).toEqual(['আপনার নাম লিখুন']);
    expect(found.contact?.[0]).toBe('ফোন নম্বর লিখুন');
    expect(messages({ ...valid, message: 'ছোট' }).message).toEqual(['বার্তা অন্তত ১০ অক্ষরের হতে হবে']);
    overwriteGetLocale(() => 'en');
    expect(messages({ ...valid, message: 'Too short' }).message).toEqual(['Message must be at least 10 characters']);
  });
});
