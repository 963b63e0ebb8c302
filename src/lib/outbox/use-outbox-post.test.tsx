// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import type * as UseOutboxPost from './use-outbox-post';

const outboxLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./outbox-lazy', () => ({
  loadOutbox: () => {
    outboxLoads.count += 1;
    return new Promise(() => undefined);
  },
}));

// A file before this one in the worker may have loaded the hook with the real outbox (the files share the module
// cache, vitest.config.ts, isolate: false), and the mock would not reach that copy: loaded afresh, it meets the mock.
let useOutboxPost: typeof UseOutboxPost.useOutboxPost;
beforeAll(async () => {
  vi.resetModules();
  ({ useOutboxPost } = await import('./use-outbox-post'));
});

function FeedbackLikeForm() {
  useOutboxPost('landing-feedback', { ownerId: null });
  return null;
}

describe('useOutboxPost', () => {
  const screen = mountForTest();

  // A form filled online and sent after the network went must not need the outbox's code from the network then: a
  // visitor's phone has no cached copy of it (e2e/outbox-edit.spec.ts, the landing message sent offline).
  it('loads the outbox as the form opens, before anything is posted', () => {
    screen.render(<FeedbackLikeForm />);
    expect(outboxLoads.count).toBeGreaterThan(0);
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
