import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadWithFetch } from './upload-with-fetch';
import { UploadError } from './upload-with-progress';

/** The upload as the service worker makes it, with fetch (it has no XMLHttpRequest). */

const form = () => {
  const body = new FormData();
  body.append('propertyImage', new Blob(['photo']), 'photo.jpg');
  return body;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function failure(upload: Promise<unknown>): Promise<UploadError> {
  const error: unknown = await upload.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof UploadError)) throw new Error(`expected an UploadError, got ${String(error)}`);
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadWithFetch', () => {
  it('posts the form with the token and answers the envelope, reporting the body as sent once it has landed', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      json({ success: true, message: 'ok', data: { urls: ['/uploads/a.jpg'] } }),
    );
    vi.stubGlobal('fetch', fetch);
    const progress = vi.fn();

    const body = await uploadWithFetch<{ urls: string[] }>('image/upload-properties', form(), progress, {
      bytes: 5,
      bearerToken: 'bs_token',
    });

    expect(body.data).toEqual({ urls: ['/uploads/a.jpg'] });
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/image/upload-properties');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer bs_token' } });
    expect(progress).toHaveBeenCalledWith({ loaded: 5, total: 5 });
  });

  it('tells a refusal (with the server’s words) from a lost connection', async () => {
    vi.stubGlobal('fetch', async () => json({ success: false, message: 'Each image must be less than 5MB' }, 413));
    expect(await failure(uploadWithFetch('image/upload-properties', form(), () => undefined))).toMatchObject({
      status: 413,
      serverMessage: 'Each image must be less than 5MB',
    });

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failure(uploadWithFetch('image/upload-properties', form(), () => undefined))).toMatchObject({
      status: 0,
      slow: false,
    });
  });

  it('gives up after its overall limit, as a slow connection while the phone is online', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    expect(
      await failure(uploadWithFetch('image/upload-properties', form(), () => undefined, { deadlineMs: 20 })),
    ).toMatchObject({ status: 0, slow: true, message: 'The upload took too long' });
  });
});
