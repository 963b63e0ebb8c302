import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { ConfigError, LOOPBACK_HOST, loadConfig, type AppConfig } from '../server/config/env';
import { startServer } from '../server/main';
import { DEMO_MODERATOR, DEMO_PASSWORD, DEMO_PHONE_USER, DEMO_USERS } from '../server/seed/demo-data';
import { phoneCodesUrl, printPhoneCodes } from './services/phone-codes';
import type { RunningService } from './services/child-service';
import { startProductServices, stopAll } from './services/product-services';

/**
 * Shared by `npm start` and `npm run dev`: validate the configuration, start the helper services and the
 * server, print where everything is, and stop every child process on Ctrl-C (or SIGTERM).
 */
export async function runProduct(options: {
  staticDir?: string;
  env?: NodeJS.ProcessEnv;
  banner: (config: AppConfig, url: string) => string[];
}) {
  let config: AppConfig;
  try {
    config = loadConfig(options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (options.staticDir && !existsSync(path.join(options.staticDir, 'index.html'))) {
    console.error(`No built app in ${options.staticDir}: run "npm run build" first (npm start does it for you).`);
    process.exit(1);
  }

  console.log(`Starting Basha with data in ${config.dataDir} ...`);
  let services: RunningService[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let stopping = false;
  let stopPrintingCodes = () => {};
  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    stopPrintingCodes();
    console.log('\nStopping Basha ...');
    await server?.close().catch((error: unknown) => console.error(error));
    await stopAll(services);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGHUP', () => void stop(0));

  try {
    services = await startProductServices(config);
    server = await startServer(config, options.staticDir ? { staticDir: options.staticDir } : {});
  } catch (error) {
    console.error('Basha could not start:', error instanceof Error ? error.message : error);
    await stop(1);
    return;
  }

  // On loopback (the default with the emulator) the app is named as PUBLIC_URL names it, so the browser keeps one
  // origin's data.
  const url = server.url.replace(`//${LOOPBACK_HOST}:`, '//localhost:');
  const lines = [
    ...options.banner(config, url),
    `  API health      ${url}/api/v1/health`,
    config.useMaildev
      ? `  Mail inbox      http://localhost:${config.maildevWebPort}  (OTP codes land here)`
      : `  Mail            ${config.smtpUrl.replace(/\/\/[^@]*@/, '//***@')}`,
    ...(config.firebase.emulator
      ? [
          `  Auth emulator   http://127.0.0.1:${config.firebase.emulator.port}  (project ${config.firebase.projectId})`,
          `  SMS codes       ${phoneCodesUrl(config.firebase.emulator, config.firebase.projectId)}`,
          '                  (phone sign-in: no SMS is sent; each code is also printed here as it is issued)',
        ]
      : [`  Firebase        hosted project ${config.firebase.projectId}`]),
    `  Database        ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`}`,
    `  Photos          ${config.objectStorage ? `bucket ${config.objectStorage.bucket} (S3_BUCKET)` : config.uploadsDir}`,
  ];
  if (config.firebase.emulator && config.host !== LOOPBACK_HOST && config.host !== 'localhost') {
    lines.push(
      '',
      `  Open to your network (HOST=${config.host}):`,
      ...lanAddresses().map((address) => `    http://${address}:${config.port}`),
      '  Anyone on it can use the app and sign in with the demo accounts below; the Auth emulator',
      '  and the mail inbox stay on this machine. See "Trying it on a phone" in README.md.',
    );
  }
  if (config.demoData && config.firebase.emulator) {
    lines.push(
      '',
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_USERS.map((user) => `    ${user.email}  ${user.name}`),
      `    ${DEMO_MODERATOR.email}  ${DEMO_MODERATOR.name} (moderator)`,
      `  Demo phone account (no password: "Continue with phone number", the code is printed here):`,
      `    ${DEMO_PHONE_USER.phoneNumber}  ${DEMO_PHONE_USER.name}`,
    );
  }
  lines.push('', '  Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
  if (config.firebase.emulator) {
    stopPrintingCodes = printPhoneCodes(phoneCodesUrl(config.firebase.emulator, config.firebase.projectId), (line) =>
      console.log(line),
    );
  }
}

/** This machine's IPv4 addresses on its networks (what a phone on the same Wi-Fi would type). */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((address) => (address && address.family === 'IPv4' && !address.internal ? [address.address] : []));
}
