import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'drizzle-orm';
import { API_BASE_PATH } from '../src/domain/constants';
import { publicClientConfig } from './config/env';
import { accountRoutes } from './accounts/routes';
import { profileRoutes } from './accounts/profile-routes';
import { consoleLogger, type AppDeps } from './deps';
import { proxyAuthEmulator } from './http/emulator-proxy';
import { failure, ok } from './http/envelope';
import { errorResponse } from './http/error-response';
import { HttpError, NOT_FOUND_MESSAGE } from './http/errors';
import { CLOSE_CONNECTION, declaredLength, tooLargeBody, type UploadFormRules } from './http/multipart';
import { apiCors } from './http/cors';
import { requestLanguage, speakEachRequestsLanguage } from './http/request-locale';
import { securityHeaders } from './http/security-headers';
import { compression } from './http/compression';
import { serveApp, serveUploads } from './http/static';
import { imageRoutes, PROFILE_PHOTO_FORM } from './images/routes';
import { serviceRoutes } from './services/routes';
import { SERVICE_COVER_FORM, serviceImageRoutes } from './services/upload-cover';
import { PROPERTY_PHOTOS_FORM, PROPERTY_UPLOAD_PATH, propertyImageRoutes } from './rent/property-image-routes';
import { rentRoutes } from './rent/routes';
import { feedbackRoutes } from './feedback/routes';
import { marketRoutes } from './market/routes';
import { placeRoutes } from './places/routes';
import { moderationRoutes, reportRoutes } from './moderation/routes';
import { savedRoutes } from './saved/routes';
import { requestRoutes } from './requests/routes';
import { eventRoutes } from './events/event-stream';
import { conversationRoutes } from './conversations/routes';
import { pushRoutes } from './push/routes';
import { alertRoutes } from './alerts/routes';
import { unsubscribeRoutes } from './alerts/unsubscribe';
import { createCdnPurger } from './share/cdn-purge';
import { publicPageRoutes } from './share/public-pages';
import { purgeAfterWrites } from './share/purge-hook';
import { m } from '../src/i18n/generated/messages.js';

/**
 * The HTTP application: the JSON API under /api/v1, uploaded photos, the Auth emulator proxy and (given a build
 * folder) the app itself. Built from injected dependencies so tests run it in-process with `app.request()`.
 */

export type { AppDeps } from './deps';

export const JSON_BODY_MAX_BYTES = 1024 * 1024;
export const MULTIPART_BODY_MAX_BYTES = 6 * 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = (): string => m.server_body_too_large();

export interface AppOptions {
  /** The built app (vite's dist/); when given, it is served with a single-page fallback. */
  staticDir?: string;
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const logger = deps.logger ?? consoleLogger;
  const app = new Hono();
  speakEachRequestsLanguage();

