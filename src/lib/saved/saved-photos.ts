import { SAVED_PHOTO_CACHE } from '@/domain/saved';

/**
 * Saved items' photos, in the Cache Storage cache the service worker answers photos from first (sw/sw.ts), so they
 * load in airplane mode. Unlike the bounded `basha-photos` cache, nothing here expires: a photo stays while its item
 * is saved. A photo already on the phone (the page showed it) is copied from the other caches, not downloaded again.
 */

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}

/** Keeps each photo; one that cannot be fetched now is skipped (the next sync tries again). */
export async function keepSavedPhotos(urls: readonly string[]): Promise<void> {
  const storage = cacheStorage();
  if (!storage || urls.length === 0) return;
  const cache = await storage.open(SAVED_PHOTO_CACHE);
  await Promise.all(
    urls.map(async (url) => {
      try {
        if (await cache.match(url)) return;
        const copy = await storage.match(url);
        if (copy) return await cache.put(url, copy);
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.ok) await cache.put(url, response);
      } catch {
        // Offline or out of room: the item is saved without this photo for now.
      }
    }),
  );
}

export async function dropSavedPhotos(urls: readonly string[]): Promise<void> {
  const storage = cacheStorage();
  if (!storage || urls.length === 0) return;
  const cache = await storage.open(SAVED_PHOTO_CACHE);
  await Promise.all(urls.map((url) => cache.delete(url)));
}

/** Photos not kept by any saved item (two items never share a photo, but a sync may leave strays). */
export async function dropSavedPhotosExcept(kept: ReadonlySet<string>): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const cache = await storage.open(SAVED_PHOTO_CACHE);
  const requests = await cache.keys();
  await Promise.all(
    requests.filter((request) => !kept.has(new URL(request.url).pathname)).map((request) => cache.delete(request)),
  );
}

export async function clearSavedPhotos(): Promise<void> {
  await cacheStorage()?.delete(SAVED_PHOTO_CACHE);
}
