import { paraglideVitePlugin } from '@inlang/paraglide-js';

/**
 * How the message catalogs compile (Paraglide, decision 0012): one place for the build (vite.config.ts), the unit
 * tests (vitest.config.ts) and the scripts that run TypeScript directly (scripts/i18n/compile-messages.ts).
 *
 * The locale is never guessed by the compiled runtime: the app (src/i18n/client-locale.ts) and the server
 * (server/http/request-locale.ts) each tell it with `overwriteGetLocale`, so a message costs a function call,
 * not a cookie read.
 */
export const PARAGLIDE_OPTIONS = {
  project: './project.inlang',
  outdir: './src/i18n/generated',
  strategy: ['globalVariable', 'baseLocale'],
  emitGitIgnore: true,
  emitPrettierIgnore: true,
  emitReadme: false,
  // Rewritten in place, not deleted first: a build, a test run and the e2e specs may read the messages at once.
  cleanOutdir: false,
  includeEslintDisableComment: true,
} as const;

/**
 * Set by `npm test` (scripts/test-all.ts) for its steps that run side by side (the e2e build beside the PostgreSQL
 * pass), once its first step has compiled the messages: a second compiler rewriting the folder while another process
 * imports from it can hand that process a file cut short. The builds, test runs and specs started under it then
 * leave the compiled messages as they are.
 */
export const MESSAGES_COMPILED_BEFOREHAND = process.env.MESSAGES_COMPILED === '1';

/** The compiler's Vite plugin (compiles at the start of a build or test run), unless compiled beforehand. */
export function paraglidePlugins() {
  return MESSAGES_COMPILED_BEFOREHAND
    ? []
    : [paraglideVitePlugin({ ...PARAGLIDE_OPTIONS, strategy: [...PARAGLIDE_OPTIONS.strategy] })];
}
