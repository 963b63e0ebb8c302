import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { sql } from 'drizzle-orm';
import { API_BASE_PATH } from '../src/domain/constants';
import { publicClientConfig } from './config/env';
import { accountRoutes } from './accounts/routes';
import { profileRoutes } from './accounts/profile-routes';
import { consoleLogger, type AppDeps } from './deps';
import { proxyAuthEmulator } from './http/emulator-proxy';
import { failure, ok } from './http/envelope';
import { HttpError, NOT_FOUND_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from './http/errors';
import { apiCors } from './http/cors';
import { securityHeaders } from './http/security-headers';
import { compression } from './http/compression';
import { serveApp, serveUploads } from './http/static';
import { imageRoutes, PROFILE_IMAGE_TOO_LARGE_MESSAGE } from './images/routes';
import { serviceRoutes } from './services/routes';
import { serviceImageRoutes } from './services/upload-cover';
import {
  PROPERTY_UPLOAD_BODY_MAX_BYTES,
  PROPERTY_UPLOAD_PATH,
  propertyImageRoutes,
} from './rent/property-image-routes';
import { rentRoutes } from './rent/routes';
import { IMAGE_TOO_LARGE } from '../src/domain/rent-post';
import { COVER_IMAGE_SIZE_MESSAGE } from '../src/domain/service';
import { feedbackRoutes } from './feedback/routes';
import { marketRoutes } from './market/routes';

/**
 * The HTTP application: the JSON API under /api/v1, uploaded photos, the Auth emulator proxy and (given a build
 * folder) the app itself. Built from injected dependencies so tests run it in-process with `app.request()`.
 */

export type { AppDeps } from './deps';

export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const MULTIPART_BODY_MAX_BYTES = 6 * 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large.';

export interface AppOptions {
  /** The built app (vite's dist/); when given, it is served with a single-page fallback. */
  staticDir?: string;
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono();

  if (deps.config.logRequests) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
    });
  }
  app.use('*', securityHeaders(deps.config));
  // Brotli (or gzip) for anything text-like over 1 KB (JSON lists, scripts, styles): fewer bytes on slow data.
  app.use('*', compression());

  const api = new Hono();
  api.use('*', apiBodyLimit());
  api.get('/health', async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
    } catch (error) {
      logger.error('Health check: database is down', error);
      return c.json({ ...failure('Database unavailable'), data: { database: 'down' } }, 503);
    }
    return ok(c, 'ok', { database: 'up' });
  });
  api.get('/config', (c) => ok(c, 'ok', publicClientConfig(deps.config)));
  api.route('/user', accountRoutes(deps));
  api.route('/user', profileRoutes(deps));
  api.route('/image', imageRoutes(deps));
  api.route('/image', serviceImageRoutes(deps));
  api.route('/profession', serviceRoutes(deps));
  api.route('/image', propertyImageRoutes(deps));
  api.route('/rent', rentRoutes(deps));
  api.route('/feedback', feedbackRoutes(deps));
  api.route('/market', marketRoutes(deps));
  api.all('*', (c) => c.json(failure(NOT_FOUND_MESSAGE), 404));
  app.use(`${API_BASE_PATH}/*`, apiCors(deps.config));
  app.route(API_BASE_PATH, api);

  serveUploads(app, deps.images);
  if (deps.config.firebase.emulator) proxyAuthEmulator(app, deps.config.firebase.emulator);
  if (options.staticDir) serveApp(app, options.staticDir);

  app.notFound((c) => c.json(failure(NOT_FOUND_MESSAGE), 404));
  app.onError((error, c) => errorResponse(error, c, logger));
  return app;
}

/**
 * JSON bodies up to 1 MB, multipart (photos) up to 6 MB, a rent ad's five photos up to 5 MB each; beyond that a
 * 413 before anything is parsed.
 */
function apiBodyLimit() {
  const tooLarge = (message: string) => () => {
    throw new HttpError(413, message);
  };
  const json = bodyLimit({ maxSize: JSON_BODY_MAX_BYTES, onError: tooLarge(BODY_TOO_LARGE_MESSAGE) });
  const multipart = bodyLimit({
    maxSize: MULTIPART_BODY_MAX_BYTES,
    onError: tooLarge(PROFILE_IMAGE_TOO_LARGE_MESSAGE),
  });
  const propertyPhotos = bodyLimit({
    maxSize: PROPERTY_UPLOAD_BODY_MAX_BYTES,
    onError: tooLarge(IMAGE_TOO_LARGE),
  });
  // Each upload form has its own words for a photo that is too big (the spec's, per form).
  const serviceCover = bodyLimit({ maxSize: MULTIPART_BODY_MAX_BYTES, onError: tooLarge(COVER_IMAGE_SIZE_MESSAGE) });
  return async (c: Context, next: () => Promise<void>) => {
    const isMultipart = /^multipart\//i.test(c.req.header('content-type') ?? '');
    if (isMultipart && c.req.path === `${API_BASE_PATH}/image${PROPERTY_UPLOAD_PATH}`) return propertyPhotos(c, next);
    if (isMultipart && c.req.path === `${API_BASE_PATH}/image/upload-services`) return serviceCover(c, next);
    return (isMultipart ? multipart : json)(c, next);
  };
}

function errorResponse(error: Error, c: Context, logger: NonNullable<AppDeps['logger']>) {
  if (error instanceof HttpError) {
    if (error.status >= 500) logger.error(`${c.req.method} ${c.req.path}: ${error.message}`, error.cause ?? error);
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(failure(error.message, error.errors), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(failure(error.message || 'Bad request'), error.status as ContentfulStatusCode);
  }
  logger.error(`${c.req.method} ${c.req.path} failed`, error);
  return c.json(failure(UNEXPECTED_ERROR_MESSAGE), 500);
}
