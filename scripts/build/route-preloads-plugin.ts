import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../server/http/route-preloads';
import { ROUTE_MANIFEST, type RouteDefinition } from '../../src/domain/route-manifest';
import { entryKey, filesOf, manifestKeyOf, routeEntries, staticClosure, type ViteManifest } from './route-table';

/**
 * Route preloads. A page's own chunk is a lazy import, so on a first visit the browser learns of it only once the
 * entry script has downloaded and run: one more round trip, on a slow connection the longest wait before the
 * page shows. This plugin writes `route-preloads.json` into the build: for each route of the route manifest
 * (src/domain/route-manifest.ts), the JavaScript and CSS its page and preloaded modules need beyond the entry's.
 * The server names them in the page it sends (server/http/route-preloads.ts), so they download beside the entry
 * script.
 */

export interface BundleChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** What the plugin reads of a bundle's items: chunks (Rollup's OutputChunk has these fields) and assets. */
export type BundleItem = BundleChunkInfo | { type: 'asset'; fileName: string };

const isChunk = (item: BundleItem): item is BundleChunkInfo => item.type === 'chunk';

/** The bundle as a Vite manifest (keys: source paths of entries and dynamic entries, else `_<file>`). */
export function manifestFromBundle(bundle: Readonly<Record<string, BundleItem>>, root: string): ViteManifest {
  const chunks = Object.values(bundle).filter(isChunk);
  const keyOf = new Map<string, string>();
  for (const chunk of chunks) {
    const source = chunk.facadeModuleId && path.relative(root, chunk.facadeModuleId).split(path.sep).join('/');
    keyOf.set(
      chunk.fileName,
      source && !source.startsWith('..') && !source.startsWith('\0') ? source : `_${chunk.fileName}`,
    );
  }
  const manifest: ViteManifest = {};
  for (const chunk of chunks) {
    manifest[keyOf.get(chunk.fileName)!] = {
      file: chunk.fileName,
      isEntry: chunk.isEntry,
      isDynamicEntry: chunk.isDynamicEntry,
      imports: chunk.imports.map((file) => keyOf.get(file) ?? `_${file}`),
      css: [...(chunk.viteMetadata?.importedCss ?? [])],
    };
  }
  return manifest;
}

/**
 * Each route's files beyond the entry's (which index.html names already); routes needing nothing more are left out.
 * A route whose page is not a chunk of its own (a page imported statically somewhere, a page path that names no
 * module) is an error: the build stops rather than ship that page without its preloads.
 */
export function routePreloads(
  manifest: ViteManifest,
  routes: readonly RouteDefinition[] = ROUTE_MANIFEST,
): RoutePreload[] {
  const entry = filesOf(manifest, staticClosure(manifest, [entryKey(manifest)]));
  const preloads: RoutePreload[] = [];
  for (const route of routeEntries(routes)) {
    const [page = ''] = route.modules;
    if (!manifest[page]?.isDynamicEntry) {
      throw new Error(`The route ${route.path} loads ${page}, which is not a chunk of its own in this build`);
    }
    const keys = route.modules.flatMap((module) => manifestKeyOf(manifest, module) ?? []);
    const files = filesOf(manifest, staticClosure(manifest, keys));
    const js = files.js.filter((file) => !entry.js.includes(file));
    const css = files.css.filter((file) => !entry.css.includes(file));
    if (js.length > 0 || css.length > 0) preloads.push({ path: route.path, js, css });
  }
  return preloads;
}

export function routePreloadsPlugin(options: { routes?: readonly RouteDefinition[] } = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'basha-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite's own generateBundle, which drops the chunks that only carried CSS: a preload of one is a 404.
      order: 'post',
      handler(_options, bundle) {
        // Only the app's build has the HTML entry (the service worker is built apart).
        if (
          !Object.values(bundle).some(
            (item) => item.type === 'chunk' && item.isEntry && item.fileName.startsWith('assets/'),
          )
        )
          return;
        let preloads: RoutePreload[];
        try {
          preloads = routePreloads(manifestFromBundle(bundle, root), options.routes);
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(preloads, null, 1)}\n`,
        });
      },
    },
  };
}
