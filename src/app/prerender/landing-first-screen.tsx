import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { HeroSection } from '@/features/public-site/ui/landing/hero-section';
import { m } from '@/i18n/generated/messages.js';
import { getLocale, overwriteGetLocale } from '@/i18n/generated/runtime.js';
import type { Locale } from '@/i18n/locale';
import { SavingDataContext } from '@/ui/responsive-image';
import { SiteHeader } from '../layout/site-header';

/**
 * The landing page's first screen as HTML, in `locale`, as a visitor without a session first sees it, on a phone
 * that saves data or not (its hero then offers only the smallest width; the server picks: src/domain/data-saver.ts).
 * The messages ask the runtime's language while they render, so it is set for the render and given back after.
 */
export function renderLandingFirstScreen(locale: Locale, savingData = false): string {
  const previous = getLocale;
  overwriteGetLocale(() => locale);
  try {
    return renderToStaticMarkup(
      <SavingDataContext value={savingData}>
        <MemoryRouter initialEntries={['/']}>
          <a className="skip-link" href="#content">
            {m.app_skip_to_content()}
          </a>
          <SiteHeader />
          <main id="content" className="site-main">
            <HeroSection />
          </main>
        </MemoryRouter>
      </SavingDataContext>,
    );
  } finally {
    overwriteGetLocale(previous);
  }
}

/**
 * The list pages' first screen as HTML, in `locale`: the site's header alone. A list has nothing else to show before
 * its code has run and read the phone's copy of the ads (the page's own words come with it), and until then a phone
 * on a slow network showed a blank page for seconds. The header stands from the first paint instead, and the app
 * takes its place when it renders (src/app/layout/root-layout.tsx), so nothing shifts.
 */
export function renderListFirstScreen(locale: Locale): string {
  const previous = getLocale;
  overwriteGetLocale(() => locale);
  try {
    return renderToStaticMarkup(
      // No address of the app's: no link of the header shows as the current page until the app does.
      <MemoryRouter initialEntries={['/first-screen']}>
        <a className="skip-link" href="#content">
          {m.app_skip_to_content()}
        </a>
        <SiteHeader />
      </MemoryRouter>,
    );
  } finally {
    overwriteGetLocale(previous);
  }
}

/** The words of the shell's head in `locale`: the page's title and its description for search results. */
export function shellHead(locale: Locale): { title: string; description: string } {
  return {
    title: m.site_shell_title({}, { locale }),
    description: m.site_shell_description({}, { locale }),
  };
}
