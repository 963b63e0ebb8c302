/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { PUBLIC_LISTING_PAGE_PATHS } from '../src/domain/listing-kinds';
import { OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from '../src/domain/outbox';
import { SAVED_PHOTO_CACHE } from '../src/domain/saved';
import { isOutboxWorkerScope, WORKER_OUTBOX_QUERY } from '../src/domain/worker-caching';
import { answerLocale, offlinePage } from './offline-answer';
import { appFiles } from './sw-app-files';
import type { loadWorkerOutbox } from './sw-outbox-engine';
import {
  PHOTO_CACHE,
  PHOTO_CACHE_MAX_AGE_S,
  PHOTO_CACHE_MAX_ENTRIES,
  PHOTO_UNAVAILABLE_URL,
  PUBLIC_PAGE_CACHE,
  PUBLIC_PAGE_CACHE_MAX_ENTRIES,
  PUBLIC_PAGE_NETWORK_TIMEOUT_S,
  SHARE_TARGET_PATH,
  SW_MESSAGE_SKIP_WAITING,
} from './sw-constants';
import { takeSharedPhotos } from './share-target';
import {
  isShownAlready,
  notificationFor,
  readPushMessage,
  tappedPath,
  windowForTap,
  windowPath,
} from './push-notifications';

/**
 * Basha's service worker, in one of two roles chosen by its address and scope (decision 0016):
 *
 * - `sw.js`, the app's worker, in charge of every page: the app shell (the shells, the entry, the landing page's
 *   chunks) is precached, so `/` opens offline; the pages a visitor opens next, the signed-in pages and the rest are
 *   cached as the page asks, or on first use (./sw-app-files.ts, issue 23). Navigations get the shell and the app's
 *   router does the rest. Photos are kept cache-first in a bounded cache. Data never goes through here: listings
 *   live in IndexedDB and the API is always asked directly.
 * - `sw.js?outbox`, the outbox worker, registered once someone signed in on the phone under a scope that holds no
 *   page (OUTBOX_WORKER_SCOPE): it imports the outbox engine (./sw-outbox-engine.ts) and sends the outbox on
 *   Background Sync when no page is in front. It answers no request, so it comes and goes without touching a page.
 *
 * On Background Sync either asks the open pages to send; the page in front does, with the photos' progress on screen.
 * The app's worker also shows Web Push messages (issue 43: alert matches, new messages, request changes) as
 * notifications, and a tap on one opens its page in a Basha window (./push-notifications.ts).
 */
declare const self: ServiceWorkerGlobalScope;

declare global {
  /** Defined by the outbox engine's script, once imported (scripts/build/worker-outbox-build.ts). */
  var bashaWorkerOutbox: { loadWorkerOutbox: typeof loadWorkerOutbox } | undefined;
}

/** The Background Sync event (not in TypeScript's WebWorker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The worker that sends the outbox without a page is a registration of its own (src/app/pwa/register-pwa.ts): a worker
// may import scripts only while it is installed, and a visitor's first visit should not download the engine; the
// app's worker once swapped itself for one with the engine after a sign-in, and a navigation that came in that
// moment could hang (decision 0016). Such an earlier phone still has `sw.js?outbox` in charge of its pages until the
// app's worker replaces it: there it stays the app's worker.
const isOutboxWorker =
  new URL(self.location.href).searchParams.has(WORKER_OUTBOX_QUERY) && isOutboxWorkerScope(self.registration.scope);
const files = appFiles(self.__WB_MANIFEST);
if (isOutboxWorker) startOutboxWorker(files.outboxScript);
else startAppWorker();

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(sendOutbox());
});

/** The outbox worker: its engine, and nothing between the pages and the network. */
function startOutboxWorker(outboxScript: string | undefined): void {
  if (outboxScript) importScripts(outboxScript);
  // It controls no page, so a new version has nothing to wait for.
  self.addEventListener('install', () => void self.skipWaiting());
}

function startAppWorker(): void {
  precacheAndRoute(files.precached);
  cleanupOutdatedCaches();
  files.listen(self);
  // Take over the page that registered us at once, so even the first visit works offline afterwards.
  clientsClaim();
  self.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | undefined)?.type === SW_MESSAGE_SKIP_WAITING) void self.skipWaiting();
  });
  registerAppRoutes();
  // The push subscription is the app's worker's (its registration at `/`, src/features/alerts/push/device-push.ts).
  self.addEventListener('push', (event) => event.waitUntil(showPushMessage(event.data?.text())));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openTappedPage(event.notification.data));
  });
}

/** A push message as a notification, unless the focused window already shows what it is about. */
async function showPushMessage(text: string | undefined): Promise<void> {
  const origin = self.location.origin;
  const message = readPushMessage(text, origin);
  if (!message) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (isShownAlready(message, windows, origin)) return;
  const { title, options } = notificationFor(message);
  await self.registration.showNotification(title, options);
}

