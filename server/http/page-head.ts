import { pageDescription } from '../../src/domain/page-descriptions';
import { PAGE_TITLES } from '../../src/domain/page-title-table';
import { documentTitle } from '../../src/domain/page-titles';
import { matchRoute } from '../../src/domain/route-match';
import { m } from '../../src/i18n/generated/messages.js';
import type { Locale } from '../../src/i18n/locale';

/**
 * The title and meta description of the page a path shows, in a language, as the app sets them once it runs
 * (src/domain/page-titles.ts, page-descriptions.ts): the shell the server sends already carries them, so a
 * search engine, a link preview and the first paint's tab read the page's own words, not the site's.
 */
export function pageHead(pathname: string, locale: Locale): { title: string; description: string } {
  const match = matchRoute(pathname);
  if (!match) {
    return {
      title: documentTitle(m.app_title_not_found({}, { locale }), { locale }),
      description: pageDescription(undefined, {}, locale),
    };
  }
  return {
    title: documentTitle(PAGE_TITLES[match.route.page](match.params, locale), { locale }),
    description: pageDescription(match.route.page, match.params, locale),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell with its title and its one meta description replaced by the page's (a shell without a description
 * gets one: never two, which search engines and Lighthouse take for a fault).
 */
export function withPageHead(html: string, head: { title: string; description: string }): string {
  const titled = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  const meta = /(<meta\s+name="description"\s+content=")[^"]*"/;
  if (meta.test(titled)) return titled.replace(meta, (_, start: string) => `${start}${escapeHtml(head.description)}"`);
  return titled.replace(
    '</head>',
    () => `<meta name="description" content="${escapeHtml(head.description)}">\n</head>`,
  );
}
