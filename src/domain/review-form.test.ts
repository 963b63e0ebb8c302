import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { reviewFormSchema, reviewPayloadSchema } from './review-form';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
};

describe('reviewFormSchema', () => {
  const valid = { serviceId: 'abc', rating: 4, feedback: 'Quick and tidy work.' };

  it('accepts a whole-number rating from 1 to 5 with feedback', () => {
    for (const rating of [1, 2, 3, 4, 5])
      expect(v.safeParse(reviewFormSchema, { ...valid, rating }).success).toBe(true);
  });

  it('refuses ratings 0, 6 and 2.5', () => {
    for (const rating of [0, 6, 2.5]) {
      expect(firstMessage(reviewFormSchema, { ...valid, rating })).toBe('Rating must be between 1 and 5.');
    }
  });

  it('asks for a service, a rating and 10 to 500 characters of feedback', () => {
    expect(firstMessage(reviewFormSchema, { ...valid, serviceId: '' })).toBe('Please select a service category.');
    expect(firstMessage(reviewFormSchema, { ...valid, rating: undefined })).toBe('Please give a rating.');
    expect(firstMessage(reviewFormSchema, { ...valid, feedback: 'Too short' })).toBe(
      'Feedback must be at least 10 characters.',
    );
    expect(firstMessage(reviewFormSchema, { ...valid, feedback: 'x'.repeat(501) })).toBe(
      'Feedback cannot exceed 500 characters.',
    );
  });
});

describe('reviewPayloadSchema', () => {
  it('refuses unknown fields', () => {
    expect(v.safeParse(reviewPayloadSchema, { rating: 5, feedback: 'Very good service.', extra: 1 }).success).toBe(
      false,
    );
  });
});

describe('in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('gives its messages in Bangla, with Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    const valid = { serviceId: 'abc', rating: 4, feedback: 'Quick and tidy work.' };
    expect(firstMessage(reviewFormSchema, { ...valid, rating: 6 })).toBe('রেটিং ১ থেকে ৫-এর মধ্যে হতে হবে।');
    expect(firstMessage(reviewFormSchema, { ...valid, feedback: 'ছোট' })).toBe('মতামত অন্তত ১০ অক্ষরের হতে হবে।');
    expect(firstMessage(reviewFormSchema, { ...valid, serviceId: '' })).toBe('একটি সেবা বেছে নিন।');
  });
});
