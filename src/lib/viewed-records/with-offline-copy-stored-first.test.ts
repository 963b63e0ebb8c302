import { afterAll, describe, expect, it, vi } from 'vitest';

// The copy's store is held back here, to see whether the record is answered before its copy is kept.
let finishStoring: () => void = () => undefined;
vi.mock('./viewed-records-db', () => ({
  putViewedRecord: vi.fn(() => new Promise<void>((resolve) => (finishStoring = resolve))),
  getViewedRecord: vi.fn(),
  removeViewedRecord: vi.fn(),
}));

const { withOfflineCopy } = await import('./with-offline-copy');

describe('a record read from the server', () => {
  it('is answered only once its offline copy is stored, so leaving the page at once cannot lose the copy', async () => {
    let answered = false;
    const reading = withOfflineCopy('rent/view-details/1', async () => ({ id: 1 })).then((value) => {
      answered = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    finishStoring();
    await expect(reading).resolves.toEqual({ id: 1 });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
