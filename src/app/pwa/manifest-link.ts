import type { Locale } from '@/i18n/locale';
import { MANIFEST_PATHS } from '@/i18n/manifest-paths';

/**
 * Points the page's manifest link at the manifest of `locale` (the browser reads it again when it changes). The
 * shell already links the language it was sent in; this follows a switch of language.
 */
export function linkManifestOf(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = MANIFEST_PATHS[locale];
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}
