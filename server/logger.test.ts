import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger, type LogDestination } from './logger';
import { testConfig } from './test/test-app';
import { openDatabase } from './db/client';

/** The server log (server/logger.ts): written in the background, JSON or text, and never a token. */

function memoryDestination() {
  const written: string[] = [];
  const pending: (() => void)[] = [];
  const destination: LogDestination = {
    write: (data, done) => {
      written.push(data);
      pending.push(() => done());
    },
    writeNow: (data) => written.push(data),
  };
  return { written, pending, destination };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createLogger', () => {
  it('writes in the background, one batch at a time, never during the call', async () => {
    const sink = memoryDestination();
    const logger = createLogger({ level: 'info', format: 'json', destination: sink.destination, now: () => 0 });
    logger.info('one');
    logger.info('two');
    expect(sink.written).toEqual([]);
    await tick();
    expect(sink.written).toHaveLength(1);
    logger.info('three');
    await tick();
    // The first batch is still being written: the next waits for it.
    expect(sink.written).toHaveLength(1);
    sink.pending.shift()?.();
    expect(sink.written).toHaveLength(2);
    const lines = sink.written
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.msg, line.time])).toEqual([
      [30, 'one', 0],
      [30, 'two', 0],
      [30, 'three', 0],
    ]);
  });

  it('leaves out lines below its level and writes errors with their stack; text when pretty', async () => {
    const sink = memoryDestination();
    const logger = createLogger({ level: 'warn', format: 'pretty', destination: sink.destination, now: () => 0 });
    logger.info('quiet');
    logger.error('loud', new Error('the cause'));
    logger.flush();
    const text = sink.written.join('');
    expect(text).not.toContain('quiet');
    expect(text).toMatch(/^00:00:00\.000 ERROR loud\nError: the cause\n {4}at /);
  });

  it('logs a request as its method, path, status and time: no query, no headers, no token', async () => {
    const sink = memoryDestination();
    const logger = createLogger({ level: 'info', format: 'json', destination: sink.destination });
    const database = await openDatabase({ kind: 'memory' });
    await database.migrate();
    try {
      const app = createApp({
        db: database.db,
        config: { ...testConfig(), logRequests: true },
        identity: {} as never,
        mailer: {} as never,
        images: {} as never,
        clock: { now: () => new Date() },
        logger,
      });
      const token = `bs_${'A'.repeat(43)}`;
      const answer = await app.request(`/api/v1/rent/rent-posts?since=0&secret=${token}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);
      logger.flush();
      const [line] = sink.written
        .join('')
        .trim()
        .split('\n')
        .map((text) => JSON.parse(text) as Record<string, unknown>);
      expect(line).toMatchObject({
        level: 30,
        msg: expect.stringMatching(/^GET \/api\/v1\/rent\/rent-posts 401 \d+ms$/),
        req: { method: 'GET', path: '/api/v1/rent/rent-posts' },
        res: { status: 401 },
      });
      expect(sink.written.join('')).not.toContain(token);
      expect(sink.written.join('')).not.toContain('since');
    } finally {
      await database.close();
    }
    // Migrating a fresh in-memory database takes a while on a busy machine.
  }, 120_000);
});
