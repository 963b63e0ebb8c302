import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_MANIFEST } from '@/domain/route-manifest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { documentTitle } from '@/ui/use-page-title';
import { routeTitle } from './page-titles';
import { NotFoundPage } from './pages/not-found-page';

const route = (path: string) => ROUTE_MANIFEST.find((each) => each.path === path)!;
const titleOf = async (path: string, params: Record<string, string> = {}, props: Record<string, string> = {}) =>
  documentTitle(await routeTitle({ handle: { route: route(path), props }, params }));

describe('page titles', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('name each page in English', async () => {
    expect(await titleOf('/main/rent')).toBe('Rentals · Basha');
    expect(await titleOf('/')).toBe('Basha: home services and rentals in Bangladesh');
    expect(await titleOf('/services/:slug', {}, { slug: 'home-maid' })).toBe('Home Maid · Basha');
    expect(await titleOf('/main/find-service/:category', { category: 'all' })).toBe('Find a service · Basha');
    expect(documentTitle(await routeTitle({ handle: undefined, params: {} }))).toBe('Page not found · Basha');
  });

  it('name each page in Bangla, and the 404 shows Bangla digits', async () => {
    overwriteGetLocale(() => 'bn');
    expect(await titleOf('/main/rent')).toBe('ভাড়া · বাসা');
    expect(await titleOf('/main/find-service/:category', { category: 'maid' })).toBe('গৃহকর্মী · বাসা');
    expect(documentTitle(await routeTitle({ handle: undefined, params: {} }))).toBe('পেজ পাওয়া যায়নি · বাসা');
    const page = renderToStaticMarkup(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(page).toContain('৪০৪');
    expect(page).toContain('পেজটি পাওয়া যায়নি');
  });
});
