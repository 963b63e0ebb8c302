/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { PHOTO_CACHE, PHOTO_CACHE_MAX_AGE_S, PHOTO_CACHE_MAX_ENTRIES, SW_MESSAGE_SKIP_WAITING } from './sw-constants';

/**
 * Basha's service worker. The app shell (HTML, scripts, styles, icons, illustrations) is precached, so every
 * page opens offline; navigations get the shell and the app's router does the rest. Photos are kept
 * cache-first in a bounded cache. Data never goes through here: listings live in IndexedDB and the API is
 * always asked directly.
 */
declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Take over the page that registered us at once, so even the first visit works offline afterwards.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | undefined)?.type === SW_MESSAGE_SKIP_WAITING) void self.skipWaiting();
});

// Every navigation (a page of the app) answers with the shell; the API, photos and the sign-in proxy are not
// pages and must reach the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api\//,
      /^\/uploads\//,
      /^\/identitytoolkit\.googleapis\.com\//,
      /^\/securetoken\.googleapis\.com\//,
      /^\/emulator\//,
    ],
  }),
);

// Uploaded photos never change (their names are unique), so a cached copy is always right.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/uploads/') && request.method === 'GET',
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: PHOTO_CACHE_MAX_ENTRIES,
        maxAgeSeconds: PHOTO_CACHE_MAX_AGE_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
