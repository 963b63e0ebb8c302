import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SpinnerScreen } from '@/ui/spinner';
import { Toaster } from '@/ui/toast/toaster';
import { UpdateNotice } from '../pwa/update-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

/** Every page: the fixed header, the page, the footer below it, and the notifications. */
export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
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
