import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { RENT_IMAGE_UPLOAD_MAX_MB } from '../../src/domain/rent-post';
import { UPLOAD_STALL_MS, uploadDeadlineMs } from '../../src/domain/upload-progress';
import { listen, REQUEST_TIMEOUT_MS, SOCKET_IDLE_TIMEOUT_MS } from './serve';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('the HTTP server lets a slow but moving upload through (issue 24)', () => {
  it('gives a request as long as the app gives a shrunk photo, not the fixed 5 minutes of Node', async () => {
    server = (await listen(() => new Response('ok'), '127.0.0.1', 0)) as Server;
    // Node's default (300 s) would cut a 1 MB photo that the app still lets run (over 9 minutes at 2 KB/s).
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(uploadDeadlineMs(RENT_IMAGE_UPLOAD_MAX_MB * 1024 * 1024));
    // A connection where nothing moves is closed, but only after the app's own stall limit has spoken.
    expect(server.timeout).toBe(SOCKET_IDLE_TIMEOUT_MS);
    expect(server.timeout).toBeGreaterThan(UPLOAD_STALL_MS);
  });
});
