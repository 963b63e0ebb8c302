import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION_FORM,
  registrationFormSchema,
  toNewUser,
  type RegistrationFormInput,
} from './registration-form';
import { VALID_REGISTRATION_FORM } from './registration-form.fixtures';
import { newUserSchema } from './user';

const validForm = VALID_REGISTRATION_FORM;

/** The messages the schema gives for each field of the input. */
function messagesFor(input: RegistrationFormInput): Record<string, string[]> {
  const result = v.safeParse(registrationFormSchema, input);
  return result.success
    ? {}
    : (v.flatten<typeof registrationFormSchema>(result.issues).nested as Record<string, string[]>);
}

describe('registrationFormSchema', () => {
  it('accepts a complete form and normalises the e-mail', () => {
    const result = v.safeParse(registrationFormSchema, validForm);
    expect(result.success).toBe(true);
    if (result.success) expect(result.output.email).toBe('ayesha@example.com');
  });

  it('gives the spec messages for empty required fields', () => {
    const messages = messagesFor(EMPTY_REGISTRATION_FORM);
    expect(messages.name).toContain('Full name is required');
    expect(messages.email).toContain('Email and password are required');
    expect(messages.password).toContain('Email and password are required');
    expect(messages.phoneNumber).toContain('Phone number is required');
    expect(messages.gender).toContain('Gender is required');
    expect(messages.street).toContain('Street is required');
    expect(messages.city).toContain('City is required');
    expect(messages.postalCode).toContain('Postal code is required');
    expect(messages.occupation).toContain('Occupation is required');
    expect(messages.day).toContain('Date of birth is required');
  });

  it('refuses a bad e-mail, a short password, mismatched passwords and a phone with letters', () => {
    const messages = messagesFor({
      ...validForm,
      email: 'ayesha@example',
      password: 'abc',
      confirmPassword: 'abd',
      phoneNumber: '017-CALL-ME',
    });
    expect(messages.email).toContain('Please enter a valid email address');
    expect(messages.password).toContain('Password must be at least 6 characters long');
    expect(messages.phoneNumber).toContain('Please enter a valid phone number');
    expect(messagesFor({ ...validForm, confirmPassword: 'other1' }).confirmPassword).toContain(
      'Passwords do not match',
    );
  });

  it('checks the day range, the year range and that the date is real', () => {
    expect(messagesFor({ ...validForm, day: '32' }).day).toContain('Enter valid day (1-31)');
    expect(messagesFor({ ...validForm, year: '1899' }).year).toContain('Enter valid year (1900-2099)');
    expect(messagesFor({ ...validForm, year: String(new Date().getFullYear() + 1) }).year).toContain(
      'Year cannot be in the future',
    );
    expect(messagesFor({ ...validForm, day: '31', month: '4' }).day).toContain(
      'This date does not exist on the calendar',
    );
  });

  it('makes a create-new payload that the server schema accepts', () => {
    const form = v.parse(registrationFormSchema, { ...validForm, nid: '', facebook: 'https://facebook.com/ayesha' });
    const payload = toNewUser(form, '/uploads/profiles/0f8fad5b-d9cb-469f-a165-70867728950e.webp');
    expect(payload.dateOfBirth).toBe('1994-04-14');
    expect(payload.nid).toBeUndefined();
    expect(payload.socialMedia).toEqual({ facebook: 'https://facebook.com/ayesha' });
    expect(v.safeParse(newUserSchema, payload).success).toBe(true);
  });
});

describe('newUserSchema', () => {
  const payload = toNewUser(v.parse(registrationFormSchema, validForm), null);

  it('refuses fields a user may not set, such as isVerified', () => {
    expect(v.safeParse(newUserSchema, { ...payload, isVerified: true }).success).toBe(false);
  });

  it('refuses a profile image hosted anywhere but Basha', () => {
    expect(v.safeParse(newUserSchema, { ...payload, profileImage: 'https://evil.example/x.jpg' }).success).toBe(false);
  });

  it('refuses a date of birth in the future and a huge name', () => {
    expect(v.safeParse(newUserSchema, { ...payload, dateOfBirth: '2999-01-01' }).success).toBe(false);
    expect(v.safeParse(newUserSchema, { ...payload, name: 'x'.repeat(10_000) }).success).toBe(false);
  });
});
