/**
 * A page's code that fails to load has one of two causes: the connection (offline, or a flaky network that cut the
 * request) or a deploy that replaced the app's files, so the page asks for a file the server no longer has. Only the
 * second is mended by reloading; reloading for the first throws away what the person was doing (a half-filled form)
 * and, offline, shows the offline page instead of theirs. So the app asks the server about the file itself: a 404
 * means a new version, and the page reloads once; anything else leaves the page as it is.
 */

const CHUNK_RELOAD_KEY = 'basha.reloadedForChunk';

/** The app file named by a failed dynamic import or style preload (Chromium's, Firefox's, Safari's and Vite's words). */
export function failedFileUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const url = /(?:https?:\/\/[^\s'"]+)?\/assets\/[^\s'"]+\.(?:js|css)/.exec(message)?.[0];
  return url === undefined ? undefined : new URL(url, location.origin).href;
}

/** True when the error says a module or its styles could not be loaded. */
export function isMissingChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Whether the server says the file is gone. A request that fails (offline, cut off) is not an answer: false. */
async function serverLostFile(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404;
  } catch {
    return false;
  }
}

/**
 * Reloads the page, at most once per tab session (a real outage cannot loop), when `error` is a failed load of an app
 * file that the server no longer has. Resolves to whether it reloaded.
 */
export async function reloadIfDeployReplacedFile(error: unknown): Promise<boolean> {
  const url = failedFileUrl(error);
  if (url === undefined || !navigator.onLine || sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false;
  if (!(await serverLostFile(url))) return false;
  if (sessionStorage.getItem(CHUNK_RELOAD_KEY)) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}
