import * as v from 'valibot';
import { toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
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
  bdPhoneField,
  postalCodeField,
  requiredChoice,
  requiredText,
} from './fields';
import type { NewUser } from './user';

/** The registration form of /auth/register (accounts spec, sections 2 and 5), as react-hook-form holds it. */

// Messages are functions: a rule speaks the language of the moment it fails (docs/i18n.md).
export const EMAIL_AND_PASSWORD_REQUIRED = () => m.accounts_email_and_password_required();
export const DATE_OF_BIRTH_REQUIRED = () => m.accounts_birth_date_required();

export const passwordField = v.pipe(
  v.string(EMAIL_AND_PASSWORD_REQUIRED),
  v.nonEmpty(EMAIL_AND_PASSWORD_REQUIRED),
  v.minLength(PASSWORD_MIN_LENGTH, () => m.accounts_password_too_short()),
  v.maxLength(128, () => m.accounts_password_too_long()),
);

// The day and the year may be typed with Bangla digits (১৫, ১৯৯০): they are read as Latin ones.
const latinDigits = v.transform(toLatinDigits);

const dayField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  latinDigits,
  v.trim(),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check(
    (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 31,
    () => m.accounts_birth_day_invalid(),
  ),
);

const monthField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check(
    (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12,
    () => m.accounts_birth_month_required(),
  ),
);

const yearField = v.pipe(
  v.string(DATE_OF_BIRTH_REQUIRED),
  latinDigits,
  v.trim(),
  v.nonEmpty(DATE_OF_BIRTH_REQUIRED),
  v.check(
    (value) => /^\d{4}$/.test(value) && Number(value) >= MIN_BIRTH_YEAR,
    () => m.accounts_birth_year_invalid(),
  ),
  v.check(
    (value) => Number(value) <= new Date().getFullYear(),
    () => m.accounts_birth_year_in_future(),
  ),
);

/** What registration asks of everyone: the person, their address and links (accounts spec, section 5). */
const profileEntries = {
  name: nameText(() => m.accounts_full_name_required(), NAME_MAX_LENGTH),
  phoneNumber: bdPhoneField(() => m.accounts_phone_required()),
  nid: optionalText(NID_MAX_LENGTH),
  gender: requiredChoice(GENDERS, () => m.accounts_gender_required()),
  nationality: labelText(() => m.accounts_nationality_required(), SHORT_TEXT_MAX_LENGTH),
  occupation: labelText(() => m.accounts_occupation_required(), SHORT_TEXT_MAX_LENGTH),
  day: dayField,
  month: monthField,
  year: yearField,
  street: requiredText(() => m.accounts_street_required(), ADDRESS_MAX_LENGTH),
  city: requiredText(() => m.accounts_city_required(), SHORT_TEXT_MAX_LENGTH),
  postalCode: postalCodeField(() => m.accounts_postal_code_required()),
  facebook: optionalLink,
  instagram: optionalLink,
  linkedin: optionalLink,
};

type DateParts = { day: string; month: string; year: string };
const DATE_PATHS = [['day'], ['month'], ['year']] as const;

/** The date of birth is a real day of the calendar, and not after today; each said under the day. */
const onCalendar = (input: DateParts) => isRealCalendarDate(Number(input.year), Number(input.month), Number(input.day));
function notAfterToday(input: DateParts): boolean {
  const today = new Date();
  const todayIso = toIsoDate(today.getFullYear(), today.getMonth() + 1, today.getDate());
  return toIsoDate(Number(input.year), Number(input.month), Number(input.day)) <= todayIso;
}
const notOnCalendarMessage = () => m.accounts_birth_date_not_on_calendar();
const inFutureMessage = () => m.accounts_birth_date_in_future();

export const registrationFormSchema = v.pipe(
  v.object({
    ...profileEntries,
    email: emailField(EMAIL_AND_PASSWORD_REQUIRED),
    password: passwordField,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      () => m.accounts_passwords_do_not_match(),
    ),
    ['confirmPassword'],
  ),
  v.forward(v.partialCheck(DATE_PATHS, onCalendar, notOnCalendarMessage), ['day']),
  v.forward(v.partialCheck(DATE_PATHS, notAfterToday, inFutureMessage), ['day']),
);

/**
 * The registration of a number that signed in by SMS code (/auth/phone/register, issue 40): the same form without
 * e-mail and password. The number is the one Firebase verified, shown and not editable; the server holds it to the
 * token's number.
 */
export const phoneRegistrationFormSchema = v.pipe(
  v.object(profileEntries),
  v.forward(v.partialCheck(DATE_PATHS, onCalendar, notOnCalendarMessage), ['day']),
  v.forward(v.partialCheck(DATE_PATHS, notAfterToday, inFutureMessage), ['day']),
);

export type RegistrationFormInput = v.InferInput<typeof registrationFormSchema>;
export type RegistrationFormValues = v.InferOutput<typeof registrationFormSchema>;
export type PhoneRegistrationFormValues = v.InferOutput<typeof phoneRegistrationFormSchema>;

/** The body of POST /user/create-new as registration sends it: a phone account's has no e-mail (issue 40). */
export type NewUserBody = Omit<NewUser, 'email'> & { email?: string };

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

/** The create-new payload made from a valid form (either one) and the uploaded photo's URL (or null). */
export function toNewUser(
  form: PhoneRegistrationFormValues & { email?: string },
  profileImage: string | null,
): NewUserBody {
  const socialMedia = {
    ...(form.facebook ? { facebook: form.facebook } : {}),
    ...(form.instagram ? { instagram: form.instagram } : {}),
    ...(form.linkedin ? { linkedin: form.linkedin } : {}),
  };
  return {
    name: form.name,
    ...(form.email === undefined ? {} : { email: form.email }),
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
