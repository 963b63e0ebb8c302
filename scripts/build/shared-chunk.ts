/**
 * The shared chunk: one file for the app's small modules (helpers, UI parts, domain rules) that several pages use.
 * Left to automatic chunking, each set of pages sharing a module gets a file of its own, often a few hundred
 * bytes, and a list page waited for 9 to 15 of them before it could draw. Over HTTP/1.1 a phone fetches six at a
 * time, and each round of them costs a slow network's round trip; in one file a page pays for a few KiB more
 * instead (decisions 0015, 0019 and 0020 have the figures).
 *
 * Only modules that bring no library and no style sheet of their own join: a module whose static imports reach a
 * library the entry does not load already (Dexie, Firebase, image compression, the form library) stays
 * with the pages that need it, so the shared chunk never makes a page download one of those before it needs it.
 * Style sheets stay with their pages too: a chunk's CSS holds up the first paint of every page that loads it. The
 * exception is what the list pages use (below): their few small style sheets come with `shared`, one file.
 *
 * A library the list pages load for their first read (Dexie, for the mirrors and the saved items' hearts) is theirs
 * alone: the list modules that reach it come as one more file, `list-data` (about 5 KiB), beside the library's own,
 * rather than as one small file each (a list waited for nine files, not six), and `shared` stays free of it.
 *
 * A library every page loads anyway (valibot: forms, outbox payloads and stored records all check their data with it)
 * counts as the entry's own, though the entry itself does not need it: modules using it still join.
 *
 * The landing page, what a first visit downloads, uses nothing of this chunk (~30 KiB on the wire): a test of the real
 * build (route-preloads-build.test.ts) keeps it so.
 *
 * The lists are the pages people open most and wait on with nothing drawn until their code has run (the Lighthouse
 * rows for `/main/rent` and `/main/find-service/all`). Modules they do not use (the forms', the detail pages',
 * moderation's) go to a second file, `shared-rest`, so a list does not download and run other pages' code and
 * messages: with one file, a list's first load carried about 25 KiB more on the wire.
 *
 * Messages need a closer look: every module that says anything imports Paraglide's `m`, whose index imports every
 * message, so by imports alone a list "uses" them all. A message joins `shared` only when the code of a module a list
 * imports (not counting that index) names it, `m.<key>`; the bundle drops the unnamed ones either way.
 */

/** The part of Rolldown's module graph the chunking needs (its ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[]; code?: string | null } | null;
}

export const SHARED_CHUNK_NAME = 'shared';
/** The other pages' share: modules no list page imports. */
export const SHARED_REST_CHUNK_NAME = 'shared-rest';
/** The lists' modules that reach a library the lists load anyway (Dexie, for their mirrors): one file beside it. */
export const LIST_DATA_CHUNK_NAME = 'list-data';

const isLibrary = (moduleId: string) => moduleId.includes('/node_modules/');
const isStyleSheet = (moduleId: string) => /\.(css|scss|sass|less)($|\?)/.test(moduleId);
const isAppSource = (moduleId: string, sourceDir: string) => moduleId.startsWith(sourceDir) && !isLibrary(moduleId);

