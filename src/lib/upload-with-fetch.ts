import { API_BASE_PATH } from '@/domain/constants';
import { uploadDeadlineMs } from '@/domain/upload-progress';
import type { ApiEnvelope } from '@/domain/user';
import { readSessionToken } from './session-cookies';
import { UploadError, type UploadBodyProgress, type UploadOptions } from './upload-with-progress';

/** `navigator.onLine` is only trusted when false. */
const notKnownOffline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The same request where there is no XMLHttpRequest: the service worker, sending the outbox on Background Sync with
 * no page open. Nobody watches its progress, and fetch reports none while the body goes, so a stall cannot be told
 * from a slow answer: only the overall limit applies, and the progress is reported once the body has landed.
 */
export async function uploadWithFetch<T>(
  path: string,
  body: FormData,
  onProgress: (progress: UploadBodyProgress) => void,
  options: UploadOptions = {},
): Promise<ApiEnvelope<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const deadlineTimer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.deadlineMs ?? uploadDeadlineMs(options.bytes ?? 0),
  );
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const token = options.bearerToken ?? readSessionToken();
  try {
    let response: Response;
    let envelope: ApiEnvelope<T> | undefined;
    try {
      response = await fetch(`${API_BASE_PATH}/${path}`, {
        method: 'POST',
        body,
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      envelope = (await response.json().catch(() => undefined)) as ApiEnvelope<T> | undefined;
    } catch {
      if (options.signal?.aborted) throw new DOMException('Upload cancelled', 'AbortError');
      // Cut by our own limit while online: a slow connection. Otherwise the connection broke, or never was.
      if (timedOut) throw new UploadError('The upload took too long', 0, undefined, notKnownOffline());
      throw new UploadError('Network error during upload', 0);
    }
    if (response.ok && envelope?.success) {
      const bytes = options.bytes ?? 0;
      if (bytes > 0) onProgress({ loaded: bytes, total: bytes });
      return envelope;
    }
    const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message : undefined;
    throw new UploadError(serverMessage ?? `Upload failed (${response.status})`, response.status, serverMessage);
  } finally {
    clearTimeout(deadlineTimer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
