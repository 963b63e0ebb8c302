import PgBoss from 'pg-boss';
import { sqlExecutorOf, type Database, type DatabaseHandle } from '../db/client';
import type { Logger } from '../deps';

/**
 * Background work on a PostgreSQL-backed queue (pg-boss, decision 0030), shared by every server process over one
 * database: a job sent by any process is run once, by whichever process fetches it first (`FOR UPDATE SKIP
 * LOCKED`), and retried with backoff when its handler throws. A job `every` some cron slot is sent once per slot
 * for all processes together. On embedded PGlite the same queue runs in the one process.
 */

/** Job names and what each carries: Basha's are JobPayloads (server/jobs/job-names.ts). */
export type PayloadTable = object;

/**
 * What a route or a job may do with the queue: send a job. Given `within` (the caller's transaction), the job is
 * written in it: it exists if and only if the change it follows commits, so a rolled-back message is never pushed and
 * a committed listing is always matched, whatever happens to the process after the commit.
 */
export interface JobSender<P extends PayloadTable> {
  send<N extends keyof P & string>(name: N, data: P[N], options?: { within?: Database }): Promise<void>;
}

export interface JobDefinition<Data> {
  handle(data: Data): Promise<void>;
  /** Tries after the first, with a doubling delay from `retryDelaySeconds`; 0 runs it once. */
  retryLimit: number;
  retryDelaySeconds?: number;
  /** A cron line (UTC): the queue sends the job itself at each slot, once across all processes. */
  every?: string;
  /** How often an idle worker asks for this job: seconds between the asks (the latency of a job just sent). */
  pollSeconds: number;
}

/** One definition for every job name: a job added to the payload table and not here is a compile error. */
export type JobDefinitions<P extends PayloadTable> = { [N in keyof P & string]: JobDefinition<P[N]> };

export interface JobQueue<P extends PayloadTable> extends JobSender<P> {
  /** Creates the queue's tables (first start), then works and schedules the jobs. */
  start(definitions: JobDefinitions<P>): Promise<void>;
  /** Stops fetching, lets running jobs end (up to a timeout), and leaves the database open for its owner. */
  stop(): Promise<void>;
}

const SCHEMA = 'pgboss';
/** Names the queue's setup among PostgreSQL's advisory locks: the bytes of "basha-jq". */
const SETUP_LOCK_ID = 0x62617368612d6a71n;
/** How long a stopping process lets a running job end before it is given back to the queue. */
const STOP_TIMEOUT_MS = 10_000;

export function createJobQueue<P extends PayloadTable>(
  database: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>,
  logger?: Logger,
): JobQueue<P> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    // Completed jobs are kept a day, for looking into; failed ones a week.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger?.error('The job queue failed a step; it tries again', error));
  let started = false;

  return {
    async send(name, data, options) {
      // The queue's own settings (retries) apply: startWorking keeps them as the definitions say.
      await boss.send(name, data as object, options?.within ? { db: sqlExecutorOf(options.within) } : {});
    },
    async start(all) {
      // One process at a time: pg-boss creates its tables and each queue's table when first started, and two
      // processes doing it at once collide (a duplicate schema despite its lock, deadlocks over the queues' tables).
      await database.exclusively(SETUP_LOCK_ID, async () => {
        await boss.start();
        started = true;
        for (const name of Object.keys(all) as (keyof P & string)[]) {
          await startWorking(boss, name, all[name], logger);
        }
      });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: false, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

async function startWorking<Data>(
  boss: PgBoss,
  name: string,
  definition: JobDefinition<Data>,
  logger: Logger | undefined,
): Promise<void> {
  const settings = {
    name,
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds ?? 0,
    retryBackoff: (definition.retryDelaySeconds ?? 0) > 0,
  };
  // createQueue leaves an existing queue as it is; updateQueue brings its settings to this code's.
  await boss.createQueue(name, settings);
  await boss.updateQueue(name, settings);
  await boss.work<Data>(name, { batchSize: 1, pollingIntervalSeconds: definition.pollSeconds }, async (jobs) => {
    for (const job of jobs) {
      try {
        await definition.handle(job.data);
      } catch (error) {
        // pg-boss records the failure and retries; the log says which job, since its own error event does not.
        logger?.error(`Job ${name} failed (it is retried while tries remain)`, error);
        throw error;
      }
    }
  });
  if (definition.every) {
    await boss.schedule(name, definition.every, {}, { tz: 'UTC' });
  } else {
    await boss.unschedule(name);
  }
}
