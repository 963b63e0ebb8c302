import { EMPTY_REGISTRATION_FORM, type RegistrationFormInput } from './registration-form';

/** A registration form every rule accepts, typed as a person would (an address in capitals, a spaced phone number). */
export const VALID_REGISTRATION_FORM: RegistrationFormInput = {
  ...EMPTY_REGISTRATION_FORM,
  name: 'Ayesha Rahman',
  email: 'Ayesha@Example.com ',
  password: 'secret1',
  confirmPassword: 'secret1',
  phoneNumber: '+880 (1712) 345-678',
  gender: 'Female',
  nationality: 'Bangladeshi',
  occupation: 'Teacher',
  day: '14',
  month: '4',
  year: '1994',
  street: 'House 12, Road 5',
  city: 'Dhaka',
  postalCode: '1205',
};
