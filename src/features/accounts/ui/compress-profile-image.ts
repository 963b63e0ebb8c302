import {
  PROFILE_IMAGE_JPEG_QUALITY,
  PROFILE_IMAGE_MAX_HEIGHT_PX,
  PROFILE_IMAGE_MAX_WIDTH_PX,
} from '@/domain/constants';

/**
 * Shrinks a profile photo to fit 800x600 as a JPEG of quality 0.7 before it crosses a slow network.
 * The library is loaded on demand and runs on the main thread: its web worker would fetch code from a CDN,
 * which an offline-first app must not depend on.
 */
export async function compressProfileImage(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(PROFILE_IMAGE_MAX_WIDTH_PX / bitmap.width, PROFILE_IMAGE_MAX_HEIGHT_PX / bitmap.height, 1);
  const longestSide = Math.round(Math.max(bitmap.width, bitmap.height) * scale);
  bitmap.close();
  return imageCompression(file, {
    maxWidthOrHeight: longestSide,
    fileType: 'image/jpeg',
    initialQuality: PROFILE_IMAGE_JPEG_QUALITY,
    useWebWorker: false,
  });
}
