import { statfs } from 'node:fs/promises';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * The uploads folder never fills its disk: while the disk has less free space than `UPLOADS_MIN_FREE_MB`
 * (server/config/env.ts), every upload is refused with 507 before its body is read (and logged, with the space
 * left, as every 5xx is). The same disk holds PGlite's database and the logs, which must keep room to work. With a
 * bucket (`S3_BUCKET`) nothing is stored on this disk and nothing is checked.
 */

/** How long a refused client is told to wait: the floor is lifted by an operator, not by time. */
export const DISK_FLOOR_RETRY_AFTER_S = 600;

/** Free space for the server's user on the disk of `folder`, or of `fallback` before the folder exists. */
async function freeBytes(folder: string, fallback: string): Promise<number> {
  const stats = await statfs(folder).catch(() => statfs(fallback));
  return stats.bavail * stats.bsize;
}

export function uploadDiskFloor(deps: Pick<AppDeps, 'config'>): MiddlewareHandler {
  return async (c, next) => {
    const { objectStorage, uploadsDir, dataDir, uploadsMinFreeBytes } = deps.config;
    if (!objectStorage && uploadsMinFreeBytes > 0) {
      const free = await freeBytes(uploadsDir, dataDir);
      if (free < uploadsMinFreeBytes) {
        const megabytes = (bytes: number) => Math.floor(bytes / 2 ** 20);
        throw new HttpError(507, m.server_uploads_disk_low(), {
          headers: { 'Retry-After': String(DISK_FLOOR_RETRY_AFTER_S) },
          cause: new Error(
            `${megabytes(free)} MB free on the uploads disk, under UPLOADS_MIN_FREE_MB (${megabytes(uploadsMinFreeBytes)})`,
          ),
        });
      }
    }
    await next();
  };
}
