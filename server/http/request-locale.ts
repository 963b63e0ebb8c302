import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { overwriteGetLocale } from '../../src/i18n/generated/runtime.js';
import { DEFAULT_LOCALE, requestLocale, type Locale } from '../../src/i18n/locale';

/**
 * The server answers in the language of the request: the language picked on the phone (the `basha-locale`
 * cookie), else the request's Accept-Language (the app sends its page's language), else English. Every message
 * function (the shared domain's validation messages, server/messages) reads it through Paraglide's `getLocale`,
 * which asks the request being answered: an AsyncLocalStorage holds it for the request's whole async work.
 */
const requestLocales = new AsyncLocalStorage<Locale>();

/** Points the message functions at the request being answered. Called once, by createApp. */
export function speakEachRequestsLanguage(): void {
  overwriteGetLocale(() => requestLocales.getStore() ?? DEFAULT_LOCALE);
}

export function requestLanguage(): MiddlewareHandler {
  return (c, next) => {
    const locale = requestLocale({ cookie: c.req.header('cookie'), acceptLanguage: c.req.header('accept-language') });
    return requestLocales.run(locale, next);
  };
}

/** Runs work (a mail, say) in a language other than the request's: the account's. */
export function inLanguage<T>(locale: Locale, work: () => T): T {
  return requestLocales.run(locale, work);
}

/** The language the current request is answered in. */
export function currentLanguage(): Locale {
  return requestLocales.getStore() ?? DEFAULT_LOCALE;
}
