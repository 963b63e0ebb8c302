import { useEffect } from 'react';
import type { PageParams } from '@/domain/page-titles';
import type { RoutePage } from '@/domain/route-manifest';
import { m } from '@/i18n/generated/messages.js';
import { useLocale } from '@/i18n/client-locale';
import { documentTitle } from '@/ui/use-page-title';
import type { RouteHandle } from './routes';

/** The table lives in the shared domain, where the server reads it too (server/http/page-head.ts). */
export { SERVICE_PAGE_LABELS } from '@/domain/page-titles';

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && 'route' in handle && 'props' in handle;

/** The manifest page the router shows with its parameters; undefined for a 404. */
export function routePage(match: { handle: unknown; params: PageParams } | undefined) {
  const handle = match?.handle;
  if (!isRouteHandle(handle)) return undefined;
  return { page: handle.route.page, params: { ...match?.params, ...handle.props } };
}

/**
 * The title of the page the router shows: the last match's manifest route, else (a 404) "Page not found". The table
 * of titles (src/domain/page-title-table.ts) is loaded with the first title asked for, not with the app's entry.
 */
export async function routeTitle(
  match: { handle: unknown; params: PageParams } | undefined,
): Promise<string | undefined> {
  return pageTitle(routePage(match));
}

async function pageTitle(shown: { page: RoutePage; params: PageParams } | undefined): Promise<string | undefined> {
  if (!shown) return m.app_title_not_found();
  const { PAGE_TITLES } = await import('@/domain/page-title-table');
  return PAGE_TITLES[shown.page](shown.params);
}

/**
 * Names the page the router shows in the browser's tab, history and the phone's app switcher, in the page's language,
 * once its title is read (the server's HTML named the page a visit starts on already). Offline before the table was
 * ever fetched, the tab keeps the title it has.
 */
export function useRouteTitle(match: { handle: unknown; params: PageParams } | undefined): void {
  const locale = useLocale();
  const shown = routePage(match);
  const page = shown?.page;
  // The parameters as one value, so the effect runs when they change, not on every render.
  const paramsKey = JSON.stringify(shown?.params ?? {});
  useEffect(() => {
    let current = true;
    pageTitle(page === undefined ? undefined : { page, params: JSON.parse(paramsKey) as PageParams })
      .then((title) => {
        if (current) document.title = documentTitle(title);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [page, paramsKey, locale]);
}
