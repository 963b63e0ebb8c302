import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The service worker's cache of photos shared into Basha (sw/sw-constants.ts SHARED_PHOTOS_CACHE). */
const SHARED_PHOTOS_CACHE = 'basha-shared-photos';

/** The photos another app shared into Basha, taken once (the cache is emptied): at most five image files. */
async function takeSharedPhotos(): Promise<File[]> {
  if (!('caches' in window) || !(await caches.has(SHARED_PHOTOS_CACHE))) return [];
  const cache = await caches.open(SHARED_PHOTOS_CACHE);
  const requests = await cache.keys();
  const files: File[] = [];
  for (const [index, request] of requests.entries()) {
    const response = await cache.match(request);
    if (!response) continue;
    const blob = await response.blob();
    if (!/^image\/(jpeg|png|webp)$/.test(blob.type)) continue;
    const name = decodeURIComponent(response.headers.get('X-File-Name') ?? '') || `shared-${index + 1}.jpg`;
    files.push(new File([blob], name, { type: blob.type }));
  }
  await caches.delete(SHARED_PHOTOS_CACHE);
  return files.slice(0, 5);
}

/**
 * /main/add-rent?shared=1: the page the manifest's share_target leads to. The photos shared from the gallery
 * (kept by the service worker, sw/share-target.ts) are handed to the form once.
 */
export function useSharedPhotos(onPhotos: (files: File[]) => void): void {
  const [searchParams] = useSearchParams();
  const shared = searchParams.get('shared') === '1';
  useEffect(() => {
    if (!shared) return undefined;
    let live = true;
    void takeSharedPhotos().then((files) => {
      if (live && files.length > 0) onPhotos(files);
    });
    return () => {
      live = false;
    };
  }, [shared, onPhotos]);
}
