import { createRequire } from 'node:module';
import path from 'node:path';
import { answersHttp, BROWSER_GUARD_ARGS, startChildService, type RunningService } from './child-service';

/** maildev: catches every mail the product sends, with a web inbox and a REST API (`GET /email`). */
export interface MaildevOptions {
  smtpPort: number;
  webPort: number;
  logDir: string;
}

export async function startMaildev(options: MaildevOptions): Promise<RunningService> {
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
  // --ip binds the web inbox too (--web-ip defaults to it): the inbox holds everyone's codes, so it stays on this
  // machine even when HOST opens the app to the network; the browser guard (BROWSER_GUARD_ARGS) keeps other sites'
  // pages in this machine's browser from reading it.
  return startChildService({
    name: 'maildev',
    command: process.execPath,
    args: [
      ...BROWSER_GUARD_ARGS,
      bin,
      '--smtp',
      String(options.smtpPort),
      '--web',
      String(options.webPort),
      '--ip',
      '127.0.0.1',
      '--silent',
    ],
    logDir: options.logDir,
    ports: [options.smtpPort, options.webPort],
    isReady: () => answersHttp(`http://127.0.0.1:${options.webPort}/email`),
    readyTimeoutMs: 30_000,
  });
}
