import { API_BASE_PATH, UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import type { ApiEnvelope } from '@/domain/user';
import { readSessionToken } from './session-cookies';

/**
 * A multipart POST to the API that reports how much of the body has been sent. XMLHttpRequest, not ky: fetch
 * upload progress needs streaming request bodies, which Chromium only sends over HTTP/2.
 */

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's own message, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (fraction: number) => void,
  options: { signal?: AbortSignal } = {},
): Promise<ApiEnvelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_PATH}/${path}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    const token = readSessionToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let envelope: ApiEnvelope<T> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as ApiEnvelope<T>;
      } catch {
        envelope = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success) {
        onProgress(1);
        resolve(envelope);
        return;
      }
      const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message : undefined;
      reject(new UploadError(serverMessage ?? `Upload failed (${xhr.status})`, xhr.status, serverMessage));
    };
    xhr.onerror = () => reject(new UploadError('Network error during upload', 0));
    xhr.ontimeout = () => reject(new UploadError('The upload took too long', 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
