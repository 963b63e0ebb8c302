import path from 'node:path';
import type { AppConfig } from '../../server/config/env';
import { startAuthEmulator } from './auth-emulator';
import type { RunningService } from './child-service';
import { startMaildev } from './maildev';

/**
 * Starts what the product leans on when no hosted service is configured: the Firebase Auth emulator for a
 * `demo-` project, and maildev when no SMTP_URL is set. Both start in parallel (the emulator takes longest).
 */
export async function startProductServices(config: AppConfig): Promise<RunningService[]> {
  const starting: Promise<RunningService>[] = [];
  const emulator = config.firebase.emulator;
  if (emulator) {
    starting.push(
      startAuthEmulator({
        projectId: config.firebase.projectId,
        port: emulator.port,
        hubPort: emulator.hubPort,
        workDir: config.dataDir,
        persist: true,
      }),
    );
  }
  if (config.useMaildev) {
    starting.push(
      startMaildev({
        smtpPort: config.maildevSmtpPort,
        webPort: config.maildevWebPort,
        logDir: path.join(config.dataDir, 'logs'),
      }),
    );
  }
  const results = await Promise.allSettled(starting);
  const running = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll(running);
    throw failed.reason;
  }
  return running;
}

export async function stopAll(services: RunningService[]): Promise<void> {
  await Promise.allSettled(services.map((service) => service.stop()));
}
