import { Hono } from 'hono';
import { newAlertSchema, type AlertRecord } from '../../src/domain/alerts';
import { m } from '../../src/i18n/generated/messages.js';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { readJsonBody } from '../http/validate';
import { alertsOf, deleteAlert, saveAlert } from './alert-store';

/**
 * Saved searches under /api/v1/alerts (issue 43): `POST /` saves one (201, or 200 with the one kept when the same
 * search is saved again), `GET /` lists the caller's, newest first, `DELETE /{id}` deletes one of them. Every route
 * needs a session and reaches the caller's own alerts only: anyone else's id is 404, as an unknown one is. The
 * mails' unsubscribe link (./unsubscribe.ts) is the one route without a session.
 */
export function alertRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', requireSession(deps));
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId;

  routes.post(
    '/',
    idempotent<AuthEnv, '/'>(deps, userOf, async (c, db) => {
      const input = await readJsonBody(c, newAlertSchema);
      const saved = await saveAlert(db, userOf(c), input, deps.clock.now());
      const message = saved.created ? m.server_alerts_saved() : m.server_alerts_exists();
      return ok<AlertRecord>(c, message, saved.record, saved.created ? 201 : 200);
    }),
  );

  routes.get('/', async (c) => ok<AlertRecord[]>(c, m.server_alerts_found(), await alertsOf(deps.db, userOf(c))));

  routes.delete('/:id', async (c) => {
    await deleteAlert(deps.db, userOf(c), c.req.param('id'));
    return c.body(null, 204);
  });

  return routes;
}
