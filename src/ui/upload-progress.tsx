import { onePhotoUploadText, uploadPercent, type OnePhotoKind } from '@/domain/one-photo-upload';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import { m } from '@/i18n/generated/messages.js';
import { useOnline } from '@/lib/use-online';
import './upload-progress.css';

/** What `useOutboxPost` says of the post being sent now: how much of its files has gone. */
export interface PostProgress {
  fraction: number;
  photos?: PhotoUploadProgress | undefined;
}

/**
 * A form's one photo going up with its post (a service's cover, a profile edit's new photo): the words and a bar,
 * as the rent form shows its photos. Nothing while no photo is on its way.
 */
export function OnePhotoProgress({ kind, progress }: { kind: OnePhotoKind; progress: PostProgress | undefined }) {
  const online = useOnline();
  if (!progress) return null;
  const slow = progress.photos?.slow ?? false;
  return (
    <div className="upload-progress" role="status" data-testid="photo-upload-progress">
      <span>{onePhotoUploadText(kind, { fraction: progress.fraction, slow }, online)}</span>
      <progress max={100} value={uploadPercent(progress.fraction)} aria-label={m.common_upload_progress_label()} />
    </div>
  );
}
