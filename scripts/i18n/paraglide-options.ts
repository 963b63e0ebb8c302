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
