import type { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { HttpError } from './errors';

/**
 * Forwards the Firebase Auth emulator's REST paths from our origin to the emulator, so the browser talks to one
 * origin only (the client calls connectAuthEmulator with window.location.origin). Only in emulator mode.
 */

export const EMULATOR_PATH_PREFIXES = [
  '/identitytoolkit.googleapis.com/',
  '/securetoken.googleapis.com/',
  '/emulator/',
];

export function proxyAuthEmulator(app: Hono, emulator: { host: string; port: number }): void {
  for (const prefix of EMULATOR_PATH_PREFIXES) {
    app.all(`${prefix}*`, async (c) => {
      const url = new URL(c.req.url);
      const headers = new Headers(c.req.raw.headers);
      headers.delete('host');
      try {
        return await proxy(`http://${emulator.host}:${emulator.port}${url.pathname}${url.search}`, {
          raw: c.req.raw,
          headers,
        });
      } catch (error) {
        throw new HttpError(502, 'Sign-in service is unavailable. Please try again shortly.', { cause: error });
      }
    });
  }
}
