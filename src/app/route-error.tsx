import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { ButtonLink } from '@/ui/button';
import { usePageTitle } from '@/ui/use-page-title';
import { reloadForNewVersion } from './pwa/register-pwa';

/** What a page that failed to load shows: never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const offline = !navigator.onLine;
  // The error page stands in for the root layout, so it names the tab itself.
  usePageTitle(offline ? m.app_error_offline_heading() : m.app_title_error());
  const chunkMissing =
    error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  // A deploy replaced the page's code: one reload fetches the new version.
  if (chunkMissing && reloadForNewVersion()) return null;
  return (
    <section className="not-found" role="alert">
      <h1>{offline ? m.app_error_offline_heading() : m.app_error_heading()}</h1>
      <p>
        {offline
          ? m.app_error_offline_text()
          : // The router's status text is English: a Bangla page says it in its own words.
            isRouteErrorResponse(error) && getLocale() === 'en'
            ? error.statusText
            : m.app_error_text()}
      </p>
      <ButtonLink to="/">{m.app_go_home()}</ButtonLink>
    </section>
  );
}
