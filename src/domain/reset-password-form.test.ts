import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema, resetPasswordBodySchema } from './reset-password-form';

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0]?.message;
};

describe('newPasswordFormSchema', () => {
  it('asks for a password, with the registration rules, and the same again', () => {
    expect(firstMessage(newPasswordFormSchema, { password: '', confirmPassword: '' })).toBe('Password is required');
    expect(firstMessage(newPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(firstMessage(newPasswordFormSchema, { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) })).toBe(
      'Password is too long',
    );
    expect(firstMessage(newPasswordFormSchema, { password: 'secret-1', confirmPassword: 'secret-2' })).toBe(
      'Passwords do not match',
    );
    expect(firstMessage(newPasswordFormSchema, { password: 'secret-1', confirmPassword: 'secret-1' })).toBeUndefined();
  });
});

describe('resetPasswordBodySchema', () => {
  it('takes one valid address, lower-cased, and nothing else', () => {
    expect(v.parse(resetPasswordBodySchema, { email: ' Someone@Example.COM ' })).toEqual({
      email: 'someone@example.com',
    });
    expect(firstMessage(resetPasswordBodySchema, { email: 'no-at-sign' })).toBe('Please enter a valid email address');
    expect(v.safeParse(resetPasswordBodySchema, { email: 'a@b.co', extra: 1 }).success).toBe(false);
  });
});
