import { SHARED_PHOTOS_CACHE, SHARED_PHOTOS_MAX } from './sw-constants';

/**
 * The manifest's share_target: another app (the gallery, WhatsApp) shares photos into Basha as a multipart POST.
 * The worker keeps up to five images in a cache of their own and sends the phone to the add-rent page, which
 * takes them from there (src/features/rent/ui/use-shared-photos.ts). Nothing reaches the server: the photos are
 * uploaded with the ad like any chosen in the form.
 */

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
export const ADD_RENT_WITH_SHARED = '/main/add-rent?shared=1';

export async function takeSharedPhotos(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const files = form
      .getAll('photos')
      .filter((entry): entry is File => typeof entry !== 'string' && IMAGE_TYPES.has(entry.type))
      .slice(0, SHARED_PHOTOS_MAX);
    await caches.delete(SHARED_PHOTOS_CACHE);
    const cache = await caches.open(SHARED_PHOTOS_CACHE);
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          `/shared-photos/${index}`,
          new Response(file, { headers: { 'Content-Type': file.type, 'X-File-Name': encodeURIComponent(file.name) } }),
        ),
      ),
    );
  } catch (error) {
    // A share the worker could not read still opens the form, without photos.
    console.error('Shared photos could not be kept', error);
  }
  return Response.redirect(ADD_RENT_WITH_SHARED, 303);
}
