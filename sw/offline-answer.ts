/// <reference lib="webworker" />
import { m } from '../src/i18n/generated/messages.js';
import { LOCALE_COOKIE, requestLocale, type Locale } from '../src/i18n/locale';

/**
 * What the service worker answers a page it cannot serve offline (the shell missing from its cache, say): a short
 * page in the language of the person, never the browser's "no internet" page in whatever language the phone has.
 */

/** What the worker knows of the person's languages besides the request (a worker's request carries no cookie). */
export interface LanguageSources {
  readonly navigator: { readonly languages: readonly string[] };
  readonly cookieStore?: { get(name: string): Promise<{ value?: string } | null | undefined> };
}

/**
 * The request's language: the language picked on the phone (the `basha-locale` cookie), else the phone's
 * languages. A request seen by a service worker usually lacks the Cookie and Accept-Language headers (the network
 * adds them later), so the worker's cookie store and languages stand in for them.
 */
export async function answerLocale(request: Request, scope: LanguageSources): Promise<Locale> {
  let cookie = request.headers.get('Cookie');
  if (!cookie && scope.cookieStore) {
    const picked = await scope.cookieStore.get(LOCALE_COOKIE).catch(() => undefined);
    if (picked?.value) cookie = `${LOCALE_COOKIE}=${picked.value}`;
  }
  const acceptLanguage = request.headers.get('Accept-Language') ?? scope.navigator.languages.join(',');
  return requestLocale({ cookie, acceptLanguage });
}

/** The offline page, in `locale`: what happened, what to do, and a link that tries the same address again. */
export function offlinePage(locale: Locale): Response {
  const options = { locale };
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${m.app_page_title({ page: m.app_error_offline_heading({}, options) }, options)}</title>
<style>body{margin:0;padding:48px 24px;font-family:system-ui,sans-serif;color:#0f172a;background:#f1f5f4;text-align:center}h1{font-size:1.5rem}a{display:inline-block;margin-top:16px;padding:12px 20px;border-radius:999px;background:#0f766e;color:#fff;text-decoration:none;font-weight:600}</style>
</head>
<body>
<h1>${m.app_error_offline_heading({}, options)}</h1>
<p>${m.app_error_offline_text({}, options)}</p>
<a href="">${m.app_try_again({}, options)}</a>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Language': locale },
  });
}
