import { RENT_PHOTO_SIZE } from '@/domain/photo-sizes';
import { compressPhoto } from '@/lib/photo-compression/compress-photo';

/** Shrinks a property photo to at most 1600 px and about 1 MB, in a worker, before it crosses a slow network. */
export function compressRentPhoto(file: File): Promise<File> {
  return compressPhoto(file, RENT_PHOTO_SIZE);
}
