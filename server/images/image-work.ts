import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Decoding and re-encoding photos is the heaviest work the server does, in memory and in CPU. It goes through one
 * queue per process: at most IMAGE_WORK_CONCURRENCY uploads are being processed at once and at most
 * IMAGE_WORK_MAX_WAITING wait for their turn; any more is answered 503 with Retry-After (the app's outbox
 * retries with backoff). So a flood of photos makes uploads wait or retry, and the rest of the API (health,
 * lists, sign-in) keeps its event loop and its memory.
 */

/**
 * Uploads processed at once: one per core but one, which stays free for the event loop (every other request) and,
 * on embedded PGlite, the database. On a 2-core server that is one at a time.
 */
export const IMAGE_WORK_CONCURRENCY = Math.max(1, availableParallelism() - 1);
/** Uploads waiting for a turn; each holds its received files (at most 25 MB for five rent photos). */
export const IMAGE_WORK_MAX_WAITING = 12;
export const IMAGE_WORK_RETRY_AFTER_S = 5;
export const IMAGE_WORK_BUSY_MESSAGE = (): string => m.server_image_work_busy();
/** libvips threads per image: the queue already spreads images over the cores. */
export const SHARP_THREADS_PER_IMAGE = 1;

export interface ImageWorkQueue {
  /** Runs `task` when a turn is free; refuses at once with 503 when too many already wait. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

export function createImageWorkQueue(options: { concurrency: number; maxWaiting: number }): ImageWorkQueue {
  const limit = pLimit(options.concurrency);
  return {
    run(task) {
      if (limit.pendingCount >= options.maxWaiting) {
        return Promise.reject(
          new HttpError(503, IMAGE_WORK_BUSY_MESSAGE(), {
            headers: { 'Retry-After': String(IMAGE_WORK_RETRY_AFTER_S) },
          }),
        );
      }
      return limit(task);
    },
    get active() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}

/** The process's queue, shared by every upload route (memory and cores are the process's). */
export const imageWork = createImageWorkQueue({
  concurrency: IMAGE_WORK_CONCURRENCY,
  maxWaiting: IMAGE_WORK_MAX_WAITING,
});

/**
 * Sizes libvips for a server that shares its cores: one thread per image (the queue decides how many run at once),
 * and no operation cache (every upload is new, so a cache would only hold memory). Called once at start-up.
 */
export function configureImageProcessing(): void {
  sharp.concurrency(SHARP_THREADS_PER_IMAGE);
  sharp.cache(false);
}
