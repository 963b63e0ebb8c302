import { createHash } from 'node:crypto';
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { build, type AliasOptions } from 'vite';

/**
 * Builds the service worker's outbox engine (sw/sw-outbox-engine.ts) as a classic script of its own,
 * `sw-outbox-<hash>.js` in the build folder, for the worker to `importScripts` (issue 23). A service worker may not
 * `import()`, and may import scripts only while it is being installed; so the engine is a file apart that the worker
 * imports only when it is installed for a phone where someone signed in (sw/sw.ts), and a visitor's first visit does
 * not download it. The global the script defines (`bashaWorkerOutbox`) gives the worker `loadWorkerOutbox()`; the
 * engine's modules are evaluated only when that is called, on a Background Sync. Answers the file's name.
 */
export async function buildWorkerOutbox(options: { root: string; outDir: string; alias: AliasOptions }) {
  const draft = 'sw-outbox.draft.js';
  await build({
    configFile: false,
    root: options.root,
    publicDir: false,
    logLevel: 'warn',
    resolve: { alias: options.alias },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: options.outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(options.root, 'sw/sw-outbox-engine.ts'), name: 'bashaWorkerOutbox', formats: ['iife'] },
      rolldownOptions: { output: { entryFileNames: draft } },
    },
  });
  const drafted = path.join(options.outDir, draft);
  const hash = createHash('sha256').update(readFileSync(drafted)).digest('hex').slice(0, 10);
  const name = `sw-outbox-${hash}.js`;
  renameSync(drafted, path.join(options.outDir, name));
  return name;
}
