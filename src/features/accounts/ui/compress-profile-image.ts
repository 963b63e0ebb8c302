import { PROFILE_PHOTO_SIZE } from '@/domain/photo-sizes';
import { compressPhoto } from '@/lib/photo-compression/compress-photo';

/** Shrinks a profile photo to fit 800 × 600 as a JPEG of quality 0.7, in a worker, before it crosses a slow network. */
export function compressProfileImage(file: File): Promise<File> {
  return compressPhoto(file, PROFILE_PHOTO_SIZE);
}
