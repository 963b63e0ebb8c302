import { Suspense, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { scrollKeyOfEntry } from '@/lib/scroll-entry-key';
import { revealApp } from '@/ui/first-screen';
import { useInvalidFieldFocus } from '@/ui/invalid-field-focus';
import { SpinnerScreen } from '@/ui/spinner';
import { routePage, useRouteTitle } from '../page-titles';
import { Toaster } from '@/ui/toast/toaster';
import { UpdateNotice } from '../pwa/update-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { usePageDescription } from './use-page-description';
import './layout.css';

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
  useRouteTitle(match);
  usePageDescription(routePage(match));
  return (
    <>
      <RevealApp />
      {/* Positions are kept per history entry: a page opened anew starts at its top (src/lib/scroll-entry-key.ts). */}
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
