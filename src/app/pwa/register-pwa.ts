import type { Workbox } from 'workbox-window';
import {
  CACHE_FILES_MESSAGE,
  groupsToCache,
  isAppFilePath,
  OUTBOX_WORKER_SCOPE,
  OUTBOX_WORKER_URL,
  type CacheFilesMessage,
} from '@/domain/worker-caching';
import { selfIdAtom } from '@/features/accounts/session/session-atoms';
import { m } from '@/i18n/generated/messages.js';
import { appStore } from '@/lib/app-store';
import { connectionType, savingData } from '@/lib/data-saver';
import { isSignedInPhone, markSignedInPhone } from '@/lib/signed-in-phone';
import { whenIdle } from '@/lib/when-idle';
import { showToast } from '@/ui/toast/toast-atoms';
import { reloadIfDeployReplacedFile } from './missing-chunk';
import { appUpdateAtom, installPromptAtom, type InstallPromptEvent } from './pwa-atoms';

/**
 * Wires the app to its service worker and to the browser's install prompt:
 * - a new version waits until the person chooses Reload (SKIP_WAITING), checked hourly and on return to the app;
 * - a chunk that a deploy removed is fetched after one reload (./missing-chunk.ts), a chunk the network lost is not;
 * - `beforeinstallprompt` is kept so the header can offer Install, and dropped once installed;
 * - the first time the service worker has saved the app on the phone, the person is told it now works offline;
 * - the worker is told which of the app's files to keep beyond its shell (issue 23): those the page loaded before it
 *   was in charge, the pages a visitor opens next, everything on Wi-Fi; nothing optional while the phone saves data;
 * - once someone signs in, the worker keeps the rest of the app's code too, and the outbox worker is registered
 *   beside it (`sw.js?outbox` under a scope of its own, sw/sw.ts, decision 0016), and kept so: it sends the outbox on
 *   Background Sync with no page open, and never controls a page.
 */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const READY_OFFLINE_TOAST_MS = 4000;
const APP_FILES_IDLE_TIMEOUT_MS = 10_000;

/** Same-origin files of the app this page has loaded (from the browser's own record of them). */
function loadedAppFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && isAppFilePath(url.pathname))
    .map((url) => url.pathname)
    .slice(0, 300);
}

/**
 * Asks the app's worker to keep the files this phone should have; resolves once it has. The worker is the one in
 * charge of the app's pages, reached once it is active: on a first visit someone may sign in before it is, and an
 * update waiting for Reload must not cache a build the pages do not run yet.
 */
async function cacheAppFiles(): Promise<void> {
  const { active } = await navigator.serviceWorker.ready;
  const { messageSW } = await loadWorkbox();
  if (!active) return;
  const message: CacheFilesMessage = {
    type: CACHE_FILES_MESSAGE,
    groups: groupsToCache({ saveData: savingData(), type: connectionType(), signedInPhone: isSignedInPhone() }),
    loaded: loadedAppFiles(),
  };
  await messageSW(active, message).catch(() => undefined);
}

/**
 * Registers the outbox worker, or checks it for a new version (the same call does both). Its scope holds no page, so
 * its install and activation never touch a page's requests.
 */
function registerOutboxWorker(): void {
  navigator.serviceWorker.register(OUTBOX_WORKER_URL, { scope: OUTBOX_WORKER_SCOPE }).catch(() => {
    // Offline, or workers blocked: asked again on the next start.
  });
}

/**
 * workbox-window, loaded when the worker is registered rather than with the entry: Workbox registers on the window's
 * `load` anyway, so nothing waits on it, and a first visit's entry script is 2 KiB (gzip) smaller (budget: 130 KiB of
 * first-load JS on `/`, docs/performance.md). The chunk is in the worker's shell (scripts/build/precache-groups.ts).
 */
const loadWorkbox = () => import('workbox-window');

export function registerPwa(): void {
  listenForInstallPrompt();
  reloadOnceOnMissingChunk();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  loadWorkbox().then(
    ({ Workbox }) => registerWorker(new Workbox('/sw.js')),
    () => undefined, // Offline before the worker kept the file: asked again on the next start.
  );
}

function registerWorker(workbox: Workbox): void {
  workbox.addEventListener('installed', (event) => {
    // The first install only: once the worker keeps the shell and the pages opened next, the app opens offline.
    if (event.isUpdate) return;
    void cacheAppFiles().finally(() => showToast(m.app_ready_offline(), 'success', READY_OFFLINE_TOAST_MS));
  });
  workbox.addEventListener('waiting', () => {
    appStore.set(appUpdateAtom, {
      apply: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        // workbox-window posts { type: 'SKIP_WAITING' } (SW_MESSAGE_SKIP_WAITING) to the waiting worker.
        workbox.messageSkipWaiting();
      },
    });
  });
  void workbox.register().then((registration) => {
    if (!registration) return;
    // A phone where someone signed in keeps its outbox worker up to date, whoever is signed in now.
    if (isSignedInPhone()) whenIdle(registerOutboxWorker, APP_FILES_IDLE_TIMEOUT_MS);
    const onSession = () => {
      if (appStore.get(selfIdAtom) === undefined || isSignedInPhone()) return;
      // The first sign-in on this phone (online by then): the rest of the app's code, and the outbox worker. Asked
      // now even if the worker's first-install request went before the sign-in, without the member group.
      markSignedInPhone();
      registerOutboxWorker();
      void cacheAppFiles();
    };
    appStore.sub(selfIdAtom, onSession);
    onSession();
    // A returning visit: files loaded before the worker was in charge, and on Wi-Fi (or once someone signed in) the
    // rest, when the phone is idle.
    if (navigator.serviceWorker.controller) whenIdle(() => void cacheAppFiles(), APP_FILES_IDLE_TIMEOUT_MS);
    const check = () => void registration.update().catch(() => undefined);
    setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
  });
}

function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // Basha shows its own Install button instead of the mini-infobar.
    appStore.set(installPromptAtom, event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => appStore.set(installPromptAtom, undefined));
}

/** True when Basha runs as an installed app. */
export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}

function reloadOnceOnMissingChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Not prevented: the failed import still fails where it was asked for (a sender times out, a page shows its
    // error); the page reloads only if a deploy removed the file.
    void reloadIfDeployReplacedFile((event as Event & { payload?: unknown }).payload);
  });
}
