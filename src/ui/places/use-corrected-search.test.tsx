// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import { useCorrectedPlaceSearch } from './use-corrected-search';

function Corrected({ search, foundNone }: { search: string; foundNone: boolean }) {
  return <output>{useCorrectedPlaceSearch(search, foundNone) ?? '(none)'}</output>;
}

describe('useCorrectedPlaceSearch', () => {
  const screen = mountForTest();
  const shown = () => screen.container.textContent;

  it('puts a place name right once the search as typed found nothing', async () => {
    await screen.renderAsync(<Corrected search="plumber mirpor" foundNone />);
    await expect.poll(shown, { timeout: 10_000 }).toBe('plumber Mirpur');
  });

  it('asks nothing while the search finds something, and forgets an answer for another search', async () => {
    await screen.renderAsync(<Corrected search="mirpor" foundNone={false} />);
    expect(shown()).toBe('(none)');
    await screen.renderAsync(<Corrected search="mirpor" foundNone />);
    await expect.poll(shown, { timeout: 10_000 }).toBe('Mirpur');
    await screen.renderAsync(<Corrected search="uttra" foundNone />);
    expect(shown()).not.toBe('Mirpur');
    await expect.poll(shown, { timeout: 10_000 }).toBe('Uttara');
  });
});