/** `moduleId` and every module it imports statically, transitively (not looking into `skip`'s imports). */
function staticImports(graph: ModuleGraph, moduleId: string, skip?: (moduleId: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [moduleId];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (skip?.(next)) continue;
    pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/** A compiled message of Paraglide's (src/i18n/generated/messages/<key>.js): its key. */
const MESSAGE_MODULE = /[\\/]i18n[\\/]generated[\\/]messages[\\/]([a-z0-9_]+)\.js$/i;
/** Paraglide's index of every message (`messages.js`, and the `_index.js` it re-exports). */
const MESSAGE_INDEX = /[\\/]i18n[\\/]generated[\\/]messages(?:[\\/]_index)?\.js$/;
// Called or passed on (`m.key(...)`, `{ label: m.key }`). A use this misses costs the list a request for the other
// file, never a missing message: the bundle links chunks by what they import.
const MESSAGE_USE = /\bm\.([a-z0-9_]+)\b/gi;

/** What the list pages use: their modules (not through the message index) and the messages their code calls. */
interface ListUse {
  modules: Set<string>;
  messages: Set<string>;
}

function listUseOf(graph: ModuleGraph, listPages: readonly string[]): ListUse {
  const modules = new Set<string>();
  for (const page of listPages) {
    for (const moduleId of staticImports(graph, page, (id) => MESSAGE_INDEX.test(id))) modules.add(moduleId);
  }
  const messages = new Set<string>();
  for (const moduleId of modules) {
    for (const call of graph.getModuleInfo(moduleId)?.code?.matchAll(MESSAGE_USE) ?? []) messages.add(call[1]!);
  }
  // What the named messages import in turn (Paraglide's plural rules, its runtime) is the lists' too: it left the
  // entry once no message of the entry's needed it, and a list then loaded `shared-rest` for it.
  // (`messages.js` re-exports `messages/_index.js`, which imports each message.)
  const indexes = [...modules].filter((moduleId) => MESSAGE_INDEX.test(moduleId));
  for (let index = indexes.pop(); index !== undefined; index = indexes.pop()) {
    for (const imported of graph.getModuleInfo(index)?.importedIds ?? []) {
      if (MESSAGE_INDEX.test(imported)) {
        if (!modules.has(imported)) indexes.push(imported);
        modules.add(imported);
        continue;
      }
      const key = MESSAGE_MODULE.exec(imported)?.[1];
      if (key === undefined || !messages.has(key)) continue;
      for (const moduleId of staticImports(graph, imported)) if (!MESSAGE_MODULE.test(moduleId)) modules.add(moduleId);
    }
  }
  return { modules, messages };
}

/**
 * A chunk group's `name` function for a module of `sourceDir` whose static imports reach no library outside the
 * entry's (`entryId`'s) own and `everyPageLibraries`: `shared` when one of `listPages` imports it (statically,
 * through any path; style sheets included), `shared-rest` when none does and it reaches no style sheet; any other
 * module gets none (automatic chunking). Without `listPages`, `shared` for those that reach no style sheet.
 * The group's `minShareCount` keeps out modules only one page uses, and a group listed before it takes the entry's
 * own.
 */
export function sharedChunkName(options: {
  sourceDir: string;
  entryId: string;
  everyPageLibraries?: RegExp;
  listPages?: readonly string[];
  /**
   * Libraries the list pages load for their first read (Dexie): a module the lists use that reaches one goes to
   * `list-data`, not to `shared`, which pages without the library (the sign-in forms) load too.
   */
  listLibraries?: RegExp;
}) {
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (!isAppSource(moduleId, options.sourceDir)) return null;
    const listUses = options.listPages?.length ? usedByLists(moduleId, graph, options.listPages) : undefined;
    const entryModules = staticImports(graph, options.entryId);
    let reachesListLibrary = false;
    for (const imported of staticImports(graph, moduleId)) {
      const pagesHaveIt = entryModules.has(imported) || options.everyPageLibraries?.test(imported) === true;
      const listsHaveIt = listUses === true && options.listLibraries?.test(imported) === true;
      if (isLibrary(imported) && !pagesHaveIt && !listsHaveIt) return null;
      if (isLibrary(imported) && !pagesHaveIt) reachesListLibrary = true;
      // What the lists use comes with its styles: their first paint would otherwise wait on a file more for each.
      if (isStyleSheet(imported) && listUses !== true) return null;
    }
    if (reachesListLibrary) return LIST_DATA_CHUNK_NAME;
    if (listUses === undefined) return SHARED_CHUNK_NAME;
    return listUses ? SHARED_CHUNK_NAME : SHARED_REST_CHUNK_NAME;
  };
}

/** Whether a list page uses the module: imports it, or for a message, names it. */
function usedByLists(moduleId: string, graph: ModuleGraph, listPages: readonly string[]): boolean {
  // Worked out once per chunking pass: Rolldown hands out the same module info objects within one.
  const passKey = graph.getModuleInfo(listPages[0]!);
  let listUse = passKey ? listUseByPass.get(passKey) : undefined;
  if (!listUse) {
    listUse = listUseOf(graph, listPages);
    if (passKey) listUseByPass.set(passKey, listUse);
  }
  const messageKey = MESSAGE_INDEX.test(moduleId) ? undefined : MESSAGE_MODULE.exec(moduleId)?.[1];
  return messageKey ? listUse.messages.has(messageKey) : listUse.modules.has(moduleId);
}

const listUseByPass = new WeakMap<object, ListUse>();
