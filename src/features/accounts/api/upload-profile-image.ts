import { m } from '@/i18n/generated/messages.js';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/**
 * POST /image/upload-profile (multipart field profileImage) with the new account's Firebase token: answers the
 * stored photo's URL. Through the upload client, whose time limit grows with the bytes.
 */
export async function uploadProfileImage(image: Blob, firebaseIdToken: string, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('profileImage', image, 'profile.jpg');
  const body = await uploadWithProgress<{ url: string }>('image/upload-profile', form, () => undefined, {
    bytes: image.size,
    bearerToken: firebaseIdToken,
    ...(signal ? { signal } : {}),
  });
  if (!body.data?.url) throw new Error(m.accounts_photo_upload_failed());
  return body.data.url;
}
