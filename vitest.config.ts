import { fileURLToPath } from 'node:url';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { defineConfig } from 'vitest/config';
import { PARAGLIDE_OPTIONS } from './scripts/i18n/paraglide-options';

// Unit tests (src/**, server/**) and the server's in-process route tests. The Auth emulator and maildev are
// started once for the run by server/test/global-setup.ts. Browser tests live in e2e/ (Playwright).
export default defineConfig({
  plugins: [paraglideVitePlugin({ ...PARAGLIDE_OPTIONS, strategy: [...PARAGLIDE_OPTIONS.strategy] })],
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
