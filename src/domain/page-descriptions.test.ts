import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/locale';
import { pageDescription } from './page-descriptions';
import { PAGE_TITLES } from './page-title-table';
import { documentTitle } from './page-titles';
import { ROUTE_MANIFEST } from './route-manifest';
import { routeVariants } from './route-match';
import { SERVICE_CATEGORIES, serviceCategorySlug } from './service-category';

/** Every page the router has, with sample values for its open parameters (and every category of find-service). */
const pages = ROUTE_MANIFEST.flatMap((route) =>
  routeVariants(route).flatMap((variant) => {
    const params = { ...variant.props, id: 'a1', userId: 'u1', serviceId: 's1' };
    if (!route.path.includes(':category')) return [{ path: variant.path, page: route.page, params }];
    return ['all', ...SERVICE_CATEGORIES.map(serviceCategorySlug)].map((category) => ({
      path: variant.path.replace(':category', category),
      page: route.page,
      params: { ...params, category },
    }));
  }),
);

const BANGLA = /[\u0980-\u09FF]/;

describe('each page’s title and meta description', () => {
  it.each(LOCALES)('exist for every route in %s, short enough for a search result', (locale) => {
    for (const { page, params } of pages) {
      const title = documentTitle(PAGE_TITLES[page](params, locale), { locale });
      const description = pageDescription(page, params, locale);
      expect(title.length, page).toBeGreaterThan(4);
      expect(description.length, page).toBeGreaterThan(30);
      // Search engines cut a snippet at about 160 characters.
      expect(description.length, page).toBeLessThanOrEqual(160);
      expect(BANGLA.test(title) && BANGLA.test(description), page).toBe(locale === 'bn');
    }
  });

  it('differ from page to page, and the not-found page has its own', () => {
    for (const locale of LOCALES) {
      // Pages of one module with different parameters describe their own subject (the service, the category); the
      // steps of one page (the phone sign-in's) share its description.
      const byPage = new Map(
        pages.map(({ page, params }) => [`${page} ${JSON.stringify(params)}`, pageDescription(page, params, locale)]),
      );
      expect(new Set(byPage.values()).size).toBe(byPage.size);
      expect([...byPage.values()]).not.toContain(pageDescription(undefined, {}, locale));
    }
    expect(pageDescription(undefined, {}, 'en')).toContain('does not exist');
    expect(pageDescription('src/features/services/ui/find-service-page.tsx', { category: 'plumber' }, 'en')).toContain(
      'Plumber',
    );
    expect(pageDescription('src/features/public-site/ui/service-info-page.tsx', { slug: 'tutor' }, 'bn')).toContain(
      'গৃহশিক্ষক',
    );
  });
});
