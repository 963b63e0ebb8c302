/**
 * The ports and folders of the throwaway stack the end-to-end suite starts (playwright.config.ts), chosen
 * apart from `npm start`'s defaults so both can run on one machine.
 */
export const E2E_ENV = {
  PORT: '8181',
  DATA_DIR: '.tmp/e2e-data',
  FIREBASE_AUTH_EMULATOR_PORT: '9199',
  FIREBASE_EMULATOR_HUB_PORT: '4419',
  MAILDEV_SMTP_PORT: '1126',
  MAILDEV_WEB_PORT: '1181',
  // Short enough that a test can watch a code expire, long enough to type one.
  OTP_TTL_SECONDS: '20',
  LOG_REQUESTS: 'off',
  DEMO_DATA: 'on',
} as const;

export const BASE_URL = `http://localhost:${E2E_ENV.PORT}`;
export const MAILDEV_URL = `http://127.0.0.1:${E2E_ENV.MAILDEV_WEB_PORT}`;
export const OTP_TTL_MS = Number(E2E_ENV.OTP_TTL_SECONDS) * 1000;
