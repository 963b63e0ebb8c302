import type { User } from 'firebase/auth';
import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '@/domain/user';
import {
  completeEmailAddition,
  completePhoneAddition,
  ProfileIncomplete,
  type ContactSteps,
} from './contact-additions';

const refusal = (status: number) =>
  new HTTPError(
    new Response(JSON.stringify({ success: false, message: 'refused' }), { status }),
    new Request('http://localhost/api/v1/x'),
    {} as NormalizedOptions,
  );

function fakeSteps(overrides: Partial<ContactSteps> = {}) {
  const getIdToken = vi.fn(async (forceRefresh?: boolean) => (forceRefresh ? 'fresh-token' : 'old-token'));
  const user = { getIdToken } as unknown as User;
  const steps = {
    linkPhoneCode: vi.fn(async () => user),
    linkEmailAndPassword: vi.fn(async () => user),
    unlinkProvider: vi.fn(async () => undefined),
    verifyPhone: vi.fn(async () => ({ message: 'Phone number verified.', user: undefined })),
    saveProfile: vi.fn(async () => record),
    generateOtp: vi.fn(async () => 'OTP sent'),
    ...overrides,
  } satisfies ContactSteps;
  return { steps, getIdToken };
}

const record: UserRecord = {
  _id: 'u1',
  name: 'Rahim Uddin',
  occupation: null,
  address: { street: 'Road 1', city: 'Dhaka', postalCode: '1205' },
  socialMedia: {},
  profileImage: null,
  isVerified: false,
  phoneVerified: true,
  createdAt: '2025-08-31T20:00:00.000Z',
  email: null,
  phoneNumber: '+880 1712-345678',
  gender: 'Male',
  nationality: 'Bangladeshi',
  dateOfBirth: '1990-08-15',
  status: 'active',
  language: 'en',
};

describe('adding a phone number to an account (issue 40)', () => {
  it('links the code in Firebase, then tells Basha with a fresh token that holds the number', async () => {
    const { steps, getIdToken } = fakeSteps();
    await expect(completePhoneAddition('u1', 'verification-1', '123456', steps)).resolves.toBe(
      'Phone number verified.',
    );
    expect(steps.linkPhoneCode).toHaveBeenCalledWith('verification-1', '123456');
    expect(getIdToken).toHaveBeenCalledWith(true);
    expect(steps.verifyPhone).toHaveBeenCalledWith('u1', 'fresh-token');
    expect(steps.unlinkProvider).not.toHaveBeenCalled();
  });

  it('takes the number off the Firebase user again when Basha refuses it, and keeps it when the network failed', async () => {
    const taken = refusal(409);
    let { steps } = fakeSteps({ verifyPhone: vi.fn(async () => Promise.reject(taken)) });
    await expect(completePhoneAddition('u1', 'v', '123456', steps)).rejects.toBe(taken);
    expect(steps.unlinkProvider).toHaveBeenCalledWith('phone');

    const offline = new TypeError('Failed to fetch');
    ({ steps } = fakeSteps({ verifyPhone: vi.fn(async () => Promise.reject(offline)) }));
    await expect(completePhoneAddition('u1', 'v', '123456', steps)).rejects.toBe(offline);
    expect(steps.unlinkProvider).not.toHaveBeenCalled();
  });

  it('asks Basha nothing when Firebase refuses the code', async () => {
    const wrongCode = Object.assign(new Error('Firebase: Error (auth/invalid-verification-code).'), {
      code: 'auth/invalid-verification-code',
    });
    const { steps } = fakeSteps({ linkPhoneCode: vi.fn(async () => Promise.reject(wrongCode)) });
    await expect(completePhoneAddition('u1', 'v', '000000', steps)).rejects.toBe(wrongCode);
    expect(steps.verifyPhone).not.toHaveBeenCalled();
  });
});

describe('adding an e-mail to an account made with a phone number (issue 40)', () => {
  it('links the address and password, saves the whole profile with it, then mails the code', async () => {
    const { steps } = fakeSteps();
    await completeEmailAddition(record, 'rahim@example.com', 'secret-123', steps);
    expect(steps.linkEmailAndPassword).toHaveBeenCalledWith('rahim@example.com', 'secret-123');
    expect(steps.saveProfile).toHaveBeenCalledWith(
      'u1',
      expect.objectContaining({ email: 'rahim@example.com', name: 'Rahim Uddin', phoneNumber: '+880 1712-345678' }),
    );
    expect(steps.generateOtp).toHaveBeenCalledWith('u1');
  });

  it('takes the password sign-in off again when Basha refuses the address; a code that cannot go is no failure', async () => {
    const taken = refusal(409);
    let { steps } = fakeSteps({ saveProfile: vi.fn(async () => Promise.reject(taken)) });
    await expect(completeEmailAddition(record, 'taken@example.com', 'secret-123', steps)).rejects.toBe(taken);
    expect(steps.unlinkProvider).toHaveBeenCalledWith('password');
    expect(steps.generateOtp).not.toHaveBeenCalled();

    ({ steps } = fakeSteps({ generateOtp: vi.fn(async () => Promise.reject(refusal(429))) }));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await expect(completeEmailAddition(record, 'rahim@example.com', 'secret-123', steps)).resolves.toBeUndefined();
    vi.mocked(console.info).mockRestore();
  });

  it('changes nothing when the stored profile does not pass the edit rules', async () => {
    const { steps } = fakeSteps();
    const incomplete = { ...record, nationality: '' };
    await expect(completeEmailAddition(incomplete, 'rahim@example.com', 'secret-123', steps)).rejects.toBeInstanceOf(
      ProfileIncomplete,
    );
    expect(steps.linkEmailAndPassword).not.toHaveBeenCalled();
  });
});
