import { compile } from '@inlang/paraglide-js';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/browser';
import { BASE_URL, E2E_DIST_DIR, E2E_ENV } from './e2e/support/stack';
import { MESSAGES_COMPILED_BEFOREHAND, PARAGLIDE_OPTIONS } from './scripts/i18n/paraglide-options';

// Specs read the catalogs' compiled messages (e2e/bangla.spec.ts), which must exist before they are loaded.
if (!MESSAGES_COMPILED_BEFOREHAND) await compile({ ...PARAGLIDE_OPTIONS, strategy: [...PARAGLIDE_OPTIONS.strategy] });

/**
 * End-to-end tests against the real stack: the built app and API, PGlite, the Firebase Auth emulator and
 * maildev, started here on a throwaway data folder and stopped afterwards. Nothing needs starting by hand.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One browser at a time: with two, a 2-core machine was saturated (load 8), the suite took as long (15.1 min
  // against 15 with one) and two journeys needed their retry. E2E_WORKERS=2 on a machine with more cores.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every journey about a tenth of its time; in CI only a retried journey records one,
    // which is the run a failure is read from.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Signs the demo people in once; the tests that start signed in take the state it keeps.
    {
      name: 'signed-in states',
      testMatch: /setup\/.*\.setup\.ts/,
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      testIgnore: /(setup|screens)\//,
      dependencies: ['signed-in states'],
    },
    // Screenshot tours for a person to look at, not checks: only with SCREENS=1 (`--project=screens`).
    ...(process.env.SCREENS
      ? [
          {
            name: 'screens',
            testMatch: /screens\/.*\.spec\.ts/,
            use: { ...devices['Pixel 7'], browserName: 'chromium' as const },
          },
        ]
      : []),
  ],
  webServer: {
    command: `rm -rf ${E2E_ENV.DATA_DIR} && npx vite build --logLevel warn --outDir ${E2E_DIST_DIR} && npx tsx scripts/start.ts ${E2E_DIST_DIR}`,
    url: `${BASE_URL}/api/v1/health`,
    env: { ...E2E_ENV },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 25_000 },
  },
});
