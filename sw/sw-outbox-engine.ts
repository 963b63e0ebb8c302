/**
 * The service worker's outbox engine as a script of its own (scripts/build/worker-outbox-build.ts builds it into
 * `sw-outbox-<hash>.js`). The worker imports it only on phones where someone signed in, and calls
 * `loadWorkerOutbox()` on a Background Sync: the engine (the processor, the senders, Dexie and the payloads'
 * schemas) is evaluated then, not each time the worker starts for a navigation.
 */
export const loadWorkerOutbox = () => import('./sw-outbox');

export type WorkerOutbox = Awaited<ReturnType<typeof loadWorkerOutbox>>;
