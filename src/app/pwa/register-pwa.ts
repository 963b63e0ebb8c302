import { Workbox } from 'workbox-window';
import { m } from '@/i18n/generated/messages.js';
import { appStore } from '@/lib/app-store';
import { showToast } from '@/ui/toast/toast-atoms';
import { appUpdateAtom, installPromptAtom, type InstallPromptEvent } from './pwa-atoms';

/**
 * Wires the app to its service worker and to the browser's install prompt:
 * - a new version waits until the person chooses Reload (SKIP_WAITING), checked hourly and on return to the app;
 * - a chunk that a deploy removed is fetched after one reload instead of leaving a blank page;
 * - `beforeinstallprompt` is kept so the header can offer Install, and dropped once installed;
 * - the first time the service worker has saved the app on the phone, the person is told it now works offline.
 */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const CHUNK_RELOAD_KEY = 'basha.reloadedForChunk';
const READY_OFFLINE_TOAST_MS = 4000;

export function registerPwa(): void {
  listenForInstallPrompt();
  reloadOnceOnMissingChunk();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('installed', (event) => {
    // The first install only: its precache now holds every page, so the app opens with no connection.
    if (!event.isUpdate) showToast(m.app_ready_offline(), 'success', READY_OFFLINE_TOAST_MS);
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
    // Offline, a missing chunk is the connection's fault, not a deploy's: reloading would only show an error page.
    if (!navigator.onLine || sessionStorage.getItem(CHUNK_RELOAD_KEY)) return;
    event.preventDefault();
    reloadForNewVersion();
  });
}

/** Reloads to pick up a new deploy, at most once per tab session so a real outage cannot loop. */
export function reloadForNewVersion(): boolean {
  if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}
