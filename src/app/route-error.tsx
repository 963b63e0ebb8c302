import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ButtonLink } from '@/ui/button';
import { reloadForNewVersion } from './pwa/register-pwa';

/** What a page that failed to load shows: never a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const chunkMissing =
    error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  // A deploy replaced the page's code: one reload fetches the new version.
  if (chunkMissing && reloadForNewVersion()) return null;
  const offline = !navigator.onLine;
  return (
    <section className="not-found" role="alert">
      <h1>{offline ? 'You are offline' : 'Something went wrong'}</h1>
      <p>
        {offline
          ? 'This page has not been saved on your phone yet. Connect to the internet and try again.'
          : isRouteErrorResponse(error)
            ? error.statusText
            : 'The page could not be shown. Please try again.'}
      </p>
      <ButtonLink to="/">Go Home</ButtonLink>
    </section>
  );
}
