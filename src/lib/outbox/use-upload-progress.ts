import { useEffect, useState } from 'react';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import { onOutboxEvent } from './outbox-processor';

/**
 * Where the photos of an outbox item stand while this tab sends it ("2 of 5 photos sent", slow or not), from
 * the processor's events; undefined when no attempt of it is sending photos. The photos already sent in earlier
 * attempts are in the item's saved progress (`progress.imageUrls`).
 */
export function useUploadProgress(itemId: number | undefined): PhotoUploadProgress | undefined {
  const [progress, setProgress] = useState<PhotoUploadProgress>();
  useEffect(() => {
    if (itemId === undefined) return undefined;
    return onOutboxEvent((event) => {
      if (event.itemId !== itemId) return;
      // Progress events come many times a second; the words change only with the count or the slowness.
      if (event.type === 'upload-progress')
        setProgress((shown) => (sameWords(shown, event.photos) ? shown : event.photos));
      else setProgress(undefined);
    });
  }, [itemId]);
  return progress;
}

function sameWords(a: PhotoUploadProgress | undefined, b: PhotoUploadProgress | undefined): boolean {
  return a === b || (!!a && !!b && a.done === b.done && a.total === b.total && a.slow === b.slow);
}

/**
 * How much of an outbox item's one photo (a service cover, a profile edit's photo) has gone while this tab sends
 * it; undefined when no attempt of it is sending. It changes in whole percent steps, not with every event.
 */
export function useOnePhotoProgress(itemId: number | undefined): { fraction: number; slow: boolean } | undefined {
  const [progress, setProgress] = useState<{ fraction: number; slow: boolean }>();
  useEffect(() => {
    if (itemId === undefined) return undefined;
    return onOutboxEvent((event) => {
      if (event.itemId !== itemId) return;
      if (event.type !== 'upload-progress') {
        setProgress(undefined);
        return;
      }
      const next = { fraction: event.fraction, slow: event.photos?.slow ?? false };
      setProgress((shown) =>
        shown && shown.slow === next.slow && Math.floor(shown.fraction * 100) === Math.floor(next.fraction * 100)
          ? shown
          : next,
      );
    });
  }, [itemId]);
  return progress;
}
