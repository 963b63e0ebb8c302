import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localeCodes } from './scripts/lint/no-locale-comparison.js';
import { basha } from './scripts/lint/plugin.js';

const root = import.meta.dirname;

/** Basha's languages' codes, from the locale table (src/i18n/locale.ts). */
const LOCALE_CODES = localeCodes(`${root}/src/i18n/locale.ts`);

/** The features: each folder of src/features is one, fenced from the others. */
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports flow one way: shared (src/domain, src/lib, src/ui) -> features -> app. A feature does not import
 * another: what two features share moves to src/lib or src/ui, or becomes a feature of its own that the app
 * hands in. The browser (src, sw) and the server share only src/domain.
 */
const fenceZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `A feature does not import another (src/features/${feature}): move the shared piece to src/lib, src/ui or its own feature, and let src/app wire it in.`,
  })),
  {
    target: ['./src/domain', './src/i18n', './src/lib', './src/ui'],
    from: ['./src/features', './src/app'],
    message: 'Shared code (src/domain, src/i18n, src/lib, src/ui) does not import features or the app.',
  },
  {
    target: ['./src/domain', './src/i18n'],
    from: ['./src/lib', './src/ui'],
    message: 'The domain and the messages run on the server too: they do not import browser code (src/lib, src/ui).',
  },
  {
    target: ['./src', './sw'],
    from: './server',
    message: 'The browser code does not import the server.',
  },
  {
    target: './server',
    from: './src',
    except: ['./domain', './i18n'],
    message: 'The server shares only src/domain and src/i18n (the messages) with the browser.',
  },
];

/**
 * The wrong database inside an idempotent handler (server/http/idempotency.ts): the handler is handed its
 * database, the request's transaction; `deps.db` (or `deps` handed on to a helper that may use it) would wait on
 * that transaction forever under PGlite.
 */
const idempotentHandler = 'CallExpression[callee.name=/^idempotent/] > :function';
const serverDbRules = [
  {
    selector: `${idempotentHandler} MemberExpression[property.name='db']`,
    message: 'Inside idempotent() use the database the handler is handed, not deps.db (PGlite waits on it forever).',
  },
  {
    selector: `${idempotentHandler} CallExpression > Identifier.arguments[name='deps']`,
    message: 'Inside idempotent() hand helpers the database the handler is handed, not deps.',
  },
];

/** The code whose words are all in the message catalogs (the literal-text rule below checks it). */
const I18N_CHECKED_FILES = [
  'src/i18n/**/*.tsx',
  'src/ui/language-switch.tsx',
  'src/features/accounts/**/*.tsx',
  'src/features/profiles/**/*.tsx',
  'src/features/services/**/*.tsx',
  'src/features/public-site/**/*.tsx',
  'src/app/prerender/**/*.tsx',
  'src/features/rent/**/*.tsx',
  'src/features/reviews/**/*.tsx',
  'src/features/moderation/**/*.tsx',
  'src/features/saved/**/*.tsx',
  'src/ui/**/*.tsx',
  'src/app/*.tsx',
  'src/app/{layout,offline,pages,pwa}/**/*.tsx',
];

const doubleCastRule = {
  selector: 'TSAsExpression > TSAsExpression[typeAnnotation.type="TSUnknownKeyword"]',
  message: 'No `as unknown as` outside tests: check the value or type it truthfully.',
};

// Playwright's waitForFunction takes the promise an async check returns for a truthy answer and stops waiting at once
// (e2e/support/service-worker.ts, scripts/bench/lighthouse.ts): an async check is polled with page.evaluate instead.
const asyncWaitForFunctionRule = {
  selector:
    'CallExpression[callee.property.name="waitForFunction"] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]',
  message: 'waitForFunction does not await an async check: poll page.evaluate (expect.poll in tests).',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      '.tmp',
      'blob-report',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'server/db/migrations',
      'src/i18n/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The shared domain runs in the browser, the service worker and the server: no DOM, no Node, no storage.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', 'dexie', 'ky', 'firebase/*', '../*'] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'indexedDB', 'fetch'],
    },
  },
  {
    // The fences between the parts (docs/architecture.md, "Layout and import rules"). Imports are resolved (the
    // `@/` alias, relative paths, static and dynamic imports alike), so no spelling of a path gets round them.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript modules when following imports (for import cycles).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${root}/tsconfig.json`, `${root}/sw/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: fenceZones }],
    },
  },
  {
    // An import cycle makes the order modules run in depend on which one is imported first.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Server handlers take the database from one place only: inside `idempotent()` the transaction it hands
    // the callback (server/http/idempotency.ts), never the request's `deps.db` (using both hangs PGlite).
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...serverDbRules, doubleCastRule] },
  },
  {
    // A value forced through `unknown` to another type is a lie the compiler can no longer catch: check the value
    // (a valibot schema, a type guard) or type it truthfully. Tests may build deliberately broken values.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'],
    rules: { 'no-restricted-syntax': ['error', doubleCastRule, asyncWaitForFunctionRule] },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', asyncWaitForFunctionRule] },
  },
  {
    // Words a person reads come from the message catalogs (docs/i18n.md). Directories join as their words move
    // into the catalogs; at the end of issue 18 this covers every page.
    files: I18N_CHECKED_FILES,
    ignores: ['**/*.test.tsx'],
    plugins: { basha },
    rules: { 'basha/no-literal-ui-text': 'error' },
  },
  {
    // Language is data (src/i18n/locale.ts, docs/i18n.md "Adding a language"): outside src/i18n nothing compares
    // with a language code, and numbers and dates are formatted by src/i18n/format.ts alone. Tests may name a
    // language. The bench (scripts/bench) is not yet held to it: it measures English and Bangla by name.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src/i18n/**', '**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'scripts/bench/**'],
    plugins: { basha },
    rules: {
      'basha/no-locale-comparison': ['error', { locales: LOCALE_CODES }],
      'basha/formats-in-i18n': 'error',
    },
  },
);
