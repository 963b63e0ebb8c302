import { API_BASE_PATH } from '@/domain/constants';
import { UPLOAD_STALL_MS, uploadDeadlineMs } from '@/domain/upload-progress';
import type { ApiEnvelope } from '@/domain/user';
import { readSessionToken } from './session-cookies';
import { sessionEndReasonOf } from '@/domain/session-end';
import { reportSessionRefused } from './session-refused';
import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * A multipart POST to the API that reports how much of the body has been sent. XMLHttpRequest, not ky: fetch
 * upload progress needs streaming request bodies, which Chromium only sends over HTTP/2.
 *
 * No fixed time-out: a slow link that keeps moving is let through. The upload is given up when no byte went
 * out for `stallMs` while the body was still being sent, or when it takes longer than `deadlineMs` in all
 * (which grows with the body's size: src/domain/upload-progress.ts).
 */

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
    /**
     * No answer came because our own time limit cut an upload that was moving (bytes went out, the phone is
     * online): a slow connection, not a missing one.
     */
    readonly slow = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadBodyProgress {
  /** Bytes of the body sent so far. */
  loaded: number;
  total: number;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** The body's size, for the overall limit (defaults to the limit of an empty body). */
  bytes?: number;
  /** A token other than the session's (a Firebase ID token, before a session exists). */
  bearerToken?: string;
  /** Overrides, for tests. */
  stallMs?: number;
  deadlineMs?: number;
}

type Upload = <T>(
  path: string,
  body: FormData,
  onProgress: (progress: UploadBodyProgress) => void,
  options?: UploadOptions,
) => Promise<ApiEnvelope<T>>;

/**
 * How an upload goes where there is no XMLHttpRequest: the service worker hands in `uploadWithFetch`
 * (./upload-with-fetch.ts), which the pages never load.
 */
let uploadWithoutXhr: Upload | undefined;

export function provideUploadWithoutXhr(upload: Upload): void {
  uploadWithoutXhr = upload;
}

export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (progress: UploadBodyProgress) => void,
  options: UploadOptions = {},
): Promise<ApiEnvelope<T>> {
  if (typeof XMLHttpRequest === 'undefined') {
    if (!uploadWithoutXhr) return Promise.reject(new UploadError('No way to upload here', 0));
    return uploadWithoutXhr(path, body, onProgress, options);
  }
  const stallMs = options.stallMs ?? UPLOAD_STALL_MS;
  const deadlineMs = options.deadlineMs ?? uploadDeadlineMs(options.bytes ?? 0);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let bytesMoved = false;
    let settled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(stallTimer);
      clearTimeout(deadlineTimer);
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    };
    // Our own limit: the upload is cut, and the failure says whether the link was moving (slow) or not (no
    // connection), so that a slow phone is not told it is offline.
    const giveUp = (message: string) => {
      const slow = bytesMoved && (typeof navigator === 'undefined' || navigator.onLine !== false);
      finish(() => reject(new UploadError(message, 0, undefined, slow)));
      xhr.abort();
    };
    const watchForStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => giveUp('The upload stopped moving'), stallMs);
    };
    const deadlineTimer = setTimeout(() => giveUp('The upload took too long'), deadlineMs);
    const onAbort = () => {
      finish(() => reject(new DOMException('Upload cancelled', 'AbortError')));
      xhr.abort();
    };

    xhr.open('POST', `${API_BASE_PATH}/${path}`);
    xhr.withCredentials = true;
    const token = options.bearerToken ?? readSessionToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', getLocale());
    xhr.upload.onprogress = (event) => {
      if (event.loaded > 0) bytesMoved = true;
      watchForStall();
      if (event.lengthComputable && event.total > 0) onProgress({ loaded: event.loaded, total: event.total });
    };
    // The body is all out; the answer may still take a while (the phone's buffer drains, the server encodes the
    // photo): from here only the overall limit applies.
    xhr.upload.onload = () => clearTimeout(stallTimer);
    xhr.onload = () => {
      let envelope: ApiEnvelope<T> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as ApiEnvelope<T>;
      } catch {
        envelope = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success) {
        finish(() => resolve(envelope));
        return;
      }
      if (xhr.status === 401) reportSessionRefused(token, sessionEndReasonOf(envelope));
      const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message : undefined;
      finish(() =>
        reject(new UploadError(serverMessage ?? `Upload failed (${xhr.status})`, xhr.status, serverMessage)),
      );
    };
    // The connection broke (or never was): no connection, whatever navigator.onLine says.
    xhr.onerror = () => finish(() => reject(new UploadError('Network error during upload', 0)));
    xhr.onabort = () => finish(() => reject(new DOMException('Upload cancelled', 'AbortError')));
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort, { once: true });
    watchForStall();
    xhr.send(body);
  });
}
