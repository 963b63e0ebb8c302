import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests (src/**, server/**) and the server's in-process route tests. The Auth emulator and maildev are
// started once for the run by server/test/global-setup.ts. Browser tests live in e2e/ (Playwright).
export default defineConfig({
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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
