import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { HeroSection } from '@/features/public-site/ui/landing/hero-section';
import { SiteHeader } from '../layout/site-header';

/** The landing page's first screen as HTML, as a visitor without a session first sees it. */
export function renderLandingFirstScreen(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/']}>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <SiteHeader />
      <main id="content" className="site-main">
        <HeroSection />
      </main>
    </MemoryRouter>,
  );
}
