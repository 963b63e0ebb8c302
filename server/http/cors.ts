import { cors } from 'hono/cors';
import type { AppConfig } from '../config/env';

/**
 * Cross-origin access to the API for Basha's own public origin (PUBLIC_URL) only. The app normally calls the
 * API on its own origin, where CORS does not apply; this covers an app served from PUBLIC_URL while the API
 * answers on another host name. Any other origin gets no Access-Control-Allow-Origin, so a browser keeps other
 * sites from reading Basha's answers. Credentials stay off: Basha sends bearer tokens, never cookies.
 */

export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'];
// Read by the client to wait before retrying (rate limits, a key still in flight).
export const CORS_EXPOSED_HEADERS = ['Retry-After'];
const PREFLIGHT_CACHE_SECONDS = 600;

/** The origin (scheme, host, port) of PUBLIC_URL, without any path. */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>): string {
  return new URL(config.publicUrl).origin;
}

export function apiCors(config: Pick<AppConfig, 'publicUrl'>) {
  return cors({
    origin: publicOrigin(config),
    allowMethods: CORS_ALLOWED_METHODS,
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_CACHE_SECONDS,
  });
}
