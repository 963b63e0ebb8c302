import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { createTestContext, registerUser, signIn, type TestContext } from '../test/test-app';
import {
  createImageWorkQueue,
  IMAGE_WORK_BUSY_MESSAGE,
  IMAGE_WORK_CONCURRENCY,
  IMAGE_WORK_MAX_WAITING,
  imageWork,
} from './image-work';

/** The bounded queue for image work (issue 17, point 6): a few images at once, a few waiting, 503 beyond. */

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('createImageWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, in order, and refuses with 503 when too many wait', async () => {
    const queue = createImageWorkQueue({ concurrency: 2, maxWaiting: 3 });
    const release = gate();
    let running = 0;
    let mostAtOnce = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await release.opened;
      running -= 1;
      return n;
    };
    const accepted = [1, 2, 3, 4, 5].map((n) => queue.run(task(n)));
    await Promise.resolve();
    const refused = queue.run(task(6));
    await expect(refused).rejects.toMatchObject({
      status: 503,
      message: IMAGE_WORK_BUSY_MESSAGE(),
      headers: { 'Retry-After': '5' },
    });
    expect(started).toEqual([1, 2]);
    expect([queue.active, queue.waiting]).toEqual([2, 3]);
    release.open();
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(mostAtOnce).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    // Room again once the queue has drained.
    expect(await queue.run(async () => 'after')).toBe('after');
  });

  it('frees the turn of a task that fails', async () => {
    const queue = createImageWorkQueue({ concurrency: 1, maxWaiting: 1 });
    await expect(queue.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('uploads while the image queue is full', () => {
  let ctx: TestContext;
  let token: string;
  let png: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = await signIn(ctx, await registerUser(ctx, 'busy'));
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#135' } })
      .png()
      .toBuffer();
  });
  afterAll(() => ctx.close());

  const storedFiles = () => {
    try {
      return readdirSync(ctx.config.uploadsDir, { recursive: true }).length;
    } catch {
      return 0;
    }
  };

  it.each([
    ['/api/v1/image/upload-profile', 'profileImage'],
    ['/api/v1/image/upload-properties', 'propertyImage'],
    ['/api/v1/image/upload-services', 'serviceImages'],
  ])('%s answers 503 with Retry-After and stores nothing, then works once there is room', async (path, field) => {
    const upload = () => {
      const form = new FormData();
      form.append(field, new File([new Uint8Array(png)], 'a.png', { type: 'image/png' }));
      return ctx.request('POST', path, { token, body: form });
    };
    const release = gate();
    const blockers = Array.from({ length: IMAGE_WORK_CONCURRENCY + IMAGE_WORK_MAX_WAITING }, () =>
      imageWork.run(() => release.opened),
    );
    try {
      const filesBefore = storedFiles();
      const rowsBefore = (await ctx.db.select().from(uploads)).length;
      const busy = await upload();
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(busy.body.message).toBe(IMAGE_WORK_BUSY_MESSAGE());
      expect(storedFiles()).toBe(filesBefore);
      expect(await ctx.db.select().from(uploads)).toHaveLength(rowsBefore);
    } finally {
      release.open();
      await Promise.all(blockers);
    }
    expect((await upload()).status).toBe(201);
  });
});
