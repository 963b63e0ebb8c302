import { describe, expect, it } from 'vitest';
import {
  LIST_DATA_CHUNK_NAME,
  type ModuleGraph,
  SHARED_CHUNK_NAME,
  SHARED_REST_CHUNK_NAME,
  sharedChunkName,
} from './shared-chunk';

// A small app: the entry loads React; pages share helpers, one of which reaches Dexie through another helper.
const imports: Record<string, string[]> = {
  '/app/index.html': ['/app/src/main.tsx'],
  '/app/src/main.tsx': ['/app/node_modules/react/index.js', '/app/src/app/shell.tsx'],
  '/app/src/app/shell.tsx': ['/app/node_modules/react/index.js'],
  '/app/node_modules/react/index.js': [],
  '/app/node_modules/dexie/dist/dexie.mjs': [],
  '/app/src/lib/format-money.ts': [],
  '/app/src/ui/field.tsx': ['/app/node_modules/react/index.js', '/app/src/lib/format-money.ts'],
  '/app/src/lib/mirror.ts': ['/app/node_modules/dexie/dist/dexie.mjs'],
  '/app/src/lib/use-mirror.ts': ['/app/src/lib/mirror.ts'],
  '/app/src/lib/loop-a.ts': ['/app/src/lib/loop-b.ts'],
  '/app/src/lib/loop-b.ts': ['/app/src/lib/loop-a.ts', '/app/node_modules/dexie/dist/dexie.mjs'],
  '/app/src/ui/dialog.css': [],
  '/app/src/ui/dialog.tsx': ['/app/node_modules/react/index.js', '/app/src/ui/dialog.css'],
  '/app/src/ui/reviews.tsx': ['/app/src/ui/dialog.tsx'],
  '/app/node_modules/valibot/dist/index.js': [],
  '/app/src/domain/rent-form.ts': ['/app/node_modules/valibot/dist/index.js'],
  '/app/src/pages/list-page.tsx': ['/app/src/ui/field.tsx', '/app/src/ui/heart.tsx'],
  '/app/src/ui/heart.css': [],
  '/app/src/ui/heart.tsx': ['/app/node_modules/react/index.js', '/app/src/ui/heart.css'],
  '/app/src/pages/form-page.tsx': ['/app/src/ui/field.tsx', '/app/src/lib/photo-rules.ts'],
  '/app/src/lib/photo-rules.ts': [],
  '/app/src/pages/mirrored-list-page.tsx': ['/app/src/lib/use-mirror.ts', '/app/src/ui/field.tsx'],
  '/app/src/lib/outbox.ts': ['/app/node_modules/dexie/dist/dexie.mjs'],
};
const graph: ModuleGraph = {
  getModuleInfo: (moduleId) => (moduleId in imports ? { importedIds: imports[moduleId]! } : null),
};
const nameOf = sharedChunkName({ sourceDir: '/app/src/', entryId: '/app/index.html' });
const withLists = sharedChunkName({
  sourceDir: '/app/src/',
  entryId: '/app/index.html',
  listPages: ['/app/src/pages/list-page.tsx'],
});

