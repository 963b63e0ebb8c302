/**
 * The ports and folders of the throwaway stack the end-to-end suite starts (playwright.config.ts), chosen
 * apart from `npm start`'s defaults so both can run on one machine. E2E_PORT_OFFSET moves every port (and the
 * folders) so that several suites can run side by side.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => String(base + offset);

export const E2E_DIST_DIR = `.tmp/e2e-dist-${offset}`;

export const E2E_ENV = {
  PORT: port(8181),
  DATA_DIR: `.tmp/e2e-data-${offset}`,
  FIREBASE_AUTH_EMULATOR_PORT: port(9199),
  FIREBASE_EMULATOR_HUB_PORT: port(4419),
  MAILDEV_SMTP_PORT: port(1126),
  MAILDEV_WEB_PORT: port(1181),
  LOG_REQUESTS: 'off',
  DEMO_DATA: 'on',
} as const;

export const BASE_URL = `http://localhost:${E2E_ENV.PORT}`;
export const MAILDEV_URL = `http://127.0.0.1:${E2E_ENV.MAILDEV_WEB_PORT}`;
