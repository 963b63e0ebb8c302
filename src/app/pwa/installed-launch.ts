import { redirect } from 'react-router-dom';
import { readSession } from '@/lib/session-cookies';

/**
 * Where Basha opens when it is opened at `/`. The manifest's `start_url` is `/`, so a visitor who installed Basha
 * opens it on the landing page, which explains it; a signed-in person opening the installed app (display mode
 * standalone) has been past that page and comes for the listings: `/` takes them to the rent list (issue 39, point 8).
 * In a browser tab `/` stays the landing page for everyone.
 */

export const INSTALLED_APP_HOME = '/main/rent';

/** The page `/` opens on, or undefined for the landing page. */
export function homeOf({ standalone, signedIn }: { standalone: boolean; signedIn: boolean }): string | undefined {
  return standalone && signedIn ? INSTALLED_APP_HOME : undefined;
}

/** The landing route's loader: the installed app of a signed-in person goes on to the lists before anything renders. */
export function landingLoader(): Response | null {
  const standalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  const home = homeOf({ standalone, signedIn: readSession() !== undefined });
  return home ? redirect(home) : null;
}
