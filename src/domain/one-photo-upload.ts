/**
 * The words shown while a post's one photo goes up (a service's cover, the new photo of a profile edit): how
 * much of it has gone, in the digits of the page's language, or that the link is slow and sending goes on.
 * A rent ad counts its photos instead (./upload-progress.ts).
 */

import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { PhotoUploadProgress } from './upload-progress';

export type OnePhotoKind = 'cover' | 'profile';

/** Whole percent of a fraction, 0 to 100 (never 100 before the photo has all gone). */
export function uploadPercent(fraction: number): number {
  if (!Number.isFinite(fraction) || fraction <= 0) return 0;
  if (fraction >= 1) return 100;
  return Math.min(99, Math.floor(fraction * 100));
}

/**
 * "Uploading the cover photo... 42%", "Uploading your photo... 42%", or the slow variant; offline (`online` false),
 * that nothing is on its way until the connection returns, never "still sending".
 */
export function onePhotoUploadText(
  kind: OnePhotoKind,
  { fraction, slow }: Pick<PhotoUploadProgress, 'fraction' | 'slow'>,
  online = true,
) {
  const percent = localDigits(String(uploadPercent(fraction)), getLocale());
  if (!online) return m.common_upload_offline({ percent });
  if (slow) return m.common_upload_slow({ percent });
  return kind === 'cover' ? m.common_upload_cover({ percent }) : m.common_upload_profile_photo({ percent });
}
