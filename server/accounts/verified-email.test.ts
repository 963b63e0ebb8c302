import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_CODE, emailNotVerifiedMessage } from '../../src/domain/email-verification';
import { databaseSnapshot, onePixelPng, validService } from '../security/bad-input-support';
import {
  createTestContext,
  latestOtp,
  newRentAdPayload,
  registerUser,
  signIn,
  type RegisteredUser,
  type TestContext,
} from '../test/test-app';

/**
 * Posting needs a proven e-mail (issue 17, point 4): an unverified account gets 403 with the code that leads the
 * app to the verification page, on every posting endpoint and the photo uploads for them, and nothing is written;
 * after entering the mailed code the same calls go through.
 */

let t: TestContext;
let newcomer: RegisteredUser & { session: string };
let provider: RegisteredUser & { session: string };
let serviceId: string;

const photoForm = (field: string) => {
  const form = new FormData();
  form.append(field, onePixelPng());
  return form;
};

const rentAd = () => newRentAdPayload(['/uploads/rent/00000000-0000-4000-8000-000000000000.webp']);

const postingCalls = () =>
  [
    ['POST /rent/create', 'POST', '/api/v1/rent/create', { json: rentAd() }],
    [
      'POST /profession/create-profile',
      'POST',
      `/api/v1/profession/create-profile/${newcomer.id}`,
      { json: validService() },
    ],
    [
      'POST /profession/add-feedback',
      'POST',
      `/api/v1/profession/add-feedback/${serviceId}`,
      { json: { rating: 1, feedback: 'Never came, never called back.' } },
    ],
    ['POST /image/upload-properties', 'POST', '/api/v1/image/upload-properties', { body: photoForm('propertyImage') }],
    ['POST /image/upload-services', 'POST', '/api/v1/image/upload-services', { body: photoForm('serviceImages') }],
  ] as const;

beforeAll(async () => {
  t = await createTestContext();
  const newcomerUser = await registerUser(t, 'unproven', { verified: false });
  newcomer = { ...newcomerUser, session: await signIn(t, newcomerUser) };
  const providerUser = await registerUser(t, 'reviewed');
  provider = { ...providerUser, session: await signIn(t, providerUser) };
  const service = await t.request<{ _id: string }>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
    token: provider.session,
    json: validService(),
  });
  serviceId = service.body.data?._id ?? '';
});
afterAll(() => t.close());

describe('an account without a verified e-mail', () => {
  const names = [
    'POST /rent/create',
    'POST /profession/create-profile',
    'POST /profession/add-feedback',
    'POST /image/upload-properties',
    'POST /image/upload-services',
  ];
  it.each(names.map((name, index) => [name, index] as const))(
    'is refused %s with 403 and the code that leads to verification, and nothing changes',
    async (_name, index) => {
      const [name, method, path, options] = postingCalls()[index]!;
      expect(name).toBe(names[index]);
      const before = await databaseSnapshot(t.db);
      const response = await t.request(method, path, { token: newcomer.session, ...options });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        success: false,
        message: emailNotVerifiedMessage(),
        code: EMAIL_NOT_VERIFIED_CODE,
      });
      expect(await databaseSnapshot(t.db)).toBe(before);
    },
  );

  it('may post once it has entered the mailed code', async () => {
    const sent = await t.request('PATCH', `/api/v1/user/generate-otp/${newcomer.id}`, { token: newcomer.session });
    expect(sent.status).toBe(200);
    const verified = await t.request('POST', `/api/v1/user/validate-otp/${newcomer.id}`, {
      token: newcomer.session,
      json: { otp: await latestOtp(newcomer.email) },
    });
    expect(verified.status).toBe(200);

    const review = await t.request('POST', `/api/v1/profession/add-feedback/${serviceId}`, {
      token: newcomer.session,
      json: { rating: 4, feedback: 'Came on time and fixed the wiring.' },
    });
    expect(review.status).toBe(201);
    const upload = await t.request('POST', '/api/v1/image/upload-properties', {
      token: newcomer.session,
      body: photoForm('propertyImage'),
    });
    expect(upload.status).toBe(201);
  });
});
