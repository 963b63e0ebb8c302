import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { editProfileSchema } from './profile-form';

const profile = {
  name: 'Rahima Begum',
  phoneNumber: '01711000001',
  dateOfBirth: '1989-09-04',
  gender: 'Female',
  nationality: 'Bangladeshi',
  address: { street: 'House 22, Road 4, Mirpur 2', city: 'Dhaka', postalCode: '1216' },
};

describe('the edit-profile body’s e-mail (issue 40)', () => {
  it('may be left out or empty: an account made with a phone number has none yet', () => {
    expect(v.parse(editProfileSchema, profile).email).toBeUndefined();
    expect(v.parse(editProfileSchema, { ...profile, email: '  ' }).email).toBeUndefined();
  });

  it('is checked and lower-cased when given', () => {
    expect(v.parse(editProfileSchema, { ...profile, email: ' Rahima@Example.com ' }).email).toBe('rahima@example.com');
    const refused = v.safeParse(editProfileSchema, { ...profile, email: 'not-an-address' });
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0]?.path?.[0]?.key).toBe('email');
  });
});
