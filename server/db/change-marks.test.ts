import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentPost, RentPostDetails } from '../../src/domain/rent-post';
import { SYNC_OVERLAP_MS, type SyncDelta } from '../../src/domain/sync-cursor';
import { insertRentPost, tombstoneRentPost } from '../rent/rent-posts';
import { RENT_AD_INPUT } from '../test/rows';
import {
  createTestContext,
  registerUser,
  secondInstance,
  signIn,
  type SecondInstance,
  type TestContext,
} from '../test/test-app';
import { currentMarks, freshReads } from './change-marks';
import { changeMarks, rentPosts, users } from './schema';

/**
 * The change marks (server/db/change-marks.ts) let an empty delta skip the table and keep details ready. Two app
 * instances over one database, as two server processes behind a load balancer: on PostgreSQL (TEST_DATABASE_URL)
 * each with connections of its own, on PGlite sharing its one handle. A write through either, or straight into
 * the database, must show in the other's very next answer.
 */

let a: TestContext;
let b: SecondInstance;
let posterId: string;
let token: string;

beforeAll(async () => {
  a = await createTestContext();
  b = await secondInstance(a);
  const poster = await registerUser(a, 'marks-poster');
  posterId = poster.id;
  token = await signIn(a, poster);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function delta(through: { request: TestContext['request'] }, since: string): Promise<SyncDelta<RentPost>> {
  const answer = await through.request<SyncDelta<RentPost>>(
    'GET',
    `/api/v1/rent/rent-posts?since=${encodeURIComponent(since)}`,
    { token },
  );
  expect(answer.status).toBe(200);
  if (!answer.body.data) throw new Error('no data');
  return answer.body.data;
}

/** A cursor with nothing after it: the app clock moved past the overlap since the last write. */
async function quietCursor(): Promise<string> {
  a.clock.advance(SYNC_OVERLAP_MS + 10_000);
  const { cursor } = await delta(b, String(a.clock.now().getTime() - 1));
  const empty = await delta(b, cursor);
  expect(empty).toEqual({ changed: [], deleted: [], cursor: expect.any(String), more: false });
  return cursor;
}

describe('an empty delta', () => {
  it("is answered by one instance right after the other's write, never missing it", async () => {
    for (let round = 0; round < 3; round += 1) {
      const cursor = await quietCursor();
      const post = await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: a.clock.now() });
      // No waiting: the very next delta of the other instance has it.
      expect((await delta(b, cursor)).changed.map((row) => row._id)).toEqual([post.id]);
      expect((await delta(a, cursor)).changed.map((row) => row._id)).toEqual([post.id]);
    }
  });

  it('sees a write made straight into the database, outside either app (another process, a script)', async () => {
    const post = await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: a.clock.now() });
    const cursor = await quietCursor();
    await b.db.execute(sql`update rent_posts set updated_at = ${a.clock.now().toISOString()} where id = ${post.id}`);
    expect((await delta(a, cursor)).changed.map((row) => row._id)).toEqual([post.id]);
    expect((await delta(b, cursor)).changed.map((row) => row._id)).toEqual([post.id]);
  });

  it('sees a deletion as a deleted id', async () => {
    const post = await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: a.clock.now() });
    const cursor = await quietCursor();
    await tombstoneRentPost(b.db, post.id, a.clock.now());
    expect((await delta(a, cursor)).deleted).toEqual([post.id]);
  });
});

describe('the marks themselves', () => {
  it('move with every write statement, in its transaction, and not for a statement that wrote nothing', async () => {
    const before = await currentMarks(a.db);
    const stamp = new Date(a.clock.now().getTime() + 5000);
    await a.db
      .transaction(async (tx) => {
        await insertRentPost(tx, posterId, RENT_AD_INPUT, [], { now: stamp });
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    expect(await currentMarks(b.db)).toEqual(before);

    await a.db.update(rentPosts).set({ cost: 1 }).where(eq(rentPosts.userId, '00000000-0000-4000-8000-000000000000'));
    expect(await currentMarks(b.db)).toEqual(before);

    await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: stamp });
    const after = await currentMarks(b.db);
    expect(after.rent_posts).toEqual({
      version: (before.rent_posts?.version ?? 0) + 1,
      changedMicros: stamp.getTime() * 1000,
    });
    expect(after.services).toEqual(before.services);
  });

  it('come back with the next write when a row is missing, and count as unknown until then', async () => {
    const cursor = await quietCursor();
    await a.db.delete(changeMarks).where(eq(changeMarks.tableName, 'rent_posts'));
    expect((await currentMarks(b.db)).rent_posts).toBeUndefined();
    // Unknown: the table is read, and the answer is still right.
    expect((await delta(b, cursor)).changed).toEqual([]);
    const post = await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: a.clock.now() });
    expect((await currentMarks(b.db)).rent_posts?.changedMicros).toBe(post.updatedAt.getTime() * 1000);
    expect((await delta(b, cursor)).changed.map((row) => row._id)).toEqual([post.id]);
  });
});

describe('details kept ready and list validators', () => {
  it("follow the other instance's writes: a deletion, the poster's new name, a new post", async () => {
    const post = await insertRentPost(a.db, posterId, RENT_AD_INPUT, [], { now: a.clock.now() });
    const detail = () => b.request<RentPostDetails>('GET', `/api/v1/rent/view-details/${post.id}`, { token });
    expect((await detail()).body.data?.user.name).not.toBe('Renamed Poster');
    await a.db.update(users).set({ name: 'Renamed Poster' }).where(eq(users.id, posterId));
    expect((await detail()).body.data?.user.name).toBe('Renamed Poster');

    const list = await b.app.request('/api/v1/rent/rent-posts', { headers: { authorization: `Bearer ${token}` } });
    await list.body?.cancel();
    const etag = list.headers.get('ETag');
    expect(etag).toMatch(/^W\/"/);
    const again = () =>
      b.app.request('/api/v1/rent/rent-posts', {
        headers: { authorization: `Bearer ${token}`, 'if-none-match': etag ?? '' },
      });
    expect((await again()).status).toBe(304);

    await tombstoneRentPost(a.db, post.id, a.clock.now());
    expect((await detail()).status).toBe(404);
    const changed = await again();
    expect(changed.status).toBe(200);
    await changed.text();
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });
});

describe('freshReads', () => {
  it('answers each caller with a read that began after its call, sharing reads among callers', async () => {
    let started = 0;
    const pending: (() => void)[] = [];
    const read = freshReads(async () => {
      started += 1;
      const number = started;
      await new Promise<void>((resolve) => pending.push(resolve));
      return number;
    });
    const first = read();
    const second = read();
    const third = read();
    expect(started).toBe(1);
    pending.shift()?.();
    expect(await first).toBe(1);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    // The second and third callers came while read 1 ran: they share read 2, not read 1.
    expect(started).toBe(2);
    pending.shift()?.();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});

class RollBack extends Error {}
