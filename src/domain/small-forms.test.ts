import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { profileImageProblem } from './image-file';
import { loginFormSchema } from './login-form';
import { otpFormSchema } from './otp';
import { PHONE_PATTERN } from './patterns';
import { resetPasswordFormSchema } from './reset-password-form';

function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
}

describe('otpFormSchema', () => {
  it('requires a code of exactly six digits', () => {
    expect(firstMessage(otpFormSchema, { otp: '' })).toBe('OTP is required');
    expect(firstMessage(otpFormSchema, { otp: '12345' })).toBe('OTP must be 6 digits.');
    expect(firstMessage(otpFormSchema, { otp: '12345a' })).toBe('OTP must be 6 digits.');
    expect(firstMessage(otpFormSchema, { otp: '1234567' })).toBe('OTP must be 6 digits.');
    expect(firstMessage(otpFormSchema, { otp: ' 123456 ' })).toBeUndefined();
  });
});

describe('loginFormSchema', () => {
  it('needs both e-mail and password', () => {
    expect(firstMessage(loginFormSchema, { email: '', password: '' })).toBe('Email and password are required');
    expect(firstMessage(loginFormSchema, { email: 'a@b.co', password: '12345' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(firstMessage(loginFormSchema, { email: 'a@b.co', password: '123456' })).toBeUndefined();
  });
});

describe('resetPasswordFormSchema', () => {
  it('gives the reset screen messages', () => {
    expect(firstMessage(resetPasswordFormSchema, { email: '' })).toBe('Email is required.');
    expect(firstMessage(resetPasswordFormSchema, { email: 'nobody' })).toBe('Please enter a valid email address');
  });
});

describe('PHONE_PATTERN', () => {
  it('allows digits, plus, hyphen, spaces and parentheses, with at least one digit', () => {
    expect(PHONE_PATTERN.test('+880 (1712) 345-678')).toBe(true);
    expect(PHONE_PATTERN.test('()- +')).toBe(false);
    expect(PHONE_PATTERN.test('01712abc')).toBe(false);
  });
});

describe('profileImageProblem', () => {
  it('accepts JPG, PNG and WEBP under 5MB', () => {
    expect(profileImageProblem({ type: 'image/png', size: 1024 })).toBeUndefined();
    expect(profileImageProblem({ type: 'image/webp', size: 5 * 1024 * 1024 - 1 })).toBeUndefined();
  });

  it('refuses other types and files of 5MB or more', () => {
    expect(profileImageProblem({ type: 'application/pdf', size: 10 })).toBe('Please select a valid image file');
    expect(profileImageProblem({ type: 'image/gif', size: 10 })).toBe('Please select a valid image file');
    expect(profileImageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBe(
      'Image size should be less than 5MB',
    );
  });
});
