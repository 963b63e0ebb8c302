/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from '../src/domain/outbox';
import { answerLocale, offlinePage } from './offline-answer';
import {
  PHOTO_CACHE,
  PHOTO_CACHE_MAX_AGE_S,
  PHOTO_CACHE_MAX_ENTRIES,
  PHOTO_UNAVAILABLE_URL,
  SW_MESSAGE_SKIP_WAITING,
} from './sw-constants';

/**
 * Basha's service worker. The app shell (HTML, scripts, styles, icons, illustrations) is precached, so every
 * page opens offline; navigations get the shell and the app's router does the rest. Photos are kept
 * cache-first in a bounded cache. Data never goes through here: listings live in IndexedDB and the API is
 * always asked directly. Background Sync only wakes the open pages, whose outbox sends what waits.
 */
declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's WebWorker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

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

// A page the worker cannot answer (its copy of the shell gone, and no network) gets a short offline page in the
// person's language rather than the browser's error page.
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? offlinePage(await answerLocale(request, self)) : Response.error(),
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
      // Offline, a photo never seen on this phone cannot load: every <img> in the app then shows the precached
      // "photo unavailable" picture instead of a broken-image icon, with no per-component error handling.
      { handlerDidError: async () => (await matchPrecache(PHOTO_UNAVAILABLE_URL)) ?? Response.error() },
    ],
  }),
);

// The browser fires this once a connection returns after a post was queued: the pages send their outbox.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      for (const page of pages) page.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
    }),
  );
});
