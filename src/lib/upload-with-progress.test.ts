import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionRefused } from './session-refused';
import { UploadError, uploadWithProgress } from './upload-with-progress';

/** Just enough of XMLHttpRequest for the upload: the test drives its progress and its answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  ontimeout?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  timeout = 0;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  /** Like the browser, a `timeout` set on the request cuts it that long after sending, moving or not. */
  send() {
    if (this.timeout > 0) setTimeout(() => this.ontimeout?.(), this.timeout);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    if (loaded === total) this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const xhr = () => FakeXhr.last!;
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('uploadWithProgress on a slow link (issue 24, point 2)', () => {
  it('lets a slow upload that keeps moving run far past 30 s', async () => {
    const progress: number[] = [];
    const upload = uploadWithProgress(
      'image/upload-properties',
      new FormData(),
      ({ loaded }) => progress.push(loaded),
      {
        bytes: 150_000,
      },
    );
    // 150 KB in 80 s (under 2 KB/s), in bursts 20 s apart: far past the old fixed 30 s, never quiet for 30 s.
    for (let burst = 1; burst < 4; burst++) {
      await vi.advanceTimersByTimeAsync(20_000);
      xhr().progress(burst * 37_500, 150_000);
    }
    await vi.advanceTimersByTimeAsync(20_000);
    xhr().progress(150_000, 150_000);
    xhr().answer(201, { success: true, message: 'Images uploaded', data: { urls: ['/uploads/rent/a.jpg'] } });
    await expect(upload).resolves.toMatchObject({ data: { urls: ['/uploads/rent/a.jpg'] } });
    expect(xhr().aborted).toBe(false);
    expect(progress.at(-1)).toBe(150_000);
  });

  it('gives up when no byte moved for the stall time, and calls it slow when bytes had flowed', async () => {
    const upload = failureOf(
      uploadWithProgress('image/upload-properties', new FormData(), () => undefined, { bytes: 150_000 }),
    );
    xhr().progress(40_000, 150_000);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(xhr().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await upload;
    expect(xhr().aborted).toBe(true);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 0, slow: true });
  });

  it('calls it no connection when nothing moved, or the phone says it is offline', async () => {
    const silent = failureOf(uploadWithProgress('image/upload-properties', new FormData(), () => undefined));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await silent).toMatchObject({ status: 0, slow: false });

    vi.stubGlobal('navigator', { onLine: false });
    const offline = failureOf(uploadWithProgress('image/upload-properties', new FormData(), () => undefined));
    xhr().progress(1_000, 150_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await offline).toMatchObject({ status: 0, slow: false });
  });

  it('waits for the answer after the body is out until the limit that grows with the bytes', async () => {
    const upload = failureOf(
      uploadWithProgress('image/upload-properties', new FormData(), () => undefined, { bytes: 150_000 }),
    );
    xhr().progress(150_000, 150_000);
    // The phone's buffer took it all at once; the answer may take as long as 30 s + 75 s.
    await vi.advanceTimersByTimeAsync(104_000);
    expect(xhr().aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await upload).toMatchObject({ status: 0, slow: true });
  });

  it("passes on the server's refusal with its status and message", async () => {
    const upload = failureOf(uploadWithProgress('image/upload-properties', new FormData(), () => undefined));
    xhr().answer(413, { success: false, message: 'Each image must be less than 5MB' });
    expect(await upload).toMatchObject({ status: 413, serverMessage: 'Each image must be less than 5MB', slow: false });
    // No timer is left to fire later.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a 401 with the token it carried, so that the session ends on the phone', async () => {
    const refused: (string | undefined)[] = [];
    const stop = onSessionRefused((token) => refused.push(token));
    const upload = failureOf(
      uploadWithProgress('image/upload-profile', new FormData(), () => undefined, { bearerToken: 'firebase-id' }),
    );
    xhr().answer(401, { success: false, message: 'Please sign in again.' });
    expect(await upload).toMatchObject({ status: 401 });
    stop();
    expect(refused).toEqual(['firebase-id']);
  });
});
