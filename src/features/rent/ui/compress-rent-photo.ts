import { RENT_IMAGE_UPLOAD_MAX_MB, RENT_IMAGE_UPLOAD_MAX_PX, RENT_IMAGE_UPLOAD_QUALITY } from '@/domain/rent-post';

/**
 * Shrinks a property photo to at most 1600 px and about 1 MB before it crosses a slow network; the server
 * re-encodes it anyway. The library loads on demand and runs on the main thread: its web worker would fetch
 * code from a CDN, which an offline-first app must not depend on.
 */
export async function compressRentPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxWidthOrHeight: RENT_IMAGE_UPLOAD_MAX_PX,
    maxSizeMB: RENT_IMAGE_UPLOAD_MAX_MB,
    initialQuality: RENT_IMAGE_UPLOAD_QUALITY,
    fileType: 'image/jpeg',
    useWebWorker: false,
  });
  const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([compressed], `${name}.jpg`, { type: 'image/jpeg' });
}