describe('the shared chunk', () => {
  it('takes app modules that need only what the entry loads', () => {
    expect(nameOf('/app/src/lib/format-money.ts', graph)).toBe(SHARED_CHUNK_NAME);
    expect(nameOf('/app/src/ui/field.tsx', graph)).toBe(SHARED_CHUNK_NAME);
  });

  it('leaves out a module that reaches a library the entry does not load, directly or through others', () => {
    expect(nameOf('/app/src/lib/mirror.ts', graph)).toBeNull();
    expect(nameOf('/app/src/lib/use-mirror.ts', graph)).toBeNull();
    expect(nameOf('/app/src/lib/loop-a.ts', graph)).toBeNull();
  });

  it('leaves out style sheets and the modules that import one, so no page waits for another page’s styles', () => {
    expect(nameOf('/app/src/ui/dialog.css', graph)).toBeNull();
    expect(nameOf('/app/src/ui/dialog.tsx', graph)).toBeNull();
    expect(nameOf('/app/src/ui/reviews.tsx', graph)).toBeNull();
  });

  it('takes modules that use a library every page loads anyway, when told which', () => {
    expect(nameOf('/app/src/domain/rent-form.ts', graph)).toBeNull();
    const withValibot = sharedChunkName({
      sourceDir: '/app/src/',
      entryId: '/app/index.html',
      everyPageLibraries: /[\\/]node_modules[\\/]valibot[\\/]/,
    });
    expect(withValibot('/app/src/domain/rent-form.ts', graph)).toBe(SHARED_CHUNK_NAME);
    expect(withValibot('/app/src/lib/mirror.ts', graph)).toBeNull();
  });

  it('leaves libraries and modules outside the app source to automatic chunking', () => {
    expect(nameOf('/app/node_modules/react/index.js', graph)).toBeNull();
    expect(nameOf('/app/node_modules/dexie/dist/dexie.mjs', graph)).toBeNull();
    expect(nameOf('\0vite/preload-helper.js', graph)).toBeNull();
  });

  it('gives the modules no list page imports a file of their own, so a list does not download them', () => {
    // Through field.tsx, the list imports format-money.ts as well.
    expect(withLists('/app/src/ui/field.tsx', graph)).toBe(SHARED_CHUNK_NAME);
    expect(withLists('/app/src/lib/format-money.ts', graph)).toBe(SHARED_CHUNK_NAME);
    expect(withLists('/app/src/lib/photo-rules.ts', graph)).toBe(SHARED_REST_CHUNK_NAME);
    expect(withLists('/app/src/lib/mirror.ts', graph)).toBeNull();
  });

  it('brings what the lists use with its style sheets, so a list waits on one file for them', () => {
    expect(withLists('/app/src/ui/heart.tsx', graph)).toBe(SHARED_CHUNK_NAME);
    expect(withLists('/app/src/ui/heart.css', graph)).toBe(SHARED_CHUNK_NAME);
    // Not a list's: the dialog keeps its styles with the pages that show it.
    expect(withLists('/app/src/ui/dialog.tsx', graph)).toBeNull();
    expect(nameOf('/app/src/ui/heart.tsx', graph)).toBeNull();
  });

  it('gives the list modules that reach a library the lists load for their first read a file of their own', () => {
    const withListData = sharedChunkName({
      sourceDir: '/app/src/',
      entryId: '/app/index.html',
      listPages: ['/app/src/pages/mirrored-list-page.tsx'],
      listLibraries: /[\\/]node_modules[\\/]dexie[\\/]/,
    });
    expect(withListData('/app/src/lib/mirror.ts', graph)).toBe(LIST_DATA_CHUNK_NAME);
    expect(withListData('/app/src/lib/use-mirror.ts', graph)).toBe(LIST_DATA_CHUNK_NAME);
    expect(withListData('/app/src/ui/field.tsx', graph)).toBe(SHARED_CHUNK_NAME);
    // Not a list's: the pages that use it load Dexie with it, as before.
    expect(withListData('/app/src/lib/outbox.ts', graph)).toBeNull();
    // The library itself is left to automatic chunking: one file, which the pages preload beside their own.
    expect(withListData('/app/node_modules/dexie/dist/dexie.mjs', graph)).toBeNull();
  });
});

describe('the shared chunk and the messages a list names', () => {
  const generated = '/app/src/i18n/generated';
  const messageImports: Record<string, string[]> = {
    '/app/index.html': [],
    '/app/src/pages/list-page.tsx': [`${generated}/messages.js`],
    '/app/src/pages/form-page.tsx': [`${generated}/messages.js`],
    [`${generated}/messages.js`]: [`${generated}/messages/_index.js`],
    [`${generated}/messages/_index.js`]: [`${generated}/messages/cards_count.js`, `${generated}/messages/form_only.js`],
    [`${generated}/messages/cards_count.js`]: [`${generated}/registry.js`],
    [`${generated}/messages/form_only.js`]: [`${generated}/runtime.js`],
    [`${generated}/registry.js`]: [],
    [`${generated}/runtime.js`]: [],
  };
  const code: Record<string, string> = { '/app/src/pages/list-page.tsx': 'm.cards_count({ count })' };
  const messageGraph: ModuleGraph = {
    getModuleInfo: (moduleId) =>
      moduleId in messageImports ? { importedIds: messageImports[moduleId]!, code: code[moduleId] ?? '' } : null,
  };
  const name = sharedChunkName({
    sourceDir: '/app/src/',
    entryId: '/app/index.html',
    listPages: ['/app/src/pages/list-page.tsx'],
  });

  it('counts what a named message imports (the plural rules) as the lists’, so a list never loads shared-rest', () => {
    expect(name(`${generated}/messages/cards_count.js`, messageGraph)).toBe(SHARED_CHUNK_NAME);
    expect(name(`${generated}/registry.js`, messageGraph)).toBe(SHARED_CHUNK_NAME);
    expect(name(`${generated}/messages/form_only.js`, messageGraph)).toBe(SHARED_REST_CHUNK_NAME);
    expect(name(`${generated}/runtime.js`, messageGraph)).toBe(SHARED_REST_CHUNK_NAME);
  });
});
