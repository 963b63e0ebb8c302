import { write as writeAsync, writeSync } from 'node:fs';
import type { Logger, RequestLogEntry } from './deps';

/**
 * The server's log: one line per entry, JSON in production (pino's shape: numeric `level`, `time` in epoch ms,
 * `msg`), readable text in development. Writing never blocks a request: lines are gathered and written to
 * stdout by the thread pool (fs.write), a batch at a time, as pino's asynchronous destination does. A sink that
 * cannot keep up loses lines (counted and reported) rather than the server's memory. Request lines hold the
 * method, the path without its query, the status and the time taken: never headers, bodies or queries, where
 * tokens and personal data travel.
 *
 * pino is not a dependency yet; with it, createLogger becomes `pino({ level }, ...)` behind the same Logger
 * interface (server/deps.ts).
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50, silent: Infinity } as const;
const LEVEL_NAMES: Record<number, string> = { 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR' };
/** Lines waiting beyond this many bytes are dropped: a stuck sink must not take the server's memory. */
export const LOG_BUFFER_MAX_BYTES = 4 * 1024 * 1024;

/** Where lines go: written in the background (done when written), or at once when the process ends. */
export interface LogDestination {
  write(data: string, done: (error?: NodeJS.ErrnoException | null) => void): void;
  writeNow(data: string): void;
}

export function stdoutDestination(): LogDestination {
  return {
    write: (data, done) => writeAsync(1, data, (error) => done(error)),
    writeNow: (data) => writeSync(1, data),
  };
}

export interface ServerLogger extends Logger {
  warn(message: string): void;
  debug(message: string): void;
  /** Writes what is waiting, at once (at shutdown). */
  flush(): void;
}

export function createLogger(options: {
  level: LogLevel;
  format: LogFormat;
  destination?: LogDestination;
  now?: () => number;
}): ServerLogger {
  const threshold = LEVELS[options.level];
  const destination = options.destination ?? stdoutDestination();
  const now = options.now ?? Date.now;
  let waiting: string[] = [];
  let waitingBytes = 0;
  let dropped = 0;
  let writing = false;

  const writeNext = () => {
    if (writing || waiting.length === 0) return;
    if (dropped > 0) {
      waiting.push(
        format(
          options.format,
          LEVELS.warn,
          now(),
          `${dropped} log lines dropped: the log could not keep up`,
          undefined,
          undefined,
        ),
      );
      dropped = 0;
    }
    const data = waiting.join('');
    waiting = [];
    waitingBytes = 0;
    writing = true;
    destination.write(data, (error) => {
      writing = false;
      if (error?.code === 'EAGAIN') {
        // A full pipe: the same lines again a moment later, ahead of newer ones.
        waiting.unshift(data);
        waitingBytes += data.length;
        setTimeout(writeNext, 10).unref();
        return;
      }
      writeNext();
    });
  };

  const log = (level: number, message: string, fields?: Record<string, unknown>, error?: unknown) => {
    if (level < threshold) return;
    const line = format(options.format, level, now(), message, fields, error);
    if (waitingBytes + line.length > LOG_BUFFER_MAX_BYTES) {
      dropped += 1;
      return;
    }
    waiting.push(line);
    waitingBytes += line.length;
    if (!writing && waiting.length === 1) setImmediate(writeNext);
  };

  const flush = () => {
    if (waiting.length === 0) return;
    const data = waiting.join('');
    waiting = [];
    waitingBytes = 0;
    try {
      destination.writeNow(data);
    } catch {
      // Nowhere left to write to.
    }
  };
  process.once('exit', flush);

  return {
    debug: (message) => log(LEVELS.debug, message),
    info: (message) => log(LEVELS.info, message),
    warn: (message) => log(LEVELS.warn, message),
    error: (message, error) => log(LEVELS.error, message, undefined, error),
    request: (entry: RequestLogEntry) =>
      log(
        entry.status >= 500 ? LEVELS.error : LEVELS.info,
        `${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms`,
        { req: { method: entry.method, path: entry.path }, res: { status: entry.status }, responseTime: entry.ms },
      ),
    flush,
  };
}

function errorFields(error: unknown): { type?: string; message: string; stack?: string } {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { message: String(error) };
}

function format(
  kind: LogFormat,
  level: number,
  time: number,
  message: string,
  fields: Record<string, unknown> | undefined,
  error: unknown,
): string {
  const err = error === undefined ? undefined : errorFields(error);
  if (kind === 'json') {
    return `${JSON.stringify({ level, time, pid: process.pid, msg: message, ...fields, ...(err ? { err } : {}) })}\n`;
  }
  const clock = new Date(time).toISOString().slice(11, 23);
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const detail = err ? `\n${err.stack ?? err.message}` : '';
  return `${clock} ${name} ${message}${detail}\n`;
}
