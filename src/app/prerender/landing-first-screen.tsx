import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import {
  ALL_CATEGORIES,
  findServicePath,
  SERVICE_CATEGORIES,
  serviceCategorySlug,
  type ServiceCategoryFilter,
} from '@/domain/service-category';
import { HeroSection } from '@/features/public-site/ui/landing/hero-section';
import { RentListHeader } from '@/features/rent/ui/rent-list-header';
import { ServiceListHeader } from '@/features/services/ui/service-list-header';
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

/** A list page that has a first screen of its own: the rent list, or the service list of a category. */
export type ListPage = { kind: 'rent' } | { kind: 'services'; category: ServiceCategoryFilter };

/**
 * Every list page's first screen, keyed as the server finds it for an address (`listShellKey` in
 * server/http/route-preloads.ts): the rent list, and each category's service list ("all" included).
 */
export function listFirstScreens(): { key: string; path: string; page: ListPage }[] {
  const categories: ServiceCategoryFilter[] = [ALL_CATEGORIES, ...SERVICE_CATEGORIES];
  return [
    { key: 'rent', path: '/main/rent', page: { kind: 'rent' } },
    ...categories.map((category) => ({
      key: `services-${serviceCategorySlug(category)}`,
      path: findServicePath(category),
      page: { kind: 'services' as const, category },
    })),
  ];
}

/**
 * A list page's first screen as HTML, in `locale`: the site's header, and the page's heading and lead, in the
 * page's own markup (the page draws the same components). The rest of a list depends on the phone's data and has
 * to wait for its code, but its heading need not: on a slow network it stands from the first paint, as the page's
 * largest text. The app takes its place when it renders (src/app/layout/root-layout.tsx), so nothing shifts.
 */
export function renderListFirstScreen(locale: Locale, page: ListPage): string {
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
        <main id="content" className="site-main">
          {page.kind === 'rent' ? (
            <section className="rent-page">
              <RentListHeader />
            </section>
          ) : (
            <div className="page find-service">
              <ServiceListHeader category={page.category} />
            </div>
          )}
        </main>
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
