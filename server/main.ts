import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { createApp } from './app';
import { createFirebaseIdentity } from './auth/identity';
import type { AppConfig } from './config/env';
import { openDatabase } from './db/client';
import { createEventHub } from './events/event-hub';
import { listen } from './http/serve';
import { systemClock, type AppDeps, type Clock } from './deps';
import { createLogger } from './logger';
import { configureImageProcessing } from './images/image-work';
import { createS3ImageStorage } from './images/s3-storage';
import { createLocalImageStorage } from './images/storage';
import { createSmtpMailer } from './mail/mailer';
import { createJobQueue } from './jobs/job-queue';
import type { JobPayloads } from './jobs/job-names';
import { bashaJobs } from './jobs/jobs';
import { createWebPushSender } from './push/push-sender';
import { seedDemoData, usersTableIsEmpty } from './seed/demo-data';
import { seedDemoServices } from './seed/demo-services';
import { seedDemoRentPosts } from './seed/demo-rent-posts';

/**
 * Starts the API server (and, given a build folder, the app) on config.host:config.port, with the job queue's
 * workers and schedules (server/jobs) until close. The Auth emulator and maildev are started by the
 * caller (scripts/start.ts, scripts/dev.ts) before this.
 */
export async function startServer(
  config: AppConfig,
  options: { staticDir?: string; clock?: Clock } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const logger = createLogger({
    level: config.logLevel,
    format: config.nodeEnv === 'production' ? 'json' : 'pretty',
  });
  configureImageProcessing();
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.databasePoolMax }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  const identity = createFirebaseIdentity(config, {
    // The export folder the emulator imports from at its next start (scripts/services/auth-emulator.ts).
    persistDir: path.join(config.dataDir, 'firebase-auth'),
    onPersistError: (error) => logger.error('Could not save the Auth emulator accounts', error),
  });
  const mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const events = createEventHub(database);
  const jobs = createJobQueue<JobPayloads>(database, logger);
  const bucket = config.objectStorage ? createS3ImageStorage(config.objectStorage) : undefined;
  const closeAll = async () => {
    // Running jobs end (or go back to the queue) while the database and the mailer are still open.
    await jobs.stop();
    mailer.close();
    bucket?.close();
    await identity.close();
    await events.close();
    await database.close();
    logger.flush();
  };

  const images = bucket ?? createLocalImageStorage(config.uploadsDir);
  if (!bucket) mkdirSync(config.uploadsDir, { recursive: true });
  let server: ServerType;
  try {
    await bucket?.checkBucket();
    await database.migrate();
    // Demo accounts have a published password: they are made only in the local emulator, never in a hosted project.
    if (config.demoData && config.firebase.emulator && (await usersTableIsEmpty(database.db))) {
      const demoUserIds = await seedDemoData({ db: database.db, accounts: identity });
      await seedDemoServices({ db: database.db, accounts: identity, images, demoUserIds });
      await identity.persistAccounts();
      await seedDemoRentPosts({ db: database.db, images, posterIds: Object.values(demoUserIds) });
      logger.info('Demo data created.');
    }
    const deps: AppDeps = {
      db: database.db,
      config,
      identity,
      mailer,
      images,
      clock: options.clock ?? systemClock,
      events,
      jobs,
      pushSender: createWebPushSender(config.push),
      logger,
    };
    await jobs.start(bashaJobs(deps));
    const app = createApp(deps, options.staticDir ? { staticDir: options.staticDir } : {});
    server = await listen(app.fetch, config.host, config.port);
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }

  const address = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${address.port}`,
    async close() {
      // First: open event streams end, or the server would wait for them to close forever.
      await events.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections would otherwise hold close() open.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await closeAll();
    },
  };
}
