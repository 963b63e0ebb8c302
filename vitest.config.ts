import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { paraglidePlugins } from './scripts/i18n/paraglide-options';

// Unit tests (src/**, server/**) and the server's in-process route tests. The Auth emulator and maildev are
// started once for the run by server/test/global-setup.ts. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  plugins: paraglidePlugins(),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'sw/**/*.test.ts',
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['src/test/indexeddb.ts', 'src/test/held-session.ts'],
    // The test files of a worker share its module cache: importing the server, PGlite and React once per worker
    // rather than once per file halved the unit step (390 s to 256 s on 2 cores, docs/decisions/0027). What a file
    // changes of the process must not outlive it: stubbed globals and environment variables are restored after
    // every test by Vitest itself, and each server test builds its own app and database.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    // Both cores: Vitest's default (the cores less one) runs the files one after another on a 2-core machine, and
    // most of a server test file's time is waiting on its database and services, not computing.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
