import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import type { IdentityVerifier } from './auth/identity';
import type { Mailer } from './mail/mailer';
import type { ImageStorage } from './images/storage';
import type { CdnPurger } from './share/cdn-purge';
import type { EventHub } from './events/event-hub';
import type { JobSender } from './jobs/job-queue';
import type { JobPayloads } from './jobs/job-names';
import type { PushSender } from './push/push-sender';

/** Everything a request handler may use. Tests build it with in-memory PGlite and the local emulators. */

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** One answered request, as the request log keeps it: no query, headers or body (tokens travel there). */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
  /** A request line; loggers without it get one info line instead. */
  request?(entry: RequestLogEntry): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error ?? ''),
};

export interface AppDeps {
  db: Database;
  config: AppConfig;
  identity: IdentityVerifier;
  mailer: Mailer;
  images: ImageStorage;
  clock: Clock;
  /** Wakes this process's event streams when the database announces events (server/events). */
  events: EventHub;
  /** Background work, run after the answer by whichever process fetches it (server/jobs). */
  jobs: JobSender<JobPayloads>;
  /** Sends Web Push messages to browsers' push services (server/push/push-sender.ts). */
  pushSender: PushSender;
  logger?: Logger;
  /** Purges changed public pages from the CDN; made from `config.cdnPurge` when absent (tests pass their own). */
  cdnPurger?: CdnPurger;
}
