import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Logger, RequestLogEntry } from './deps';

/**
 * The server's log, written by pino: one JSON line per entry in production (`level`, `time`, `pid`, `msg`),
 * readable text in development (pino-pretty). Writing never blocks a request: pino's destination gathers lines
 * and writes them to stdout asynchronously, a buffer at a time. Request lines hold the method, the path without
 * its query, the status and the time taken: never headers, bodies or queries, where tokens and personal data
 * travel.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

/** Lines gathered before a write to stdout (pino's `minLength`): a few kilobytes per system call under load. */
const STDOUT_BUFFER_BYTES = 4096;

export interface ServerLogger extends Logger {
  warn(message: string): void;
  debug(message: string): void;
  /** Writes what is waiting, at once (at shutdown). */
  flush(): void;
}

function destinationFor(format: LogFormat): DestinationStream & { flushSync?(): void } {
  if (format === 'pretty') {
    return pretty({ colorize: false, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,req,res,responseTime' });
  }
  return pino.destination({ dest: 1, sync: false, minLength: STDOUT_BUFFER_BYTES });
}

export function createLogger(options: {
  level: LogLevel;
  format: LogFormat;
  /** Where lines go instead of stdout (tests): given lines already in the chosen format's shape. */
  destination?: DestinationStream;
}): ServerLogger {
  const stdout = options.destination ? undefined : destinationFor(options.format);
  const log = pino({ level: options.level, base: { pid: process.pid } }, options.destination ?? stdout);
  const flush = () => {
    log.flush();
    try {
      stdout?.flushSync?.();
    } catch {
      // Nothing written yet, or nowhere left to write to.
    }
  };
  process.once('exit', flush);

  return {
    debug: (message) => log.debug(message),
    info: (message) => log.info(message),
    warn: (message) => log.warn(message),
    error: (message, error) => (error === undefined ? log.error(message) : log.error({ err: error }, message)),
    request: (entry: RequestLogEntry) => {
      const fields = {
        req: { method: entry.method, path: entry.path },
        res: { status: entry.status },
        responseTime: entry.ms,
      };
      const message = `${entry.method} ${entry.path} ${entry.status} ${entry.ms}ms`;
      if (entry.status >= 500) log.error(fields, message);
      else log.info(fields, message);
    },
    flush,
  };
}
