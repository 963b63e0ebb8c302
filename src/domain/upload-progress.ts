/**
 * How photo uploads are timed, and what the person is told while they run (issue 24). Photos go one at a time,
 * so a photo that reached the server is never sent again; each upload has its own time limits, which grow with
 * its bytes instead of cutting every upload at 30 s whatever its size. On EDGE (about 25 KB/s) a five-photo ad
 * of 750 KB needs half a minute of pure transfer: a fixed 30 s limit on the whole ad could never let it through.
 */

import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * An upload whose body is still being sent fails when no byte was acknowledged for this long: the link has
 * stalled, however slow it was before. A slow but moving upload never meets this limit.
 */
export const UPLOAD_STALL_MS = 30_000;
/** Every upload may take this long, whatever its size (connection set-up, the server's work on the photo). */
export const UPLOAD_TIME_FLOOR_MS = 30_000;
/**
 * The pessimistic rate that the overall limit allows for: slower than a poor GPRS link (5 KB/s). Phones hand
 * the body to a large kernel buffer, so progress can show "all sent" long before the server has it; after
 * that, only this limit still applies.
 */
export const UPLOAD_PESSIMISTIC_BYTES_PER_S = 2_000;

/** The longest one upload of `bytes` may take before it is given up and retried. */
export function uploadDeadlineMs(bytes: number): number {
  return UPLOAD_TIME_FLOOR_MS + Math.ceil((Math.max(0, bytes) / UPLOAD_PESSIMISTIC_BYTES_PER_S) * 1000);
}

/** Below this rate (400 kbit/s), measured over at least SLOW_AFTER_MS, the person is told the link is slow. */
export const SLOW_BELOW_BYTES_PER_S = 50_000;
export const SLOW_AFTER_MS = 5_000;

/** Whether an attempt that has sent `bytes` in `elapsedMs` is on a slow connection (early bursts do not count). */
export function isSlowTransfer(bytes: number, elapsedMs: number): boolean {
  if (elapsedMs < SLOW_AFTER_MS) return false;
  return (bytes / elapsedMs) * 1000 < SLOW_BELOW_BYTES_PER_S;
}

/** Where the photos of one post stand during an attempt. */
export interface PhotoUploadProgress {
  /** Photos the server has (from this attempt or earlier ones). */
  done: number;
  total: number;
  /** Bytes the server has, or that are on their way, of all the photos' bytes (0 to 1). */
  fraction: number;
  /** The connection is slow: the person is told so, and that sending goes on. */
  slow: boolean;
}

/** "2 of 5 photos sent", in the digits of the page's language. */
function photoCountText(done: number, total: number): string {
  const locale = getLocale();
  return m.common_photos_count({
    count: total,
    done: localDigits(String(done), locale),
    total: localDigits(String(total), locale),
  });
}

/**
 * The words shown while photos are sent: "Uploading photos... 2 of 5 photos sent", or the slow variant. Offline
 * (`online` false) nothing is on its way, whatever the attempt's state: it says so, never "still sending".
 */
export function photoUploadText(
  { done, total, slow }: Pick<PhotoUploadProgress, 'done' | 'total' | 'slow'>,
  online = true,
): string {
  const progress = photoCountText(done, total);
  if (!online) return m.common_photos_offline({ progress });
  return slow ? m.common_photos_slow({ progress }) : m.common_photos_uploading({ progress });
}

/** How many of a post's photos the server has, and whether the link was slow. */
export type PhotoCount = Pick<PhotoUploadProgress, 'done' | 'total' | 'slow'>;

/**
 * What an outbox item's saved progress says of its photos: the rent sender saves the URLs of the photos that
 * landed (`imageUrls`, in order) and whether the link was slow (`slowConnection`) after each photo.
 */
export function savedPhotoProgress(progress: Record<string, unknown>, total: number): PhotoCount {
  const urls = progress.imageUrls;
  return {
    done: Array.isArray(urls) ? Math.min(urls.length, total) : 0,
    total,
    slow: progress.slowConnection === true,
  };
}

/**
 * The line under a post in the outbox: while it is being sent, where its photos stand; while it waits, how many
 * an earlier attempt sent ("2 of 5 photos sent"), which will not be sent again. Offline, an attempt still under way
 * is waiting too: it is shown as one, never as "still sending".
 */
export function outboxPhotoText(sending: boolean, photos: PhotoCount, online = true): string | undefined {
  if (photos.total === 0) return undefined;
  if (sending && online) return photoUploadText(photos);
  if (photos.done <= 0 || photos.done >= photos.total) return undefined;
  return photoCountText(photos.done, photos.total);
}
