/**
 * What the service worker keeps of the app and when (issue 23; docs/offline.md, "The service worker"): names and
 * rules shared by the build (scripts/build/precache-groups.ts), the worker (sw/sw.ts) and the page that talks to it
 * (src/app/pwa/register-pwa.ts).
 */

/**
 * `shell` is precached on install; `next` (public pages a visitor opens next) is cached when the page asks; `member`
 * (the rest of the app's code) is cached when the page of someone signed in asks; `later` (pictures) on first use or
 * when the phone is idle on Wi-Fi; `outbox` is the outbox worker's engine, imported, never cached.
 */
export const PRECACHE_GROUPS = ['shell', 'next', 'member', 'later', 'outbox'] as const;
export type PrecacheGroup = (typeof PRECACHE_GROUPS)[number];

/** The groups a page may ask the worker to cache. */
export type OptionalGroup = Extract<PrecacheGroup, 'next' | 'member' | 'later'>;
export const OPTIONAL_GROUPS = ['next', 'member', 'later'] as const satisfies readonly OptionalGroup[];

/** The cache that holds the optional groups' files and the app's files cached on first use. */
export const APP_FILES_CACHE = 'basha-app-files';

/** Page → worker: cache these groups and these files the page already loaded; the worker answers `{ done: true }`. */
export const CACHE_FILES_MESSAGE = 'BASHA_CACHE_FILES';
export interface CacheFilesMessage {
  type: typeof CACHE_FILES_MESSAGE;
  groups: OptionalGroup[];
  /** Same-origin paths the page loaded before the worker controlled it (they come from the HTTP cache). */
  loaded: string[];
}

/**
 * The outbox worker (decision 0016): once someone signed in on the phone, the page registers the worker's script a
 * second time, as `sw.js?outbox`, under a scope that holds no page. That registration's worker imports the outbox
 * engine and sends the outbox on Background Sync; it never answers a page's requests, so installing or updating it
 * never changes which worker controls a page.
 */
export const WORKER_OUTBOX_QUERY = 'outbox';
export const OUTBOX_WORKER_SCOPE = '/__basha/outbox-worker/';
export const OUTBOX_WORKER_URL = `/sw.js?${WORKER_OUTBOX_QUERY}`;

/** Whether a registration's scope (a full URL) is the outbox worker's, not the app's `/` that also matches it. */
export function isOutboxWorkerScope(scope: string): boolean {
  return new URL(scope).pathname === OUTBOX_WORKER_SCOPE;
}

/** The worker's record, in APP_FILES_CACHE, that every file of a group of this build is cached (`member`, ...). */
export function groupCachedKey(group: OptionalGroup): string {
  return `/__basha/cached/${group}`;
}

/** The phone's way of saying how it is connected (the Network Information API, where it exists). */
export interface ConnectionFacts {
  /** `navigator.connection.saveData`, or the in-app data saver. */
  saveData: boolean;
  /** `navigator.connection.type`: `wifi`, `ethernet`, `cellular`, ... or undefined where the browser does not say. */
  type: string | undefined;
}

/**
 * The optional groups a page asks the worker to cache. On a phone where someone signed in, the rest of the app's code
 * always, data saver or not: signed-in pages must open, and posts queue, offline. Beyond that, saving data: nothing
 * (pages and pictures load on first use). Otherwise the pages a visitor opens next, and the rest only on Wi-Fi or a
 * cable, never on a connection that may be metered or that the browser does not describe.
 */
export function groupsToCache(facts: ConnectionFacts & { signedInPhone: boolean }): OptionalGroup[] {
  const member: OptionalGroup[] = facts.signedInPhone ? ['member'] : [];
  if (facts.saveData) return member;
  if (facts.type === 'wifi' || facts.type === 'ethernet') return ['next', 'member', 'later'];
  return ['next', ...member];
}

/**
 * Whether a page may download decoration (the motion kit, ~33 KiB) now. Not while the phone saves data; on a connection
 * that may be metered only once the phone holds the app's code anyway (a phone where someone signed in caches it): a
 * first visit on mobile data is not made to pay for animation before the person has decided to stay (issue 23: a
 * first visit costs at most 250 KiB). A connection may be metered when the browser says `cellular`, or
 * says nothing (Safari, Firefox, desktop Linux Chromium) on a handheld device; Wi-Fi, a cable, or a desktop that does
 * not say are taken as unmetered.
 */
export function mayLoadDecoration(facts: ConnectionFacts & { handheld: boolean; appCodeOnPhone: boolean }): boolean {
  if (facts.saveData) return false;
  const mayBeMetered = facts.type === 'cellular' || (facts.type === undefined && facts.handheld);
  return !mayBeMetered || facts.appCodeOnPhone;
}

/** A path the worker may cache for the page: the build's own files, never the API, uploads or the sign-in proxy. */
export function isAppFilePath(path: string): boolean {
  return /^\/(assets|images|icons|fonts)\//.test(path);
}
