import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteDefinition } from '../../src/domain/route-manifest';

/**
 * What a Vite build and the app's route manifest say about routes and chunks, for the build (route preloads,
 * scripts/build/route-preloads-plugin.ts) and the benchmark (first-load sizes, scripts/bench/bundle-report.ts):
 * the Vite manifest's chunk graph (`vite build --manifest`, or one made from the bundle) and the modules each
 * route of src/domain/route-manifest.ts loads lazily.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): ViteManifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The manifest key of the HTML entry (index.html), or the first entry. */
export function entryKey(manifest: ViteManifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const found = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!found) throw new Error('The Vite manifest has no entry chunk');
  return found[0];
}

/** The chunks `keys` load before running: themselves and their static imports, transitively. */
export function staticClosure(manifest: ViteManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** The JavaScript and CSS files (relative to the build folder) of a set of chunks. */
export function filesOf(manifest: ViteManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/**
 * The manifest key of a source module named as in an import (`@/features/x/ui/page`, `./pages/x`), with or
 * without its extension; undefined when the build has no such chunk (a module inlined into another chunk).
 */
export function manifestKeyOf(
  manifest: ViteManifest,
  specifier: string,
  importer = 'src/app/routes.tsx',
): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(importer), specifier);
  else base = specifier;
  const candidates = [base, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext)];
  return candidates.find((candidate) => manifest[candidate]);
}

export interface RouteEntry {
  /** The full path, params as `:name` (`/main/view-rent/:id`). */
  path: string;
  /** The modules the route loads lazily, as manifest keys: its page, then what it loads beside it. */
  modules: string[];
}

/** The routes of a route manifest (src/domain/route-manifest.ts) with the modules each loads lazily. */
export function routeEntries(routes: readonly RouteDefinition[]): RouteEntry[] {
  return routes.map((route) => ({ path: route.path, modules: [route.page, ...(route.preload ?? [])] }));
}
