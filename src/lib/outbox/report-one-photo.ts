import { isSlowTransfer, type PhotoUploadProgress } from '@/domain/upload-progress';
import type { UploadBodyProgress } from '../upload-with-progress';
import type { OutboxSendContext } from './outbox-senders';

/**
 * The progress of an item's one photo (a service cover, a profile edit's photo) as the outbox's events carry it,
 * so the page that posted it and the outbox's list show it moving as a rent ad's photos do. `sent` is called
 * once the photo has landed. Slowness is judged on this attempt's own bytes and time.
 */
export function reportOnePhoto(
  context: Pick<OutboxSendContext, 'reportUploadProgress'>,
  bytes: number,
  now: () => number = Date.now,
): { onProgress: (progress: UploadBodyProgress) => void; sent: () => void } {
  const started = now();
  let slow = false;
  const report = (fraction: number, done: number) => {
    const photos: PhotoUploadProgress = { done, total: 1, fraction, slow };
    context.reportUploadProgress(fraction, photos);
  };
  report(0, 0);
  return {
    onProgress: ({ loaded, total }) => {
      const fraction = total > 0 ? Math.min(1, loaded / total) : 0;
      slow ||= isSlowTransfer(bytes * fraction, now() - started);
      report(fraction, 0);
    },
    sent: () => report(1, 1),
  };
}
