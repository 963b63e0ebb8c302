import { Suspense, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, type Location } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { revealApp } from '@/ui/first-screen';
import { useInvalidFieldFocus } from '@/ui/invalid-field-focus';
import { SpinnerScreen } from '@/ui/spinner';
import { usePageTitle } from '@/ui/use-page-title';
import { routePage, routeTitle } from '../page-titles';
import { Toaster } from '@/ui/toast/toaster';
import { UpdateNotice } from '../pwa/update-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePageDescription } from './use-page-description';
import './layout.css';

/**
 * Scroll positions are remembered per history entry, not per address: a page opened anew (a link, a menu
 * item, publishing) starts at its top even when the same address was seen before, and Back or Forward return
 * to where that very entry was left. (Keyed by path, every visit to /main/rent would reopen at the last
 * position.) The one entry the app did not make, the page a visit starts on, has the key "default" whatever
 * its address: keyed by "default", a page opened from a typed or shared link would open where another first
 * page was left. That entry is keyed by its address instead.
 */
const scrollKeyOfEntry = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * The app's first render takes the place of a prerendered first screen (the landing's, or the lists' header), in
 * the same frame, before the browser paints again. It comes first in the layout so that its effect runs before
 * the page's own layout effects, which may measure what they drew: the app must be visible by then.
 */
function RevealApp() {
  useLayoutEffect(revealApp, []);
  return null;
}

/** Every page: the fixed header, the page, the footer below it, and the notifications. */
export function RootLayout() {
  useInvalidFieldFocus();
  const match = useMatches().at(-1);
  usePageTitle(routeTitle(match));
  usePageDescription(routePage(match));
  return (
    <>
      <RevealApp />
      <ScrollRestoration getKey={scrollKeyOfEntry} />
      <a className="skip-link" href="#content">
        {m.app_skip_to_content()}
      </a>
      <SiteHeader />
      <main id="content" className="site-main">
        <Suspense fallback={<SpinnerScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <UpdateNotice />
      <Toaster />
    </>
  );
}
