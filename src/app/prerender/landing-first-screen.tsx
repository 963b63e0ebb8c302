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

/** The words of the shell's head in `locale`: the page's title and its description for search results. */
export function shellHead(locale: Locale): { title: string; description: string } {
  return {
    title: m.site_shell_title({}, { locale }),
    description: m.site_shell_description({}, { locale }),
  };
}
