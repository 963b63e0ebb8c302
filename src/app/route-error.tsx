import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { DEFAULT_LOCALE } from '@/i18n/locale';
import { ButtonLink } from '@/ui/button';
import { usePageTitle } from '@/ui/use-page-title';
import { isMissingChunkError, reloadIfDeployReplacedFile } from './pwa/missing-chunk';

/** What a page that failed to load shows: never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const offline = !navigator.onLine;
  // The error page stands in for the root layout, so it names the tab itself.
  usePageTitle(offline ? m.app_error_offline_heading() : m.app_title_error());
  // If a deploy replaced the page's code, one reload fetches the new version; if the connection lost it, the page
  // says so and stays (a reload offline would only bring the offline page).
  useEffect(() => {
    if (isMissingChunkError(error)) void reloadIfDeployReplacedFile(error);
  }, [error]);
  return (
    <section className="not-found" role="alert">
      <h1>{offline ? m.app_error_offline_heading() : m.app_error_heading()}</h1>
      <p>
        {offline
          ? m.app_error_offline_text()
          : // The router's status text is English (the default language): other pages say it in their own words.
            isRouteErrorResponse(error) && getLocale() === DEFAULT_LOCALE
            ? error.statusText
            : m.app_error_text()}
      </p>
      <ButtonLink to="/">{m.app_go_home()}</ButtonLink>
    </section>
  );
}
