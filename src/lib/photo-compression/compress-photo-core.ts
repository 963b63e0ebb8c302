/**
 * The drawing step of photo compression, the same in the worker (./compress-photo.worker.ts) and on the main thread
 * (the fallback where a browser has no OffscreenCanvas): decode, scale to fit, encode as JPEG, and lower the quality
 * in steps while the result is over `maxBytes`.
 */

export interface PhotoSize {
  /** The longest the photo may be across and down, in pixels. */
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality to start from, 0 to 1. */
  quality: number;
  /** Aim: at most this many bytes (the quality is lowered down to `MIN_QUALITY` to get there). */
  maxBytes: number;
}

export const MIN_QUALITY = 0.5;
const QUALITY_STEP = 0.1;

/** The size a photo of `width` × `height` is drawn at to fit `size`, never enlarged. */
export function fittedSize(width: number, height: number, size: Pick<PhotoSize, 'maxWidth' | 'maxHeight'>) {
  const scale = Math.min(size.maxWidth / width, size.maxHeight / height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The qualities tried in turn, from the size's own down to MIN_QUALITY. */
export function qualitySteps(quality: number): number[] {
  const steps: number[] = [];
  for (let q = quality; q >= MIN_QUALITY - 1e-9; q -= QUALITY_STEP) steps.push(Math.round(q * 100) / 100);
  return steps.length ? steps : [quality];
}

export interface Surface {
  draw(bitmap: ImageBitmap, width: number, height: number): void;
  encode(quality: number): Promise<Blob>;
}

/** Compresses `blob` on `makeSurface(width, height)`; `onStep` hears each encoding tried. */
export async function compressOn(
  blob: Blob,
  size: PhotoSize,
  makeSurface: (width: number, height: number) => Surface,
): Promise<{ blob: Blob; width: number; height: number }> {
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fittedSize(bitmap.width, bitmap.height, size);
    const surface = makeSurface(width, height);
    surface.draw(bitmap, width, height);
    let best: Blob | undefined;
    for (const quality of qualitySteps(size.quality)) {
      const encoded = await surface.encode(quality);
      if (!best || encoded.size < best.size) best = encoded;
      if (encoded.size <= size.maxBytes) break;
    }
    if (!best) throw new Error('The photo could not be encoded');
    return { blob: best, width, height };
  } finally {
    bitmap.close();
  }
}

/** A surface on an OffscreenCanvas (in a worker, or on the main thread where it exists). */
export function offscreenSurface(width: number, height: number): Surface {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return {
    draw: (bitmap, w, h) => context.drawImage(bitmap, 0, 0, w, h),
    encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
  };
}
