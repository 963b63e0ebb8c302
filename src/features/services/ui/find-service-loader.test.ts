// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeService } from '@/domain/service.fixtures';
import { applyServicesSync } from '../api/fetch-services';
import { SERVICES_DB_NAME, servicesMirror } from '../db/services-db';
import { loadFindService } from './find-service-page';

// Three painters: the cheapest has only a large cover, the others a card-sized version of theirs too.
const services = [
  makeService('mid', {
    minimumPrice: 2000,
    coverImage: '/uploads/services/mid.webp',
    coverThumbnail: '/uploads/services/mid-thumb.webp',
  }),
  makeService('cheap', { minimumPrice: 500, coverImage: '/uploads/services/cheap.webp', coverThumbnail: null }),
  makeService('dear', {
    minimumPrice: 9000,
    coverImage: '/uploads/services/dear.webp',
    coverThumbnail: '/uploads/services/dear-thumb.webp',
  }),
];

function load(address: string) {
  const url = new URL(address, 'http://localhost');
  const category = url.pathname.split('/').pop()!;
  return loadFindService({ params: { category }, request: new Request(url) } as unknown as LoaderFunctionArgs);
}

/** The images the page asked for ahead of its elements (jsdom does not reflect a link's `as`, so not selected by). */
const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
    (link) => new URL(link.href).pathname,
  );

beforeEach(async () => {
  document.head.replaceChildren();
  servicesMirror.close();
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(SERVICES_DB_NAME);
    request.onsuccess = request.onerror = resolve;
  });
});

describe('the find-service route loader', () => {
  it('asks for the first card’s cover while the page renders, as the address sorts the list', async () => {
    await applyServicesSync({ changed: services, deleted: [], cursor: '1' }, { full: true, now: 1 });

    expect(await load('/main/find-service/all')).toHaveLength(3);
    // Cheapest first by default: its card shows the large cover, having no smaller one.
    expect(preloadedImages()).toEqual(['/uploads/services/cheap.webp']);

    document.head.replaceChildren();
    await load('/main/find-service/all?sort=price&order=desc');
    expect(preloadedImages()).toEqual(['/uploads/services/dear-thumb.webp']);
  });

  it('asks for nothing when no card would show, or the category is unknown', async () => {
    await applyServicesSync({ changed: services, deleted: [], cursor: '1' }, { full: true, now: 1 });
    await load('/main/find-service/Plumber');
    expect(await load('/main/find-service/nonsense')).toBeUndefined();
    expect(preloadedImages()).toEqual([]);
  });
});
