import { UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import type { EditProfileValues } from '@/domain/profile-form';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api } from '@/lib/api-client';

/** Every write of the profiles feature: a new profile photo and the profile edit. */

/** POST /image/upload-profile (multipart field profileImage) with the session token: the photo's URL. */
export async function uploadProfilePhoto(photo: Blob): Promise<string> {
  const form = new FormData();
  form.append('profileImage', photo, 'profile');
  const body = await api
    .post('image/upload-profile', { body: form, timeout: UPLOAD_TIMEOUT_MS })
    .json<ApiEnvelope<{ url: string }>>();
  if (!body.data?.url) throw new Error('Profile image upload failed');
  return body.data.url;
}

/** PATCH /user/update-details/{userId}; profileImage only when a new photo was chosen. */
export async function updateProfile(userId: string, values: EditProfileValues): Promise<UserRecord> {
  const body = await api
    .patch(`user/update-details/${encodeURIComponent(userId)}`, { json: values })
    .json<ApiEnvelope<UserRecord>>();
  if (!body.data) throw new Error(body.message || 'An error occurred while updating profile.');
  return body.data;
}
