/**
 * The shared chunk: one file for the app's small modules (helpers, UI parts, domain rules) that several pages use.
 * Left to automatic chunking, each set of pages sharing a module gets a file of its own, often a few hundred
 * bytes, and a list page waited for 9 to 15 of them before it could draw. Over HTTP/1.1 a phone fetches six at a
 * time, and each round of them costs a slow network's round trip; in one file a page pays for a few KiB more
 * instead (docs/performance.md has the figures).
 *
 * Only modules that bring no library and no style sheet of their own join: a module whose static imports reach a
 * library the entry does not load already (Dexie, Firebase, image compression, the form library) stays
 * with the pages that need it, so the shared chunk never makes a page download one of those before it needs it.
 * Style sheets stay with their pages too: a chunk's CSS holds up the first paint of every page that loads it.
 *
 * A library every page loads anyway (valibot: forms, outbox payloads and stored records all check their data with it)
 * counts as the entry's own, though the entry itself does not need it: modules using it still join.
 *
 * The landing page, what a first visit downloads, uses nothing of this chunk (~30 KiB on the wire): a test of the real
 * build (route-preloads-build.test.ts) keeps it so.
 */

/** The part of Rolldown's module graph the chunking needs (its ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

export const SHARED_CHUNK_NAME = 'shared';

const isLibrary = (moduleId: string) => moduleId.includes('/node_modules/');
const isStyleSheet = (moduleId: string) => /\.(css|scss|sass|less)($|\?)/.test(moduleId);
const isAppSource = (moduleId: string, sourceDir: string) => moduleId.startsWith(sourceDir) && !isLibrary(moduleId);

/** `moduleId` and every module it imports statically, transitively. */
function staticImports(graph: ModuleGraph, moduleId: string): Set<string> {
  const seen = new Set<string>();
  const pending = [moduleId];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * A chunk group's `name` function: `shared` for a module of `sourceDir` whose static imports reach no style sheet
 * and no library outside the entry's (`entryId`'s) own and `everyPageLibraries`, otherwise none (automatic chunking). The group's
 * `minShareCount` keeps out modules only one page uses, and a group listed before it takes the entry's own.
 */
export function sharedChunkName(options: { sourceDir: string; entryId: string; everyPageLibraries?: RegExp }) {
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (!isAppSource(moduleId, options.sourceDir)) return null;
    const entryModules = staticImports(graph, options.entryId);
    for (const imported of staticImports(graph, moduleId)) {
      const pagesHaveIt = entryModules.has(imported) || options.everyPageLibraries?.test(imported) === true;
      if (isStyleSheet(imported) || (isLibrary(imported) && !pagesHaveIt)) return null;
    }
    return SHARED_CHUNK_NAME;
  };
}
