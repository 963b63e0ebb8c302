import type { Locale } from '@/i18n/locale';

/**
 * The web app manifest of each language: English is the one vite-plugin-pwa writes and links from index.html;
 * Bangla pages link their own (scripts/build/web-app-manifest.ts writes it), so an app installed from a Bangla page
 * is named in Bangla. Chrome does not read the manifest's `*_localized` members yet, so one file per language it is.
 */
export const MANIFEST_PATHS: Record<Locale, string> = {
  en: '/manifest.webmanifest',
  bn: '/manifest-bn.webmanifest',
};

/** Points the page's manifest link at the manifest of `locale` (the browser reads it again when it changes). */
export function linkManifestOf(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = MANIFEST_PATHS[locale];
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
