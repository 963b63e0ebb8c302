import { UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import type { ApiEnvelope } from '@/domain/user';
import { api, bearer } from '@/lib/api-client';

/** POST /image/upload-profile (multipart field profileImage): answers the stored photo's URL. */
export async function uploadProfileImage(image: Blob, firebaseIdToken: string, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('profileImage', image, 'profile.jpg');
  const body = await api
    .post('image/upload-profile', { body: form, headers: bearer(firebaseIdToken), timeout: UPLOAD_TIMEOUT_MS, signal })
    .json<ApiEnvelope<{ url: string }>>();
  if (!body.data?.url) throw new Error('Profile image upload failed');
  return body.data.url;
}
