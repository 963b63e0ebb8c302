import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paraglidePlugins } from './scripts/i18n/paraglide-options';
import path from 'node:path';
import { firstScreenPlugin } from './scripts/build/first-screen-plugin';
import { precacheGroupsTransform } from './scripts/build/precache-groups';
import { routePreloadsPlugin } from './scripts/build/route-preloads-plugin';
import { LIST_DATA_CHUNK_NAME, type ModuleGraph, sharedChunkName } from './scripts/build/shared-chunk';
import { LIST_PAGE_ROUTES } from './server/http/route-preloads';
import { ROUTE_MANIFEST } from './src/domain/route-manifest';
import { localeManifestsPlugin, WEB_APP_MANIFEST } from './scripts/build/web-app-manifest';
import { buildWorkerOutbox } from './scripts/build/worker-outbox-build';

// The API server (npm run dev starts it on PORT, default 8080) answers these paths; Vite forwards them so the
// browser sees one origin, as in production.
const apiOrigin = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const proxiedPaths = [
  '/api',
  '/uploads',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/emulator',
];

// React Router publishes a production build (its development warnings left out) beside the development one, but its
// package exports only the latter; its own framework plugin makes this switch for builds, which this app (a library
// user) does here. scripts/build/route-preloads-build.test.ts fails if a warning of the development build ships.
const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
];

const chunkNameOf = sharedChunkName({
  sourceDir: fileURLToPath(new URL('./src/', import.meta.url)),
  entryId: fileURLToPath(new URL('./index.html', import.meta.url)),
  everyPageLibraries: /[\\/]node_modules[\\/]valibot[\\/]/,
  // The lists' first read is of their mirrors, through Dexie (decision 0019).
  listLibraries: /[\\/]node_modules[\\/]dexie[\\/]/,
  // The lists' own pages (their shell has the header prerendered: server/http/route-preloads.ts).
  listPages: ROUTE_MANIFEST.filter((route) => LIST_PAGE_ROUTES.has(route.path)).map((route) =>
    fileURLToPath(new URL(`./${route.page}`, import.meta.url)),
  ),
});

export default defineConfig(({ command }) => ({
  plugins: [
    ...paraglidePlugins(),
    react(),
    routePreloadsPlugin(),
    firstScreenPlugin(),
    localeManifestsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself (src/lib/service-worker.ts) to offer updates its own way.
      injectRegister: false,
      injectManifest: {
        // The worker is registered as a classic script; its outbox engine is a classic script apart, which it
        // imports only where someone signed in (scripts/build/worker-outbox-build.ts).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webp,webmanifest}'],
        // Install-sheet screenshots are for the browser's install UI, and the widest illustrations only for big
        // screens: neither is worth a phone's data before it is needed.
        // The landing shells for phones that save data are for the server's first answer only (the worker's
        // navigations get index.html).
        globIgnores: ['screenshots/**', '**/*-1600.webp', '**/*.save-data.html'],
      },
      integration: {
        // Before the worker is built and its file list made: the outbox engine's script, and each file's group
        // (precached, cached when the page asks, or on first use: scripts/build/precache-groups.ts).
        async beforeBuildServiceWorker(options) {
          const outDir = path.dirname(options.swDest);
          await buildWorkerOutbox({
            root: fileURLToPath(new URL('.', import.meta.url)),
            outDir,
            alias: { '@': srcDir },
          });
          options.injectManifest.manifestTransforms = [
            ...(options.injectManifest.manifestTransforms ?? []),
            precacheGroupsTransform(outDir),
          ];
        },
      },
      manifest: WEB_APP_MANIFEST,
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: srcDir }, ...(command === 'build' ? REACT_ROUTER_PRODUCTION : [])],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxiedPaths.map((p) => [p, { target: apiOrigin, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs first (React, the router, the shell) comes as one file, not five: over HTTP/1.1 each
          // file a page waits for costs a phone on a slow network a round trip. The small modules several pages
          // share come as one more (scripts/build/shared-chunk.ts). Pages keep their own chunks.
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: (moduleId: string, graph: ModuleGraph) => {
                const name = chunkNameOf(moduleId, graph);
                return name === LIST_DATA_CHUNK_NAME ? null : name;
              },
              minShareCount: 2,
            },
            // After `shared`, which takes its modules first: what this group's modules import comes with them.
            {
              name: (moduleId: string, graph: ModuleGraph) => {
                const name = chunkNameOf(moduleId, graph);
                return name === LIST_DATA_CHUNK_NAME ? name : null;
              },
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
