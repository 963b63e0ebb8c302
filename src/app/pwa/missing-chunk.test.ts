// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedFileUrl, isMissingChunkError, reloadIfDeployReplacedFile } from './missing-chunk';

const chromium = new TypeError(`Failed to fetch dynamically imported module: ${location.origin}/assets/reviews-dialog-Bh1.js`);
const styles = new Error(`Unable to preload CSS for ${location.origin}/assets/content-7fT6.css`);

describe('failedFileUrl', () => {
  it('names the app file in the browsers’ and Vite’s messages', () => {
    expect(failedFileUrl(chromium)).toBe(`${location.origin}/assets/reviews-dialog-Bh1.js`);
    expect(failedFileUrl(styles)).toBe(`${location.origin}/assets/content-7fT6.css`);
    expect(failedFileUrl(new TypeError('error loading dynamically imported module: /assets/a-1.js'))).toBe(
      `${location.origin}/assets/a-1.js`,
    );
  });

  it('names nothing for other errors', () => {
    expect(failedFileUrl(new Error('Failed to fetch'))).toBeUndefined();
    expect(failedFileUrl(undefined)).toBeUndefined();
    expect(isMissingChunkError(new Error('Network down'))).toBe(false);
    expect(isMissingChunkError(chromium)).toBe(true);
    expect(isMissingChunkError(styles)).toBe(true);
  });
});

describe('reloadIfDeployReplacedFile', () => {
  const reload = vi.fn();
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    reload.mockReset();
    fetchMock.mockReset();
  });

  it('reloads once when the server no longer has the file (a deploy replaced it)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 404 }));
    await expect(reloadIfDeployReplacedFile(chromium)).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(`${location.origin}/assets/reviews-dialog-Bh1.js`, {
      method: 'HEAD',
      cache: 'no-store',
    });
    // A second missing file in the same tab session does not reload again: an outage cannot loop.
    await expect(reloadIfDeployReplacedFile(styles)).resolves.toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the page when the connection lost the file (the request fails or the file is there)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(reloadIfDeployReplacedFile(chromium)).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    await expect(reloadIfDeployReplacedFile(chromium)).resolves.toBe(false);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503 }));
    await expect(reloadIfDeployReplacedFile(chromium)).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not even ask while the phone is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(reloadIfDeployReplacedFile(chromium)).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
