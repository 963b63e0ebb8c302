import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { RENT_IMAGE_UPLOAD_MAX_MB } from '../../src/domain/rent-post';
import { uploadDeadlineMs } from '../../src/domain/upload-progress';

/**
 * The HTTP server's own time limits (issue 24). Node cuts any request whose body has not arrived in full within
 * 5 minutes (`requestTimeout`), moving or not, with a 408: a 1 MB photo from a phone on GPRS (5 KB/s) needs 3.5
 * minutes, and the app allows a photo up to 2 KB/s (src/domain/upload-progress.ts). So a request may take as
 * long as the app's limit for a shrunk photo; a connection on which nothing at all moves for a while is closed
 * sooner, so that a phone that vanished mid-upload does not hold a socket for that long. Headers must still
 * arrive within Node's 60 s (`headersTimeout`).
 */
export const REQUEST_TIMEOUT_MS = Math.max(15 * 60_000, uploadDeadlineMs(RENT_IMAGE_UPLOAD_MAX_MB * 1024 * 1024));
/** Longer than the app's own stall limit (30 s), so the app, not the server, gives up first and says why. */
export const SOCKET_IDLE_TIMEOUT_MS = 2 * 60_000;

/** Starts the server on hostname:port with those limits; resolves once it listens. */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  hostname: string,
  port: number,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port, serverOptions: { requestTimeout: REQUEST_TIMEOUT_MS } }, () =>
      resolve(server),
    );
    // Without a 'timeout' listener, Node destroys a socket that was idle this long.
    (server as Server).setTimeout(SOCKET_IDLE_TIMEOUT_MS);
    server.once('error', reject);
  });
}
