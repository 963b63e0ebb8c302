import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  entryKey,
  filesOf,
  manifestKeyOf,
  readManifest,
  staticClosure,
  type RouteEntry,
  type ViteManifest,
} from '../build/route-table';
import { firstLoadJsBudgetFor } from './budgets';

/**
 * First-load JavaScript and CSS per route, read from a Vite build: the manifest (`vite build --manifest`,
 * `<outDir>/.vite/manifest.json`) says which files each chunk pulls in statically, and the route manifest
 * (src/domain/route-manifest.ts) says which modules each route loads lazily. A route's first load is the entry
 * (index.html) with its static imports, plus the route's page and the modules it loads beside it, with
 * their static imports. Chunks the app imports later at run time (a `import()` inside a page, Firebase loaded
 * on demand) are not part of it.
 */

// The route and manifest helpers live with the build, which uses them for route preloads.
export {
  entryKey,
  filesOf,
  manifestKeyOf,
  readManifest,
  routeEntries,
  staticClosure,
  type ManifestChunk,
  type RouteEntry,
  type ViteManifest,
} from '../build/route-table';

export interface RouteBundle {
  path: string;
  /** Manifest keys of the route's lazy modules; `missing` lists modules the build has no chunk for. */
  chunks: string[];
  missing: string[];
  js: { files: number; bytes: number; gzip: number };
  css: { files: number; bytes: number; gzip: number };
}

/** gzip at the default level (6), as a server compressing on the fly sends it. */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes).length;
}

/** First-load JS and CSS of each route, sizes raw and gzipped, from the build folder. */
export function bundleReport(
  outDir: string,
  manifest: ViteManifest,
  routes: readonly RouteEntry[],
  readFile: (file: string) => Uint8Array = (file) => readFileSync(path.join(outDir, file)),
): RouteBundle[] {
  const entry = entryKey(manifest);
  const sizes = new Map<string, { bytes: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFile(file);
      size = { bytes: content.length, gzip: gzipSize(content) };
      sizes.set(file, size);
    }
    return size;
  };
  const total = (files: string[]) =>
    files.reduce(
      (sum, file) => {
        const size = sizeOf(file);
        return { files: sum.files + 1, bytes: sum.bytes + size.bytes, gzip: sum.gzip + size.gzip };
      },
      { files: 0, bytes: 0, gzip: 0 },
    );
  return routes.map((route) => {
    const chunks: string[] = [];
    const missing: string[] = [];
    for (const specifier of route.modules) {
      const key = manifestKeyOf(manifest, specifier);
      if (key) chunks.push(key);
      else missing.push(specifier);
    }
    const files = filesOf(manifest, staticClosure(manifest, [entry, ...chunks]));
    return { path: route.path, chunks, missing, js: total(files.js), css: total(files.css) };
  });
}

/** The routes worth a row: every page, not wildcards nor guards without a page of their own; always `/`. */
export function measuredRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return routes.filter((route) => {
    if (route.path.includes('*') || seen.has(route.path)) return false;
    const parent = routes.find((other) => route.path.startsWith(`${other.path}/`) && other.path !== '/');
    const ownModules = route.modules.filter((module) => !parent?.modules.includes(module));
    if (route.path !== '/' && ownModules.length === 0) return false;
    seen.add(route.path);
    return true;
  });
}

export interface FirstLoadRow {
  path: string;
  jsGzip: number;
  cssGzip: number;
  budget?: number;
  pass?: boolean;
}

/** Each page's first-load JS and CSS (gzip) from a build made with `--manifest`, beside its budget if it has one. */
export function firstLoadRows(outDir: string, routes: readonly RouteEntry[]): FirstLoadRow[] {
  return bundleReport(outDir, readManifest(outDir), measuredRoutes(routes)).map((route) => {
    const budget = firstLoadJsBudgetFor(route.path);
    return {
      path: route.path,
      jsGzip: route.js.gzip,
      cssGzip: route.css.gzip,
      ...(budget === undefined ? {} : { budget, pass: route.js.gzip <= budget }),
    };
  });
}