  if (deps.config.logRequests) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      // The path without its query: a query may carry what a log must not keep.
      const entry = {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      };
      if (logger.request) logger.request(entry);
      else logger.info(`${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms`);
    });
  }
  // First, so that every answer (errors included) is in the request's language.
  app.use('*', requestLanguage());
  app.use('*', securityHeaders(deps.config));
  // Brotli (or gzip) for anything text-like over 1 KB (JSON lists, scripts, styles): fewer bytes on slow data.
  app.use('*', compression());

  const api = new Hono();
  api.use('*', apiBodyLimit());
  // API answers hold people's data and sessions' views of it: no cache (the browser's, a proxy's, a CDN's) may keep
  // one unless its route says so itself (the public price ranges do).
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Public pages a write changed are purged from the CDN after it succeeds (server/share/purge-hook.ts); without a
  // CDN_PURGE_URL the hook is not there at all, so no write pays for its lookups.
  if (deps.config.cdnPurge) {
    const purger =
      deps.cdnPurger ?? createCdnPurger(deps.config.cdnPurge, { publicUrl: deps.config.publicUrl, logger });
    api.use('*', purgeAfterWrites({ db: deps.db, logger }, purger, API_BASE_PATH));
  }
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
  api.route('/places', placeRoutes());
  api.route('/reports', reportRoutes(deps));
  api.route('/moderation', moderationRoutes(deps));
  api.route('/saved', savedRoutes(deps));
  api.route('/requests', requestRoutes(deps));
  api.route('/events', eventRoutes(deps));
  api.route('/conversations', conversationRoutes(deps));
  api.route('/push', pushRoutes(deps));
  // The mails' unsubscribe link first: it needs no session, every other alert route does.
  api.route('/alerts', unsubscribeRoutes(deps));
  api.route('/alerts', alertRoutes(deps));
  api.all('*', (c) => c.json(failure(NOT_FOUND_MESSAGE()), 404));
  app.use(`${API_BASE_PATH}/*`, apiCors(deps.config));
  app.route(API_BASE_PATH, api);

  serveUploads(app, deps);
  // Shared links' pages (/rent/{id}, /pros/{userId}), robots.txt and sitemap.xml: server-rendered, public.
  publicPageRoutes(app, deps, options.staticDir);
  const emulator = deps.config.firebase.emulator;
  if (emulator) proxyAuthEmulator(app, { emulator, deps, logger });
  if (options.staticDir) serveApp(app, options.staticDir);

  app.notFound((c) => c.json(failure(NOT_FOUND_MESSAGE()), 404));
  app.onError((error, c) => errorResponse(error, c, logger));
  return app;
}

/**
 * JSON bodies up to 1 MB and any other multipart body up to 6 MB, refused with 413 before they are parsed. The
 * three photo uploads are read as streams under their own form's rules (server/http/multipart.ts): a declared
 * length over the form's limit is refused here, before the sign-in check, and the parser counts the rest as it
 * reads. A refusal that leaves a body unread closes the connection, since the client may still be sending it.
 */
function apiBodyLimit() {
  const tooLarge = (message: string) => () => {
    throw new HttpError(413, message, { headers: { ...CLOSE_CONNECTION } });
  };
  const json = bodyLimit({ maxSize: JSON_BODY_MAX_BYTES, onError: tooLarge(BODY_TOO_LARGE_MESSAGE()) });
  const multipart = bodyLimit({ maxSize: MULTIPART_BODY_MAX_BYTES, onError: tooLarge(BODY_TOO_LARGE_MESSAGE()) });
  const uploadForms = new Map<string, UploadFormRules>([
    [`${API_BASE_PATH}/image/upload-profile`, PROFILE_PHOTO_FORM],
    [`${API_BASE_PATH}/image${PROPERTY_UPLOAD_PATH}`, PROPERTY_PHOTOS_FORM],
    [`${API_BASE_PATH}/image/upload-services`, SERVICE_COVER_FORM],
  ]);
  return async (c: Context, next: () => Promise<void>) => {
    // A GET or HEAD without a length or a chunked encoding has no body in HTTP/1.1: nothing to limit, and the
    // request is not asked for its body (which would turn @hono/node-server's light request into a full one).
    if (
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      c.req.header('content-length') === undefined &&
      c.req.header('transfer-encoding') === undefined
    ) {
      await next();
      return;
    }
    const isMultipart = /^multipart\//i.test(c.req.header('content-type') ?? '');
    const form = isMultipart ? uploadForms.get(c.req.path) : undefined;
    if (form) {
      if ((declaredLength(c.req.raw) ?? 0) > form.maxBodyBytes) throw tooLargeBody(form);
      await next();
    } else {
      await (isMultipart ? multipart : json)(c, next);
    }
    if (c.res.status >= 400 && bodyLeftUnread(c.req.raw)) c.header('Connection', 'close');
  };
}

/** A request body that nothing has started to read (an answer given before the body was needed). */
function bodyLeftUnread(request: Request): boolean {
  return request.body !== null && !request.bodyUsed && declaredLength(request) !== 0;
}
