import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aServiceEditPayload } from '@/domain/outbox-payloads.fixtures';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import type { OutboxSendContext } from '@/lib/outbox/outbox-senders';
import type * as uploadModule from '@/lib/upload-with-progress';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { sendServiceEdit } from './service-senders';

vi.mock('@/lib/upload-with-progress', async (importOriginal) => ({
  ...(await importOriginal<typeof uploadModule>()),
  uploadWithProgress: vi.fn(),
}));
vi.mock('@/lib/api-client', () => ({ api: { post: vi.fn(), patch: vi.fn() } }));
vi.mock('../db/services-db', () => ({ putService: vi.fn(() => Promise.resolve()) }));

const { api } = await import('@/lib/api-client');
const upload = vi.mocked(uploadWithProgress);
const patch = vi.mocked(api.patch);

const cover = new File(['x'.repeat(4000)], 'cover.jpg', { type: 'image/jpeg' });

function editItem(): OutboxItem<'service-edit'> {
  return {
    id: 7,
    readable: true,
    key: 'key-7',
    kind: 'service-edit',
    ownerId: 'owner',
    label: 'Plumber',
    payload: aServiceEditPayload('service-1', 'Careful plumbing work in Mirpur.'),
    files: [cover],
    progress: {},
    status: 'sending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
  };
}

function contextFor(item: OutboxItem) {
  const reported: { fraction: number; done: number | undefined }[] = [];
  const context: OutboxSendContext = {
    saveProgress: vi.fn((progress) => {
      item.progress = { ...item.progress, ...progress };
      return Promise.resolve();
    }),
    reportUploadProgress: (fraction, photos) => reported.push({ fraction, done: photos?.done }),
  };
  return { context, reported };
}

describe('the service cover upload', () => {
  beforeEach(() => {
    upload.mockReset();
    patch.mockReset();
    patch.mockReturnValue({
      json: () => Promise.resolve({ success: true, data: { _id: 'service-1' } }),
    } as unknown as ReturnType<typeof api.patch>);
  });

  it('reports how much of the cover has gone, from the first byte to the stored cover', async () => {
    upload.mockImplementation((_path, _form, onProgress) => {
      onProgress({ loaded: 1000, total: 4000 });
      onProgress({ loaded: 3000, total: 4000 });
      onProgress({ loaded: 4000, total: 4000 });
      return Promise.resolve({ success: true, message: '', data: { urls: ['/uploads/service/c.webp'] } });
    });
    const item = editItem();
    const { context, reported } = contextFor(item);
    await sendServiceEdit(item, context);
    expect(reported).toEqual([
      { fraction: 0, done: 0 },
      { fraction: 0.25, done: 0 },
      { fraction: 0.75, done: 0 },
      { fraction: 1, done: 0 },
      { fraction: 1, done: 1 },
    ]);
    expect(upload.mock.calls[0]![0]).toBe('image/upload-services');
  });

  it('reports nothing for a cover an earlier attempt already uploaded', async () => {
    const item = editItem();
    item.progress = { coverImage: '/uploads/service/c.webp' };
    const { context, reported } = contextFor(item);
    await sendServiceEdit(item, context);
    expect(upload).not.toHaveBeenCalled();
    expect(reported).toEqual([]);
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
