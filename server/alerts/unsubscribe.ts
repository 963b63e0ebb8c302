import { Hono, type Context } from 'hono';
import { API_BASE_PATH } from '../../src/domain/constants';
import { m } from '../../src/i18n/generated/messages.js';
import type { Locale } from '../../src/i18n/locale';
import { keyedHash, sameHash } from '../auth/keyed-hash';
import type { AppConfig } from '../config/env';
import type { AppDeps } from '../deps';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { currentLanguage } from '../http/request-locale';
import { escapeHtml } from '../share/html';
import { deleteAlertById, findAlert } from './alert-store';
import { alertFiltersInWords } from './alert-words';

/**
 * The one-tap unsubscribe of an alert's mails (issue 43, point 3): `GET /api/v1/alerts/{id}/unsubscribe?token=` shows
 * a small page with a button, and `POST` to the same address deletes the alert: the button's form, and a mail
 * client's RFC 8058 one-click POST (the mail's List-Unsubscribe-Post header). The GET changes nothing, since mail
 * scanners open links. The token is an HMAC of the alert's id under the server's secret: the link alone proves the
 * right to stop that one alert, and nothing else. A wrong token is 404, as an unknown alert is; an alert already
 * stopped, with its right token, answers that it is stopped.
 */

export function unsubscribeToken(secret: string, alertId: string): string {
  return keyedHash(secret, 'alert-unsubscribe', alertId);
}

export function unsubscribeUrl(config: Pick<AppConfig, 'publicUrl' | 'sessionSecret'>, alertId: string): string {
  const token = unsubscribeToken(config.sessionSecret, alertId);
  return `${config.publicUrl}${API_BASE_PATH}/alerts/${alertId}/unsubscribe?token=${token}`;
}

const HEX_TOKEN = /^[0-9a-f]{64}$/;

function tokenFits(secret: string, alertId: string, token: string | undefined): boolean {
  return token !== undefined && HEX_TOKEN.test(token) && sameHash(unsubscribeToken(secret, alertId), token);
}

function page(locale: Locale, body: string): string {
  const title = escapeHtml(m.alerts_unsubscribe_title({}, { locale }));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function unsubscribeRoutes(deps: AppDeps) {
  const routes = new Hono();
  const answer = (c: Context, status: 200 | 404, body: string) =>
    c.html(page(currentLanguage(), body), status, { 'Referrer-Policy': 'no-referrer' });
  const wrongLink = (c: Context) => answer(c, 404, paragraph(m.alerts_unsubscribe_wrong_link()));
  const stopped = (c: Context) => answer(c, 200, paragraph(m.alerts_unsubscribe_done()));

  routes.get('/:id/unsubscribe', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const token = c.req.query('token');
    if (!tokenFits(deps.config.sessionSecret, id, token)) return wrongLink(c);
    const alert = await findAlert(deps.db, id);
    if (!alert) return stopped(c);
    const words = alertFiltersInWords(alert.kind as ListingKind, alert.filters, currentLanguage());
    // The form posts to this very address, token included (the page's own URL, escaped for the attribute).
    const action = `${API_BASE_PATH}/alerts/${id}/unsubscribe?token=${token}`;
    return answer(
      c,
      200,
      `${paragraph(m.alerts_unsubscribe_question({ filters: words }))}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(m.alerts_unsubscribe_button())}</button>
</form>`,
    );
  });

  routes.post('/:id/unsubscribe', async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!tokenFits(deps.config.sessionSecret, id, c.req.query('token'))) return wrongLink(c);
    await deleteAlertById(deps.db, id);
    return stopped(c);
  });

  return routes;
}