/** Brings a Basha window forward at the tapped notification's page, or opens one there. */
async function openTappedPage(data: unknown): Promise<void> {
  const origin = self.location.origin;
  const path = tappedPath(data, origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const target = windowForTap(windows, path, origin);
  if (target) {
    // A browser may refuse to bring a window forward (focus needs the tap's activation): it still goes to the page.
    const focused = await target.focus().catch(() => target);
    if (windowPath(focused.url, origin) === path) return;
    // Navigating works for a window this worker controls; one it does not (a page opened before it took over) gets
    // a new window instead.
    const moved = await focused.navigate(path).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(path);
}

/** `/rent/{id}`, `/pros/{userId}` (a trailing slash allowed). The paths are plain words: nothing to escape. */
const PUBLIC_LISTING_PAGE = new RegExp(`^(${PUBLIC_LISTING_PAGE_PATHS.join('|')})/[^/]+/?$`);
const isPublicListingPage = (pathname: string) => PUBLIC_LISTING_PAGE.test(pathname);

function registerAppRoutes(): void {
  // Every navigation (a page of the app) answers with the shell; the API, photos and the sign-in proxy are not
  // pages and must reach the network. No route below takes the API either: its calls, the live event stream
  // (`/api/v1/events`, src/lib/user-event-stream.ts) among them, go to the network as the page made them, never
  // cached and never queued (posts wait in the outbox, which the page or Background Sync sends).
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [
        /^\/api\//,
        /^\/uploads\//,
        /^\/identitytoolkit\.googleapis\.com\//,
        /^\/securetoken\.googleapis\.com\//,
        /^\/emulator\//,
        // The public pages are the server's own HTML, not the app's shell (below).
        ...PUBLIC_LISTING_PAGE_PATHS.map((path) => new RegExp(`^${path}/`)),
      ],
    }),
  );

  // Public pages (a shared link's ad or provider): the network first, so a change shows, and the last copy seen
  // on this phone when there is none or it is too slow, so a page opened once opens again offline.
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      request.method === 'GET' &&
      (isPublicListingPage(url.pathname) || url.pathname.startsWith('/share/page-')),
    new NetworkFirst({
      cacheName: PUBLIC_PAGE_CACHE,
      networkTimeoutSeconds: PUBLIC_PAGE_NETWORK_TIMEOUT_S,
      plugins: [new ExpirationPlugin({ maxEntries: PUBLIC_PAGE_CACHE_MAX_ENTRIES, purgeOnQuotaError: true })],
    }),
  );

  // Photos shared into Basha from another app (the manifest's share_target): kept for the add-rent page, which
  // opens with them.
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
    async ({ request }) => takeSharedPhotos(request),
    'POST',
  );

  // A page the worker cannot answer (its copy of the shell gone, and no network) gets a short offline page in the
  // person's language rather than the browser's error page.
  setCatchHandler(async ({ request }) =>
    request.mode === 'navigate' ? offlinePage(await answerLocale(request, self)) : Response.error(),
  );

  // Uploaded photos never change (their names are unique), so a cached copy is always right. Saved listings' photos
  // are answered first from their own cache (src/lib/saved/saved-photos.ts), which nothing expires while they are saved.
  const photos = new CacheFirst({
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
  });
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname.startsWith('/uploads/') && request.method === 'GET',
    async (options) =>
      (await caches.match(options.request, { cacheName: SAVED_PHOTO_CACHE })) ?? photos.handle(options),
  );
}

/**
 * The browser fires this once a connection returns after a post was queued (and at once when it is registered
 * online). A page in front sends its own outbox, showing the photos' progress: it is only asked to, and the sync
 * is failed while posts wait, so that the browser fires it again later in case the page closes first. With none in
 * front (the phone was locked, the app closed or in the background), the outbox worker sends the outbox itself.
 */
async function sendOutbox(): Promise<void> {
  // Every page of the origin: the outbox worker controls none of them.
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
  // The app's worker has no engine (the page registers the sync with it only where there is no outbox worker yet):
  // the pages send on their start.
  const engine = globalThis.bashaWorkerOutbox;
  if (!engine) return;
  const outbox = await engine.loadWorkerOutbox();
  const inFront = pages.some((page) => page.visibilityState === 'visible');
  // A failed sync event is fired again later by the browser (minutes later, a few times, further apart each time).
  const retryLater = inFront
    ? await outbox.outboxHasWaitingItems()
    : await outbox.sendOutboxFromWorker(self.cookieStore);
  if (retryLater) throw new Error('Posts are still waiting to be sent');
}
