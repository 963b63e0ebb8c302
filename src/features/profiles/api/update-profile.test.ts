import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import type { OutboxSendContext } from '@/lib/outbox/outbox-senders';
import type * as uploadModule from '@/lib/upload-with-progress';
import { uploadWithProgress } from '@/lib/upload-with-progress';
import { sendProfileEdit } from './update-profile';

vi.mock('@/lib/upload-with-progress', async (importOriginal) => ({
  ...(await importOriginal<typeof uploadModule>()),
  uploadWithProgress: vi.fn(),
}));
vi.mock('@/lib/api-client', () => ({ api: { patch: vi.fn() } }));

const { api } = await import('@/lib/api-client');
const upload = vi.mocked(uploadWithProgress);
const patch = vi.mocked(api.patch);

const photo = new File(['x'.repeat(2000)], 'me.jpg', { type: 'image/jpeg' });

function profileItem(): OutboxItem<'profile-edit'> {
  return {
    id: 3,
    readable: true,
    key: 'key-3',
    kind: 'profile-edit',
    ownerId: 'user-1',
    label: 'Profile',
    payload: { userId: 'user-1', values: { name: 'Rahima Akter' } } as OutboxItem<'profile-edit'>['payload'],
    files: [photo],
    progress: {},
    status: 'sending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
  };
}

describe('the edited profile photo upload', () => {
  beforeEach(() => {
    upload.mockReset();
    patch.mockReturnValue({
      json: () => Promise.resolve({ success: true, data: { _id: 'user-1' } }),
    } as unknown as ReturnType<typeof api.patch>);
  });

  it('reports how much of the photo has gone, then that it landed', async () => {
    upload.mockImplementation((_path, _form, onProgress) => {
      onProgress({ loaded: 500, total: 2000 });
      onProgress({ loaded: 2000, total: 2000 });
      return Promise.resolve({ success: true, message: '', data: { url: '/uploads/profile/p.webp' } });
    });
    const item = profileItem();
    const reported: [number, number | undefined][] = [];
    const context: OutboxSendContext = {
      saveProgress: () => Promise.resolve(),
      reportUploadProgress: (fraction, photos) => reported.push([fraction, photos?.done]),
    };
    await sendProfileEdit(item, context);
    expect(reported).toEqual([
      [0, 0],
      [0.25, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(upload.mock.calls[0]![0]).toBe('image/upload-profile');
    expect(patch.mock.calls[0]![1]).toMatchObject({ json: { profileImage: '/uploads/profile/p.webp' } });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
