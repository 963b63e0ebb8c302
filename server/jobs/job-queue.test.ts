import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { openTestDatabase, type TestDatabaseHandle } from '../test/test-database';
import { createJobQueue, type JobDefinitions, type JobQueue } from './job-queue';

/**
 * The queue itself (pg-boss over Basha's database handle), on PGlite and, under test:postgres, on PostgreSQL with
 * a second connection pool standing in for a second server process.
 */

interface TestPayloads {
  'test.record': { n: number };
  'test.flaky': { failures: number };
  'test.daily': Record<string, never>;
}

const FAST = { retryLimit: 0, pollSeconds: 0.5 };

function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out waiting for the jobs'));
      else setTimeout(tick, 100);
    };
    tick();
  });
}

describe('the job queue', () => {
  let database: TestDatabaseHandle;
  let second: DatabaseHandle | undefined;
  const queues: JobQueue<TestPayloads>[] = [];
  const handled: { queue: number; n: number }[] = [];
  const tries = new Map<number, number>();

  const definitionsFor = (queue: number): JobDefinitions<TestPayloads> => ({
    'test.record': {
      ...FAST,
      handle: async ({ n }) => {
        handled.push({ queue, n });
      },
    },
    'test.flaky': {
      retryLimit: 2,
      retryDelaySeconds: 1,
      pollSeconds: 0.5,
      handle: async ({ failures }) => {
        const tried = (tries.get(failures) ?? 0) + 1;
        tries.set(failures, tried);
        if (tried <= failures) throw new Error(`try ${tried} fails on purpose`);
      },
    },
    'test.daily': { ...FAST, every: '0 3 * * *', handle: async () => undefined },
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    // A second process has connections of its own; embedded PGlite has one process, so it shares the handle.
    second = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolMax: 2 }) : undefined;
    queues.push(createJobQueue<TestPayloads>(database), createJobQueue<TestPayloads>(second ?? database));
    // Both at once, as processes behind a load balancer start: they race to create the queue's tables and queues.
    await Promise.all(queues.map((queue, index) => queue.start(definitionsFor(index))));
  }, 60_000);

  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await second?.close();
    await database.close();
  });

  it('runs each job sent by either process once, with its data', async () => {
    const sent = Array.from({ length: 20 }, (_, n) => n);
    await Promise.all(sent.map((n) => queues[n % 2]!.send('test.record', { n })));
    await until(() => handled.length >= sent.length);
    // A moment longer: a job run twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.map(({ n }) => n).sort((a, b) => a - b)).toEqual(sent);
  });

  it('writes a job sent within a transaction in it: gone if it rolls back, run once it commits', async () => {
    const rolledBack = new Error('the change failed after the job was sent');
    await expect(
      database.db.transaction(async (tx) => {
        await queues[0]!.send('test.record', { n: 100 }, { within: tx });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    await database.db.transaction(async (tx) => {
      await queues[0]!.send('test.record', { n: 101 }, { within: tx });
    });
    await until(() => handled.some(({ n }) => n === 101));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(handled.filter(({ n }) => n >= 100).map(({ n }) => n)).toEqual([101]);
  });

  it('tries a failing job again, with a delay, until it succeeds or its tries run out', async () => {
    await queues[0]!.send('test.flaky', { failures: 2 });
    await queues[0]!.send('test.flaky', { failures: 5 });
    await until(() => (tries.get(2) ?? 0) >= 3 && (tries.get(5) ?? 0) >= 3);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Two failures then a success; the other failed its first try and both retries, and was not tried again.
    expect(tries.get(2)).toBe(3);
    expect(tries.get(5)).toBe(3);
    const { rows } = await database.executeSql(
      `select data->>'failures' as failures, state, retry_count from pgboss.job where name = 'test.flaky' order by 1`,
    );
    expect(rows).toEqual([
      { failures: '2', state: 'completed', retry_count: 2 },
      { failures: '5', state: 'failed', retry_count: 2 },
    ]);
  }, 30_000);

  it('leaves the connection usable when several statements sent as one fail inside their transaction', async () => {
    // One connection, so the next statement surely runs where the failed one did (PGlite has only one).
    const single = database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolMax: 1 }) : database;
    try {
      await expect(single.executeSql('BEGIN; SELECT 1 / 0; COMMIT')).rejects.toThrow('division by zero');
      expect((await single.executeSql('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      if (single !== database) await single.close();
    }
  });

  it('keeps one schedule for a repeated job, however many processes start', async () => {
    const { rows } = await database.executeSql(`select name, cron, timezone from pgboss.schedule order by name`);
    expect(rows).toEqual([{ name: 'test.daily', cron: '0 3 * * *', timezone: 'UTC' }]);
  });
});
