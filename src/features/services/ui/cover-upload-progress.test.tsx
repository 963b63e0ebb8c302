// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aServiceEditPayload } from '@/domain/outbox-payloads.fixtures';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import type { PostOutcome } from '@/lib/outbox/outbox';
import { registerOutboxSender, resetOutboxProcessor } from '@/lib/outbox/outbox-processor';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import type * as uploadModule from '@/lib/upload-with-progress';
import { uploadWithProgress, type UploadBodyProgress } from '@/lib/upload-with-progress';
import { mountForTest } from '@/test/mount-for-test';
import { OnePhotoProgress } from '@/ui/upload-progress';
import { sendServiceEdit } from '../api/service-senders';

// jsdom's Blob does not survive fake-indexeddb's structured clone (Node's): the page's code sees Node's Blob
// and File here, as the outbox's own tests (Node environment) do, and a FormData that takes them (the upload that
// would read it is replaced).
await vi.hoisted(async () => {
  const buffer = await import('node:buffer');
  Reflect.set(globalThis, 'Blob', buffer.Blob);
  Reflect.set(globalThis, 'File', buffer.File);
  Reflect.set(
    globalThis,
    'FormData',
    class {
      append() {}
    },
  );
});

// The whole path of a cover's progress: the upload's events, the sender, the outbox's events, the page's state,
// the bar on screen. Only the network is replaced.
vi.mock('@/lib/upload-with-progress', async (importOriginal) => ({
  ...(await importOriginal<typeof uploadModule>()),
  uploadWithProgress: vi.fn(),
}));
vi.mock('@/lib/api-client', () => ({
  api: {
    patch: () => ({ json: () => Promise.resolve({ success: true, data: { _id: 'service-1' } }) }),
  },
}));
vi.mock('../db/services-db', () => ({ putService: () => Promise.resolve() }));
vi.mock('@/lib/outbox/outbox-presence', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  requestOfflineSupport: () => () => undefined,
}));

const upload = vi.mocked(uploadWithProgress);

/** The form's post path and its progress; the button posts an edit with a cover and hands back its outcome. */
function CoverForm({ onPost }: { onPost: (outcome: Promise<PostOutcome>) => void }) {
  const post = useOutboxPost('service-edit', { ownerId: null });
  const submit = () =>
    onPost(
      post.submit({
        label: 'Plumber',
        payload: aServiceEditPayload('service-1', 'Careful plumbing work in Mirpur.'),
        files: [new File(['x'.repeat(4000)], 'cover.jpg', { type: 'image/jpeg' })],
        notSavedMessage: 'not saved',
      }),
    );
  return (
    <>
      <button type="button" onClick={submit} />
      <OnePhotoProgress kind="cover" progress={post.progress} />
    </>
  );
}

describe('the cover upload progress on the service form', () => {
  const view = mountForTest();
  let send: (progress: UploadBodyProgress) => void = () => undefined;
  let land: () => void = () => undefined;

  beforeEach(() => {
    resetOutboxProcessor();
    upload.mockClear();
    registerOutboxSender('service-edit', () => Promise.resolve(sendServiceEdit));
    upload.mockImplementation(
      (_path, _form, onProgress) =>
        new Promise((resolve) => {
          send = onProgress;
          land = () => resolve({ success: true, message: '', data: { urls: ['/uploads/service/c.webp'] } } as never);
        }),
    );
  });
  afterEach(() => {
    overwriteGetLocale(() => 'en');
  });

  const bar = () => view.container.querySelector('progress');
  const words = () => view.container.querySelector('[role="status"] span')?.textContent;
  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000 });

  it('moves the bar as the bytes go, and takes it away once the edit is sent', async () => {
    let outcome: Promise<PostOutcome> | undefined;
    await view.renderAsync(<CoverForm onPost={(posted) => (outcome = posted)} />);
    await act(async () => view.container.querySelector('button')!.click());
    await until(() => upload.mock.calls.length === 1);
    await act(async () => send({ loaded: 1000, total: 4000 }));
    expect(bar()?.value).toBe(25);
    expect(words()).toBe('Uploading the cover photo... 25%');
    await act(async () => send({ loaded: 3000, total: 4000 }));
    expect(bar()?.value).toBe(75);
    await act(async () => {
      land();
      await outcome;
    });
    expect((await outcome)?.type).toBe('sent');
    expect(bar()).toBeNull();
  });

  it('speaks Bangla with Bangla digits on a Bangla page', async () => {
    overwriteGetLocale(() => 'bn');
    let outcome: Promise<PostOutcome> | undefined;
    await view.renderAsync(<CoverForm onPost={(posted) => (outcome = posted)} />);
    await act(async () => view.container.querySelector('button')!.click());
    await until(() => upload.mock.calls.length === 1);
    await act(async () => send({ loaded: 2000, total: 4000 }));
    expect(words()).toBe('কভার ছবি আপলোড হচ্ছে... ৫০%');
    await act(async () => {
      land();
      await outcome;
    });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
