import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // Imports flow one way: shared (lib, ui, domain) -> features -> app. A feature does not import another.
    files: ['src/lib/**', 'src/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@/features/*', '@/app/*', '../features/*', '../../features/*', '../app/*', '../../app/*'] },
      ],
    },
  },
);
