import type { EditProfileValues } from '@/domain/profile-form';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { OutboxItemRefused, type OutboxSendContext, type OutboxSender } from '@/lib/outbox/outbox-senders';
import { reportOnePhoto } from '@/lib/outbox/report-one-photo';

/**
 * Every write of the profiles feature: a new profile photo and the profile edit. An edit takes the outbox's path
 * (the page's `useOutboxPost`: queue, then send at once), so one made offline is sent when the connection returns; a newer edit replaces
 * an older one that still waits (each carries every field).
 */

/** Said when an edit could not be sent or kept, in the language of that moment. */
export function profileUpdateFailedMessage(): string {
  return m.profiles_update_failed();
}

/**
 * POST /image/upload-profile (multipart field profileImage) with the session token: the photo's URL. How much has
 * gone is reported through the outbox's events, for the edit page and the outbox's list.
 */
export async function uploadProfilePhoto(
  photo: Blob,
  context: Pick<OutboxSendContext, 'reportUploadProgress'>,
): Promise<string> {
  const form = new FormData();
  form.append('profileImage', photo, 'profile');
  const progress = reportOnePhoto(context, photo.size);
  // Through the upload client: its time limit grows with the bytes, where a fixed one cuts slow links off.
  const body = await uploadWithProgress<{ url: string }>('image/upload-profile', form, progress.onProgress, {
    bytes: photo.size,
  });
  if (!body.data?.url) throw new OutboxItemRefused(m.profiles_photo_upload_failed());
  progress.sent();
  return body.data.url;
}

/** PATCH /user/update-details/{userId}; profileImage only when a new photo was chosen. */
export async function updateProfile(userId: string, values: EditProfileValues): Promise<UserRecord> {
  const body = await api
    .patch(`user/update-details/${encodeURIComponent(userId)}`, { json: values })
    .json<ApiEnvelope<UserRecord>>();
  if (!body.data) throw new OutboxItemRefused(body.message || profileUpdateFailedMessage());
  return body.data;
}

// One person has one profile: any older profile edit of theirs is of the same record.
export const anyProfileEdit = () => true;

/**
 * The outbox's steps for a profile edit: the new photo (unless an earlier attempt uploaded it), then
 * PATCH /user/update-details/{userId}. Sending the same edit twice leaves the profile as once.
 */
export const sendProfileEdit: OutboxSender<'profile-edit'> = async (item, context) => {
  const { userId, values } = item.payload;
  let profileImage = item.progress.profileImage;
  const photo = item.files[0];
  if (photo && !profileImage) {
    profileImage = await uploadProfilePhoto(photo, context);
    await context.saveProgress({ profileImage });
  }
  const user = await updateProfile(userId, profileImage ? { ...values, profileImage } : values);
  return { message: m.profiles_updated(), data: user };
};
