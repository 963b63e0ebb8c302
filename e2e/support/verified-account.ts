import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { signUpIdentity } from './identity';
import { readOtp } from './mailbox';
import { newPhoneNumber, phoneSignInByApi } from './sms-codes';
import { BASE_URL } from './stack';

/** What a test chooses of a new person's profile; `nid` is left out unless given. */
interface AccountProfile {
  occupation: string;
  gender: string;
  nid?: string;
  phoneNumber?: string;
  street?: string;
}

/** A new person with a verified e-mail, who may post (issue 17): see createAccount. */
export function createVerifiedAccount(label: string, profile: AccountProfile) {
  return createAccount(label, profile, { verified: true });
}

/**
 * A new person made through the real API as the app would: a Firebase account, the Basha profile, a session
 * (`session`, the token for calling the API as them), and (with `verified`) the mailed code entered.
 */
export async function createAccount(label: string, profile: AccountProfile, options: { verified: boolean }) {
  const tag = randomUUID().slice(0, 8);
  const email = `${label}.${tag}@example.com`;
  const password = `pass-${tag}`;
  const name = `Provider ${tag}`;
  const { idToken } = await signUpIdentity(email, password);
  const created = await call('POST', '/user/create-new', idToken, {
    name,
    email,
    phoneNumber: profile.phoneNumber ?? '+880 1712 345678',
    gender: profile.gender,
    nationality: 'Bangladeshi',
    occupation: profile.occupation,
    dateOfBirth: '1990-04-14',
    ...(profile.nid ? { nid: profile.nid } : {}),
    address: { street: profile.street ?? 'House 12, Road 5, Dhanmondi', city: 'Dhaka', postalCode: '1205' },
  });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const signedIn = await call('POST', `/user/sign-in-token/${id}`, idToken);
  expect(signedIn.status).toBe(200);
  const session = ((await signedIn.json()) as { data: string }).data;
  if (!options.verified) return { id, email, password, name, tag, session };
  expect((await call('PATCH', `/user/generate-otp/${id}`, session)).status).toBe(200);
  const verified = await call('POST', `/user/validate-otp/${id}`, session, { otp: await readOtp(email) });
  expect(verified.status).toBe(200);
  return { id, email, password, name, tag, session };
}

/**
 * A new person who signed up with a phone number only (issue 40): a Firebase phone account made at the emulator (one
 * SMS code, read from its list) and the Basha profile, without an e-mail. The number is verified by that sign-in.
 */
export async function createPhoneAccount(label: string) {
  const phone = newPhoneNumber();
  const { idToken } = await phoneSignInByApi(phone.e164);
  const name = `${label} ${phone.national.slice(-4)}`;
  const created = await call('POST', '/user/create-new', idToken, {
    name,
    gender: 'Female',
    nationality: 'Bangladeshi',
    occupation: 'Teacher',
    dateOfBirth: '1992-08-01',
    address: { street: 'House 3, Road 7, Mirpur', city: 'Dhaka', postalCode: '1216' },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { id: ((await created.json()) as { data: { _id: string } }).data._id, name, phone };
}

function call(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${BASE_URL}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}
