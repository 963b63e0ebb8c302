import { DEFAULT_LOCALE, perLocale, type Locale } from './locale';

/**
 * The web app manifest of each language: the default's (English) is the one vite-plugin-pwa writes and links from
 * index.html; every other language's pages link their own, `/manifest-{locale}.webmanifest`
 * (scripts/build/web-app-manifest.ts writes it), so an app installed from a Bangla page is named in Bangla. Chrome
 * does not read the manifest's `*_localized` members yet, so one file per language it is. The server links the
 * page's own in the shell it sends (server/http/route-preloads.ts); the app moves the link when the language is
 * switched (src/app/pwa/manifest-link.ts).
 */
export const MANIFEST_PATHS: Record<Locale, string> = perLocale((locale) =>
  locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/manifest-${locale}.webmanifest`,
);
