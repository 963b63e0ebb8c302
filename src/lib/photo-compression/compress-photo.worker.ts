/// <reference lib="webworker" />
import { compressOn, offscreenSurface, type PhotoSize } from './compress-photo-core';

/**
 * The photo compressor's module worker, served from Basha's own origin (Vite emits it beside the app's chunks; the
 * CSP allows workers from 'self' only). One message, one photo: `{ id, blob, size }` in, `{ id, blob, width,
 * height }` or `{ id, error }` out. Started by ./compress-photo.ts, which checks what comes back.
 */
declare const self: DedicatedWorkerGlobalScope;

self.addEventListener('message', (event: MessageEvent<{ id: number; blob: Blob; size: PhotoSize }>) => {
  const { id, blob, size } = event.data;
  compressOn(blob, size, offscreenSurface).then(
    (result) => self.postMessage({ id, ...result }),
    (error: unknown) => self.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
