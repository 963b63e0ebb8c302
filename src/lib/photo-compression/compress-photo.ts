import { compressOn, offscreenSurface, type PhotoSize, type Surface } from './compress-photo-core';

/**
 * Every photo Basha uploads (rent photos, a service's cover, the profile photo) is shrunk on the phone before it
 * crosses a slow, costly network, off the main thread: in a module worker from Basha's own origin
 * (./compress-photo.worker.ts), with OffscreenCanvas and createImageBitmap. Where a browser lacks them, the same
 * steps run on the main thread with a plain canvas. The server re-encodes whatever it receives.
 */

export type { PhotoSize } from './compress-photo-core';

/** What a worker answers: checked field by field, since it comes from another context. */
function isAnswer(data: unknown): data is { id: number; blob?: Blob; width?: number; height?: number; error?: string } {
  return typeof data === 'object' && data !== null && typeof Reflect.get(data, 'id') === 'number';
}

let worker: Worker | undefined;
let nextId = 1;
/** A worker that has not answered by then (its script never came) is given up for the main thread. */
const WORKER_ANSWER_MS = 20_000;

function canUseWorker(): boolean {
  return typeof Worker === 'function' && typeof OffscreenCanvas === 'function';
}

function compressInWorker(blob: Blob, size: PhotoSize): Promise<Blob> {
  worker ??= new Worker(new URL('./compress-photo.worker.ts', import.meta.url), { type: 'module' });
  const running = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      running.removeEventListener('message', onMessage);
      running.removeEventListener('error', onError);
    };
    const timer = setTimeout(() => {
      stop();
      worker = undefined;
      running.terminate();
      reject(new Error('The photo worker did not answer'));
    }, WORKER_ANSWER_MS);
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!isAnswer(event.data) || event.data.id !== id) return;
      stop();
      if (event.data.blob instanceof Blob) resolve(event.data.blob);
      else reject(new Error(event.data.error ?? 'The photo could not be compressed'));
    };
    const onError = (event: ErrorEvent) => {
      stop();
      // A worker that cannot start (an old browser, a blocked script) is not tried again in this tab.
      worker = undefined;
      reject(new Error(event.message || 'The photo worker failed'));
    };
    running.addEventListener('message', onMessage);
    running.addEventListener('error', onError);
    running.postMessage({ id, blob, size });
  });
}

function canvasSurface(width: number, height: number): Surface {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return {
    draw: (bitmap, w, h) => context.drawImage(bitmap, 0, 0, w, h),
    encode: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG'))), 'image/jpeg', quality),
      ),
  };
}

async function compressOnMainThread(blob: Blob, size: PhotoSize): Promise<Blob> {
  const surface = typeof OffscreenCanvas === 'function' ? offscreenSurface : canvasSurface;
  return (await compressOn(blob, size, surface)).blob;
}

/** The photo as a JPEG within `size`, named after the original (`.jpg`). */
export async function compressPhoto(file: File, size: PhotoSize): Promise<File> {
  let compressed: Blob;
  try {
    compressed = canUseWorker() ? await compressInWorker(file, size) : await compressOnMainThread(file, size);
  } catch {
    compressed = await compressOnMainThread(file, size);
  }
  const name = file.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([compressed], `${name}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
}

/**
 * Compresses `files` one after another (a phone has little memory for several decoded camera photos at once),
 * telling `onProgress(done, total)` after each.
 */
export async function compressPhotos(
  files: readonly File[],
  size: PhotoSize,
  onProgress?: (done: number, total: number) => void,
): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) {
    out.push(await compressPhoto(file, size));
    onProgress?.(out.length, files.length);
  }
  return out;
}
