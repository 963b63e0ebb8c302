// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageParams } from '@/domain/page-titles';
import type { RoutePage } from '@/domain/route-manifest';
import { switchLocale } from '@/i18n/client-locale';
import { mountForTest } from '@/test/mount-for-test';
import { usePageDescription } from './use-page-description';

function Page({ shown }: { shown: { page: RoutePage; params: PageParams } | undefined }) {
  usePageDescription(shown);
  return null;
}

/** The table comes in by a dynamic import: the first one is transformed on demand, slowly on a busy machine. */
const SETTLED = { timeout: 10_000 };

const descriptions = () =>
  [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((meta) => meta.content);

describe('usePageDescription', () => {
  // The table the hook imports, transformed once before the tests (a busy machine takes seconds over it).
  beforeAll(() => import('@/domain/page-descriptions'), 60_000);
  afterEach(() => {
    act(() => switchLocale('en'));
    document.head.innerHTML = '';
  });
  // Called after the reset above, so the page is unmounted first (after-hooks run last-registered first).
  const view = mountForTest();

  it('keeps the shell’s one description tag on the shown page’s words, in the page’s language', async () => {
    document.head.innerHTML = '<meta name="description" content="Basha: the shell’s description.">';
    view.render(<Page shown={{ page: 'src/features/rent/ui/rent-listing-page.tsx', params: {} }} />);
    await vi.waitFor(
      () => expect(descriptions()).toEqual([expect.stringMatching(/^Homes for rent near you/)]),
      SETTLED,
    );

    view.render(
      <Page shown={{ page: 'src/features/services/ui/find-service-page.tsx', params: { category: 'tutor' } }} />,
    );
    await vi.waitFor(
      () => expect(descriptions()).toEqual([expect.stringMatching(/^Tutor near you on Basha/)]),
      SETTLED,
    );

    act(() => switchLocale('bn'));
    await vi.waitFor(() => expect(descriptions()).toEqual([expect.stringContaining('গৃহশিক্ষক')]), SETTLED);

    // A path no page shows: the not-found page's.
    view.render(<Page shown={undefined} />);
    await vi.waitFor(() => expect(descriptions()).toEqual([expect.stringContaining('এই পেজটি বাসায় নেই')]), SETTLED);
  });

  it('adds the tag to a head without one, once', async () => {
    view.render(<Page shown={{ page: 'src/features/saved/ui/saved-page.tsx', params: {} }} />);
    await vi.waitFor(() => expect(descriptions()).toEqual([expect.stringContaining('you saved on Basha')]), SETTLED);
    view.render(<Page shown={{ page: 'src/features/public-site/ui/about-page.tsx', params: {} }} />);
    await vi.waitFor(() => expect(descriptions()).toEqual([expect.stringMatching(/^What Basha is/)]), SETTLED);
  });
});
