import * as v from 'valibot';
import {
  ADDRESS_MAX_LENGTH,
  GENDERS,
  MIN_BIRTH_YEAR,
  NAME_MAX_LENGTH,
  NID_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SHORT_TEXT_MAX_LENGTH,
} from './constants';
import { isRealCalendarDate, toIsoDate } from './date-of-birth';
import {
  emailField,
  labelText,
  nameText,
  optionalLink,
  optionalText,
  phoneField,
  requiredChoice,
  requiredText,
} from './fields';
import type { NewUser } from './user';

/** The registration form of /auth/register (accounts spec, sections 2 and 5), as react-hook-form holds it. */

export const EMAIL_AND_PASSWORD_REQUIRED = 'Email and password are required';
export const DATE_OF_BIRTH_REQUIRED = 'Date of birth is required';

export const passwordField = v.pipe(
  v.string(EMAIL_AND_PASSWORD_REQUIRED),
  v.nonEmpty(EMAIL_AND_PASSWORD_REQUIRED),
  v.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long'),
  v.maxLength(128, 'Password is too long'),
);

const dayField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  v.trim(),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 31, 'Enter valid day (1-31)'),
);

const monthField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12, 'Please select a month'),
);

const yearField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  v.trim(),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check((value) => /^\d{4}$/.test(value) && Number(value) >= MIN_BIRTH_YEAR, 'Enter valid year (1900-2099)'),
  v.check((value) => Number(value) <= new Date().getFullYear(), 'Year cannot be in the future'),
);

export const registrationFormSchema = v.pipe(
  v.object({
    name: nameText('Full name is required', NAME_MAX_LENGTH),
    email: emailField(EMAIL_AND_PASSWORD_REQUIRED),
    password: passwordField,
    confirmPassword: v.string(),
    phoneNumber: phoneField('Phone number is required'),
    nid: optionalText(NID_MAX_LENGTH),
    gender: requiredChoice(GENDERS, 'Gender is required'),
    nationality: labelText('Nationality is required', SHORT_TEXT_MAX_LENGTH),
    occupation: labelText('Occupation is required', SHORT_TEXT_MAX_LENGTH),
    day: dayField,
    month: monthField,
    year: yearField,
    street: requiredText('Street is required', ADDRESS_MAX_LENGTH),
    city: requiredText('City is required', SHORT_TEXT_MAX_LENGTH),
    postalCode: requiredText('Postal code is required', SHORT_TEXT_MAX_LENGTH),
    facebook: optionalLink,
    instagram: optionalLink,
    linkedin: optionalLink,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['day'], ['month'], ['year']],
      (input) => isRealCalendarDate(Number(input.year), Number(input.month), Number(input.day)),
      'This date does not exist on the calendar',
    ),
    ['day'],
  ),
  v.forward(
    v.partialCheck(
      [['day'], ['month'], ['year']],
      (input) => {
        const today = new Date();
        const todayIso = toIsoDate(today.getFullYear(), today.getMonth() + 1, today.getDate());
        return toIsoDate(Number(input.year), Number(input.month), Number(input.day)) <= todayIso;
      },
      'Date of birth cannot be in the future',
    ),
    ['day'],
  ),
);

export type RegistrationFormInput = v.InferInput<typeof registrationFormSchema>;
export type RegistrationFormValues = v.InferOutput<typeof registrationFormSchema>;

export const EMPTY_REGISTRATION_FORM: RegistrationFormInput = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  phoneNumber: '',
  nid: '',
  gender: '',
  nationality: 'Bangladeshi',
  occupation: '',
  day: '',
  month: '',
  year: '',
  street: '',
  city: '',
  postalCode: '',
  facebook: '',
  instagram: '',
  linkedin: '',
};

/** The create-new payload made from a valid form and the uploaded photo's URL (or null). */
export function toNewUser(form: RegistrationFormValues, profileImage: string | null): NewUser {
  const socialMedia = {
    ...(form.facebook ? { facebook: form.facebook } : {}),
    ...(form.instagram ? { instagram: form.instagram } : {}),
    ...(form.linkedin ? { linkedin: form.linkedin } : {}),
  };
  return {
    name: form.name,
    email: form.email,
    phoneNumber: form.phoneNumber,
    ...(form.nid ? { nid: form.nid } : {}),
    gender: form.gender,
    nationality: form.nationality,
    occupation: form.occupation,
    dateOfBirth: toIsoDate(Number(form.year), Number(form.month), Number(form.day)),
    address: { street: form.street, city: form.city, postalCode: form.postalCode },
    socialMedia,
    profileImage,
  };
}
