import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Turns an uploaded photo into a safe, small WebP: the type is recognised from the bytes (never the file name
 * or the declared type), huge or broken images are refused, EXIF orientation is applied and every piece of
 * metadata (GPS, camera, comments) is dropped by re-encoding.
 */

export const INVALID_IMAGE_MESSAGE = (): string => m.server_invalid_image();
export const TOO_MANY_PIXELS_MESSAGE = (): string => m.server_too_many_pixels();

// About 40 megapixels: any phone photo passes, a decompression bomb does not.
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * PNG and GIF are screenshots and drawings, not camera photos, and libvips cannot shrink them while decoding as it
 * does JPEG and WebP: every pixel is decoded, about 160 MB for 40 megapixels. 12 megapixels (a 4K screenshot is 8)
 * bounds that to about 48 MB.
 */
export const MAX_DRAWING_INPUT_PIXELS = 12_000_000;

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** The most pixels an image of this format may have. */
export function maxInputPixelsOf(format: AcceptedFormat): number {
  return format === 'png' || format === 'gif' ? MAX_DRAWING_INPUT_PIXELS : MAX_INPUT_PIXELS;
}

/** What profile and rent photos may be (services take GIF instead of WebP: accounts spec, section 5). */
export const PHOTO_FORMATS: readonly AcceptedFormat[] = ['jpeg', 'png', 'webp'];

/** The format announced by the file's first bytes, or undefined when it is none of the accepted ones. */
export function sniffImageFormat(bytes: Uint8Array): AcceptedFormat | undefined {
  const startsWith = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (startsWith(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(0, 0x52, 0x49, 0x46, 0x46) && startsWith(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (startsWith(0, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  return undefined;
}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * The format of an upload, from its magic bytes and its header alone: 415 unless it is an accepted format whose
 * header agrees, 422 when it has more pixels than its format may. No pixel is decoded, so upload routes call this
 * before an image waits for its turn in the image queue (server/images/image-work.ts); `toWebp` checks again.
 */
export async function checkImageHeader(
  input: Uint8Array,
  accept: readonly AcceptedFormat[] = PHOTO_FORMATS,
  invalidMessage: string = INVALID_IMAGE_MESSAGE(),
): Promise<AcceptedFormat> {
  const format = sniffImageFormat(input);
  if (!format || !accept.includes(format)) throw new HttpError(415, invalidMessage);
  let metadata: sharp.Metadata;
  try {
    // The pixel limit is checked below with its own message, then again by sharp when decoding.
    metadata = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new HttpError(415, invalidMessage);
  }
  // The header must agree with the magic bytes (a PNG signature in front of something else is not a PNG).
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw new HttpError(415, invalidMessage);
  }
  if (metadata.width * metadata.height > maxInputPixelsOf(format)) throw new HttpError(422, TOO_MANY_PIXELS_MESSAGE());
  return format;
}

export async function toWebp(
  input: Uint8Array,
  box: { maxWidth: number; maxHeight: number; quality: number },
  accept: readonly AcceptedFormat[] = PHOTO_FORMATS,
  invalidMessage: string = INVALID_IMAGE_MESSAGE(),
): Promise<ProcessedImage> {
  const format = await checkImageHeader(input, accept, invalidMessage);
  const options = { limitInputPixels: maxInputPixelsOf(format), failOn: 'error' } as const;
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(box.maxWidth, box.maxHeight, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: box.quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    // Truncated or corrupt pixel data: the upload is at fault, not the server.
    throw new HttpError(415, invalidMessage);
  }
}
