import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxProgress } from '@/domain/outbox-progress';
import { aRentAdPayload } from '@/domain/outbox-payloads.fixtures';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import type { OutboxSendContext } from '@/lib/outbox/outbox-processor';
import type * as uploadModule from '@/lib/upload-with-progress';
import { UploadError, uploadWithProgress } from '@/lib/upload-with-progress';
import { sendRentAd } from './rent-post-writes';

// Only the upload is replaced: UploadError stays the real class.
vi.mock('@/lib/upload-with-progress', async (importOriginal) => ({
  ...(await importOriginal<typeof uploadModule>()),
  uploadWithProgress: vi.fn(),
}));
vi.mock('@/lib/outbox/outbox', () => ({ enqueueOutboxItem: vi.fn(), sendOutboxItemNow: vi.fn() }));
vi.mock('@/lib/api-client', () => ({ api: { post: vi.fn(), delete: vi.fn() } }));
vi.mock('../db/rent-db', () => ({ putRentPost: vi.fn(() => Promise.resolve()), removeRentPost: vi.fn() }));

const { api } = await import('@/lib/api-client');
const upload = vi.mocked(uploadWithProgress);
const post = vi.mocked(api.post);

const photos = ['one', 'two', 'three'].map(
  (name) => new File([name.repeat(1000)], `${name}.jpg`, { type: 'image/jpeg' }),
);

function rentItem(progress: OutboxProgress = {}): OutboxItem<'rent-ad'> {
  return {
    id: 1,
    readable: true,
    key: 'key-1',
    kind: 'rent-ad',
    ownerId: 'owner',
    label: 'Flat at Road 3, Dhaka',
    payload: aRentAdPayload({ category: 'flat', addressLine: 'Road 3', city: 'Dhaka' }),
    files: photos,
    progress,
    status: 'sending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
  };
}

/** The context the processor gives a sender, keeping the item's progress as the processor does. */
function contextFor(item: OutboxItem) {
  const reported: { done: number; total: number }[] = [];
  const context: OutboxSendContext = {
    saveProgress: vi.fn((progress: OutboxProgress) => {
      item.progress = { ...item.progress, ...progress };
      return Promise.resolve();
    }),
    reportUploadProgress: (_fraction, photos) => photos && reported.push({ done: photos.done, total: photos.total }),
  };
  return { context, reported };
}

/** The name of the one photo each upload call carried. */
const sentNames = () =>
  upload.mock.calls.map(([, form]) => (form.getAll('propertyImage') as File[]).map((f) => f.name));

beforeEach(() => {
  upload.mockReset();
  post.mockReset();
  post.mockReturnValue({
    json: () => Promise.resolve({ success: true, message: 'Property ad posted successfully!', data: undefined }),
  } as never);
});

describe('sendRentAd sends photos one at a time (issue 24, point 2)', () => {
  it('uploads each photo in its own request, in order, saving each URL as it lands', async () => {
    let next = 0;
    upload.mockImplementation(() => Promise.resolve({ success: true, message: '', data: { urls: [`/u/${++next}`] } }));
    const item = rentItem();
    const { context, reported } = contextFor(item);
    await sendRentAd(item, context);
    expect(sentNames()).toEqual([['one.jpg'], ['two.jpg'], ['three.jpg']]);
    expect(vi.mocked(context.saveProgress).mock.calls.map(([progress]) => progress.imageUrls)).toEqual([
      ['/u/1'],
      ['/u/1', '/u/2'],
      ['/u/1', '/u/2', '/u/3'],
    ]);
    expect(reported.at(-1)).toEqual({ done: 3, total: 3 });
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('rent/create');
    expect(options).toMatchObject({
      json: { imageUrls: ['/u/1', '/u/2', '/u/3'] },
      headers: { 'Idempotency-Key': 'key-1' },
    });
  });

  it('resumes after a cut-off attempt with the next photo: a photo that reached the server is not sent again', async () => {
    upload
      .mockResolvedValueOnce({ success: true, message: '', data: { urls: ['/u/1'] } })
      .mockRejectedValueOnce(new UploadError('The upload stopped moving', 0, undefined, true));
    const item = rentItem();
    const first = contextFor(item);
    await expect(sendRentAd(item, first.context)).rejects.toMatchObject({ status: 0, slow: true });
    expect(item.progress.imageUrls).toEqual(['/u/1']);
    expect(post).not.toHaveBeenCalled();

    upload.mockReset();
    let next = 1;
    upload.mockImplementation(() => Promise.resolve({ success: true, message: '', data: { urls: [`/u/${++next}`] } }));
    const second = contextFor(item);
    await sendRentAd(item, second.context);
    expect(sentNames()).toEqual([['two.jpg'], ['three.jpg']]);
    expect(second.reported[0]).toEqual({ done: 1, total: 3 });
    expect(post.mock.calls[0]![1]).toMatchObject({ json: { imageUrls: ['/u/1', '/u/2', '/u/3'] } });
  });

  it('uploads nothing when an earlier attempt sent every photo', async () => {
    const item = rentItem({ imageUrls: ['/u/1', '/u/2', '/u/3'] });
    await sendRentAd(item, contextFor(item).context);
    expect(upload).not.toHaveBeenCalled();
    expect(post.mock.calls[0]![1]).toMatchObject({ json: { imageUrls: ['/u/1', '/u/2', '/u/3'] } });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
