import { PAGE_TITLES, type PageParams } from '@/domain/page-titles';
import { m } from '@/i18n/generated/messages.js';
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

/** The title of the page the router shows: the last match's manifest route, else (a 404) "Page not found". */
export function routeTitle(match: { handle: unknown; params: PageParams } | undefined): string | undefined {
  const shown = routePage(match);
  if (!shown) return m.app_title_not_found();
  return PAGE_TITLES[shown.page](shown.params);
}
