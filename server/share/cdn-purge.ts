import type { Logger } from '../deps';

/**
 * Purging the public pages (/rent/{id}, /pros/{userId}) from a CDN when a listing changes (issue 20, point 1),
 * so a hidden scam or a deleted ad disappears at once rather than within the pages' five cached minutes.
 *
 * The contract (docs/operations.md, "Public pages and purging them"): a POST to CDN_PURGE_URL with
 * `Content-Type: application/json`, `Authorization: Bearer <CDN_PURGE_TOKEN>` when a token is set, and the body
 * `{"files": ["https://<PUBLIC_URL>/rent/<id>", ...]}`: absolute URLs, at most PURGE_BATCH_MAX a request. That is
 * Cloudflare's purge-by-URL call as it is; another CDN takes it through a small proxy. Any 2xx is success.
 *
 * A purge never holds up or fails the write that caused it: paths are queued and sent a moment later (writes
 * close together share one request, a path named twice is sent once), each request is cut off after the
 * configured timeout, and a failure is logged, not retried: the page's own `s-maxage` still ends its life.
 */

export interface CdnPurgeConfig {
  url: string;
  token: string | undefined;
  timeoutMs: number;
}

export interface CdnPurger {
  /**
   * Queues the paths (`/rent/<id>`, with their query) for the next purge request. Returns at once. Paths still
   * being looked up (a write names its pages after it answered) are given as their promise, so that `idle` waits
   * for them too; a failed lookup is the caller's to log.
   */
  purge(paths: readonly string[] | Promise<readonly string[]>): void;
  /** Resolves once everything queued so far, lookups included, was sent (or failed): for tests and a shutdown. */
  idle(): Promise<void>;
}

/** Cloudflare's limit of URLs per purge call. */
export const PURGE_BATCH_MAX = 30;
/** How long paths gather before a request goes: a write and its follow-ups (a review, then another) share one. */
export const PURGE_GATHER_MS = 200;
/** Paths waiting beyond this are dropped with a log line: a CDN that cannot keep up must not grow the heap. */
export const PURGE_QUEUE_MAX = 10_000;

/** Does nothing: no CDN is configured. */
export const noCdnPurge: CdnPurger = { purge: () => undefined, idle: () => Promise.resolve() };

export function createCdnPurger(
  config: CdnPurgeConfig | undefined,
  options: { publicUrl: string; logger?: Logger; gatherMs?: number; fetch?: typeof fetch },
): CdnPurger {
  if (!config) return noCdnPurge;
  const { url, token, timeoutMs } = config;
  const send = options.fetch ?? fetch;
  const gatherMs = options.gatherMs ?? PURGE_GATHER_MS;
  const waiting = new Set<string>();
  const running = new Set<Promise<void>>();
  const lookingUp = new Set<Promise<unknown>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function post(files: string[]): Promise<void> {
    try {
      const response = await send(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ files }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The body is not needed; reading it lets the connection be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) options.logger?.error(`CDN purge of ${files.length} URLs answered ${response.status}`);
    } catch (error) {
      options.logger?.error(`CDN purge of ${files.length} URLs failed`, error);
    }
  }

  function flush(): void {
    timer = undefined;
    const files = [...waiting].map((path) => `${options.publicUrl}${path}`);
    waiting.clear();
    for (let start = 0; start < files.length; start += PURGE_BATCH_MAX) {
      const sending = post(files.slice(start, start + PURGE_BATCH_MAX));
      running.add(sending);
      void sending.finally(() => running.delete(sending));
    }
  }

  function queue(paths: readonly string[]): void {
    for (const path of paths) {
        if (waiting.size >= PURGE_QUEUE_MAX) {
        options.logger?.error(`CDN purge queue full: ${path} and later paths dropped`);
        break;
      }
      waiting.add(path);
    }
    if (waiting.size > 0 && !timer) {
      timer = setTimeout(flush, gatherMs);
      // A queued purge does not keep a finishing process alive.
      timer.unref?.();
    }
  }

  return {
    purge(paths) {
      if (!(paths instanceof Promise)) return queue(paths);
      const lookup = paths.then(queue);
      lookingUp.add(lookup);
      void lookup.catch(() => undefined).finally(() => lookingUp.delete(lookup));
    },
    async idle() {
      while (lookingUp.size > 0) await Promise.allSettled([...lookingUp]);
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
