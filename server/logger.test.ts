import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createLogger } from './logger';
import { testConfig } from './test/test-app';
import { openTestDatabase } from './test/test-database';

/** The server log (server/logger.ts, pino): JSON or text, written in the background, and never a token. */

/** A destination that keeps what pino writes, line by line. */
function memoryDestination() {
  const written: string[] = [];
  return { written, destination: { write: (data: string) => void written.push(data) } };
}

const jsonLines = (written: string[]) =>
  written
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('createLogger', () => {
  it("writes pino's JSON lines, leaving out lines below its level, errors with their stack", () => {
    const sink = memoryDestination();
    const logger = createLogger({ level: 'warn', format: 'json', destination: sink.destination });
    logger.info('quiet');
    logger.warn('one');
    logger.error('loud', new Error('the cause'));
    const lines = jsonLines(sink.written);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'one'],
      [50, 'loud'],
    ]);
    expect(lines[1]).toMatchObject({ pid: process.pid, err: { message: 'the cause' } });
    expect(String((lines[1]?.err as { stack?: string }).stack)).toMatch(/^Error: the cause\n {4}at /);
    expect(typeof lines[0]?.time).toBe('number');
  });

  it('writes to stdout asynchronously: a line is not written during the call', () => {
    const logger = createLogger({ level: 'info', format: 'json' });
    const write = process.stdout.write;
    let wroteDuringCall = false;
    process.stdout.write = (() => {
      wroteDuringCall = true;
      return true;
    }) as typeof process.stdout.write;
    try {
      logger.info('a line for the background');
    } finally {
      process.stdout.write = write;
    }
    expect(wroteDuringCall).toBe(false);
    logger.flush();
  });

  it('logs a request as its method, path, status and time: no query, no headers, no token', async () => {
    const sink = memoryDestination();
    const logger = createLogger({ level: 'info', format: 'json', destination: sink.destination });
    const database = await openTestDatabase();
    try {
      const app = createApp({
        db: database.db,
        config: { ...testConfig(), logRequests: true },
        identity: {} as never,
        mailer: {} as never,
        images: {} as never,
        clock: { now: () => new Date() },
        events: {} as never,
        jobs: {} as never,
        pushSender: {} as never,
        logger,
      });
      const token = `bs_${'A'.repeat(43)}`;
      const answer = await app.request(`/api/v1/rent/rent-posts?since=0&secret=${token}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);
      const [line] = jsonLines(sink.written);
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
    // Even loading a migrated copy takes a while on a busy machine.
  }, 60_000);
});
