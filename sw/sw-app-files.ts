/// <reference lib="webworker" />
import * as v from 'valibot';
import type { PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  APP_FILES_CACHE,
  CACHE_FILES_MESSAGE,
  groupCachedKey,
  isAppFilePath,
  OPTIONAL_GROUPS,
  PRECACHE_GROUPS,
  type OptionalGroup,
  type PrecacheGroup,
} from '../src/domain/worker-caching';

/**
 * The app's files in the worker beyond the precached shell (issue 23). The build gives every file of its list a
 * group (scripts/build/precache-groups.ts): `shell` files are precached by workbox on install; the others are
 * cached in APP_FILES_CACHE when a page asks for their group (src/app/pwa/register-pwa.ts decides: never while
 * the phone saves data, the rest only on Wi-Fi; the rest of the app's code once someone signed in) or on first use,
 * and served cache-first. A new build keeps what is still the same file and drops the rest on activation.
 */

interface AppFile {
  path: string;
  revision: string | null;
  group: PrecacheGroup;
}

const cacheFilesMessage = v.object({
  type: v.literal(CACHE_FILES_MESSAGE),
  groups: v.pipe(v.array(v.picklist(OPTIONAL_GROUPS)), v.maxLength(3)),
  loaded: v.pipe(v.array(v.pipe(v.string(), v.maxLength(300))), v.maxLength(300)),
});

const REVISIONS_KEY = '/__basha/revisions';

function groupOf(entry: PrecacheEntry): PrecacheGroup {
  if (!('group' in entry)) return 'shell';
  const group = entry.group;
  return PRECACHE_GROUPS.find((known) => known === group) ?? 'shell';
}

/** A short fingerprint of the build's file list: two workers with the same one serve the same files. */
function fingerprint(files: readonly AppFile[]): string {
  let hash = 5381;
  for (const char of JSON.stringify(files)) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}

export function appFiles(manifest: ReadonlyArray<PrecacheEntry | string>) {
  const files: AppFile[] = manifest.map((entry) =>
    typeof entry === 'string'
      ? { path: new URL(entry, 'https://x/').pathname, revision: null, group: 'shell' }
      : { path: new URL(entry.url, 'https://x/').pathname, revision: entry.revision ?? null, group: groupOf(entry) },
  );
  const precached = (file: AppFile) => file.group === 'shell';
  const optional = new Map(
    files.filter((file) => !precached(file) && file.group !== 'outbox').map((file) => [file.path, file]),
  );
  const build = fingerprint(files);

  /** Caches what is not cached yet; answers whether every file is in the cache now. */
  async function cacheFiles(paths: readonly string[], fromHttpCache: boolean): Promise<boolean> {
    const cache = await caches.open(APP_FILES_CACHE);
    let all = true;
    for (const path of paths) {
      if (await cache.match(path)) continue;
      try {
        // What the page already loaded is in the browser's HTTP cache: copied from there, not downloaded again.
        const response = await fetch(path, { cache: fromHttpCache ? 'force-cache' : 'default' });
        if (response.ok) await cache.put(path, response);
        else all = false;
      } catch {
        // Offline or gone: it will be cached on first use, or when the page asks again.
        all = false;
      }
    }
    return all;
  }

  /** Caches a group's files, and records the group as whole (groupCachedKey) once all of them are in. */
  async function cacheGroup(group: OptionalGroup): Promise<void> {
    const paths = [...optional.values()].filter((file) => file.group === group).map((file) => file.path);
    if (await cacheFiles(paths, false)) {
      await (await caches.open(APP_FILES_CACHE)).put(groupCachedKey(group), new Response(build));
    }
  }

  /** Drops what an older build cached and this one does not have as it was; remembers this build's revisions. */
  async function keepThisBuildOnly(): Promise<void> {
    const cache = await caches.open(APP_FILES_CACHE);
    const stored = await cache.match(REVISIONS_KEY);
    const before: unknown = stored ? await stored.json().catch(() => ({})) : {};
    const read = v.safeParse(v.record(v.string(), v.nullable(v.string())), before);
    const oldRevisions = read.success ? read.output : {};
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname;
      // A group recorded whole by another build may miss files of this one: it is cached again when the page asks.
      // The record names its build, so one this build wrote meanwhile (a page asked early) stays.
      if (path.startsWith('/__basha/cached/') && (await (await cache.match(request))?.text()) !== build) {
        await cache.delete(request);
      }
      if (path.startsWith('/__basha/')) continue;
      const file = optional.get(path);
      if (!file || (file.revision !== null && oldRevisions[path] !== file.revision)) await cache.delete(request);
    }
    const revisions = Object.fromEntries([...optional.values()].map((file) => [file.path, file.revision]));
    await cache.put(REVISIONS_KEY, Response.json(revisions));
  }

  return {
    /** For workbox's precache: the shell. */
    precached: files.filter(precached).map((file) => ({ url: file.path, revision: file.revision })),
    /** The outbox engine's script (sw/sw-outbox-engine.ts), for importScripts. */
    outboxScript: files.find((file) => file.group === 'outbox')?.path,

    listen(worker: ServiceWorkerGlobalScope): void {
      // The app's files not in the precache: cache-first, cached on first use.
      registerRoute(
        ({ url, request }) =>
          request.method === 'GET' && url.origin === worker.location.origin && isAppFilePath(url.pathname),
        new CacheFirst({ cacheName: APP_FILES_CACHE }),
      );

      worker.addEventListener('message', (event) => {
        const message = v.safeParse(cacheFilesMessage, event.data);
        if (!message.success) return;
        const { groups, loaded } = message.output;
        const work = (async () => {
          await cacheFiles(
            loaded.filter(
              (path) => isAppFilePath(path) && !files.some((file) => file.path === path && precached(file)),
            ),
            true,
          );
          for (const group of groups) await cacheGroup(group);
        })();
        event.waitUntil(work);
        void work.finally(() => event.ports[0]?.postMessage({ done: true }));
      });

      worker.addEventListener('activate', (event) => event.waitUntil(keepThisBuildOnly()));
    },
  };
}
