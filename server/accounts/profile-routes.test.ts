import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/domain/user';
import { testContextForFile, newUserPayload, type RegisteredUser, registerSignedIn } from '../test/test-app';

const ctx = testContextForFile();

/** A signed-in person; unverified unless they are to post (the edits check that verification cannot be set). */
const person = (label: string, verified = false) => registerSignedIn(ctx, label, { verified });

function editBody(user: RegisteredUser, overrides: Record<string, unknown> = {}) {
  const { profileImage: _photo, ...rest } = newUserPayload(user.email);
  return { ...rest, name: 'Rahim Chowdhury Jr', occupation: '', nid: '', ...overrides };
}

describe('PATCH /user/update-details/:userId', () => {
  it('lets the owner change the allowed fields', async () => {
    const user = await person('edit');
    const response = await ctx.request<UserRecord>('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: user.token,
      json: editBody(user, { nationality: 'British', socialMedia: { linkedin: 'https://linkedin.com/in/r' } }),
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated successfully!');
    expect(response.body.data).toMatchObject({
      name: 'Rahim Chowdhury Jr',
      nationality: 'British',
      occupation: null,
      socialMedia: { linkedin: 'https://linkedin.com/in/r' },
      isVerified: false,
    });
    expect(response.body.data?.nid).toBeUndefined();
  });

  it('answers 403 for someone else’s profile and changes nothing', async () => {
    const owner = await person('owner');
    const other = await person('other');
    const response = await ctx.request('PATCH', `/api/v1/user/update-details/${owner.id}`, {
      token: other.token,
      json: editBody(owner, { name: 'Hacked' }),
    });
    expect(response.status).toBe(403);
    const info = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${owner.id}`, { token: owner.token });
    expect(info.body.data?.name).toBe('Rahim Chowdhury');
  });

  it('refuses a new e-mail, a verification flag or a status', async () => {
    const user = await person('allow');
    const email = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: user.token,
      json: editBody(user, { email: 'new@example.com' }),
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Email cannot be changed.');
    for (const extra of [{ isVerified: true }, { status: 'admin' }]) {
      const response = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
        token: user.token,
        json: editBody(user, extra),
      });
      expect(response.status).toBe(400);
    }
    const info = await ctx.request<UserRecord>('GET', `/api/v1/user/find-info/${user.id}`, { token: user.token });
    expect(info.body.data).toMatchObject({ email: user.email, isVerified: false, status: 'active' });
  });

  it('uses the form’s messages for missing fields', async () => {
    const user = await person('missing');
    const response = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
      token: user.token,
      json: editBody(user, { name: '', dateOfBirth: '2999-01-01' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toMatchObject({ name: ['Full name is required'] });
  });
});

describe('GET /user/professional-details/:userId', () => {
  it('answers the user’s services as professionalProfiles', async () => {
    const user = await person('pro', true);
    await ctx.request('POST', `/api/v1/profession/create-profile/${user.id}`, {
      token: user.token,
      json: {
        category: 'Tutor',
        contactNumber: '01711000000',
        addressLine: 'Road 2, Mirpur',
        serviceArea: ['Mirpur'],
        servicePlaceIds: ['ar-mirpur'],
        description: 'Mathematics and physics for classes 6 to 10.',
        minimumPrice: 3000,
        maximumPrice: 6000,
        availableDays: ['Friday'],
        availableTime: 'night',
      },
    });
    const response = await ctx.request<{ professionalProfiles: { category: string; _id: string }[] }>(
      'GET',
      `/api/v1/user/professional-details/${user.id}`,
      { token: user.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.data?.professionalProfiles).toMatchObject([{ category: 'Tutor' }]);
    const none = await ctx.request('GET', '/api/v1/user/professional-details/not-a-user', { token: user.token });
    expect(none.status).toBe(404);
  });
});
