import type { Database } from '../db/client';
import type { ActiveSession } from './sessions';

/**
 * Live sessions this server process has looked up lately, so that a phone's requests do not each cost a
 * database round trip. An entry is trusted for SESSION_CACHE_MS at most (and never past the session's expiry),
 * and the process that ends a session (sign-out, sign-out everywhere, a password change, a disabled account, a
 * newly verified e-mail) forgets it at once: there the change holds from the next request on. Other processes
 * hold their copy until it runs out, so a session ended elsewhere may still be served there for at most
 * SESSION_CACHE_MS. Unknown tokens are never remembered (a stranger's guesses cannot fill the cache).
 */

/** How long another process may go on accepting a session after it was ended elsewhere. */
export const SESSION_CACHE_MS = 5_000;
/** Beyond this many entries the oldest go first, so the cache cannot grow without end. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

interface Entry {
  session: ActiveSession;
  /** The app clock's milliseconds after which the entry is looked up again. */
  freshUntil: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on at every forget: a lookup that began before one must not store what it read. */
  private generation = 0;

  /** The cached session for a token's keyed hash, while fresh and unexpired. */
  get(tokenHash: string, nowMs: number): ActiveSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (nowMs >= entry.freshUntil) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before a lookup; `store` keeps its result only if nothing was forgotten meanwhile. */
  ticket(): number {
    return this.generation;
  }

  store(ticket: number, tokenHash: string, session: ActiveSession, expiresAtMs: number, nowMs: number): void {
    if (ticket !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { session, freshUntil: Math.min(nowMs + SESSION_CACHE_MS, expiresAtMs) });
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((session) => session.id === sessionId);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((session) => session.userId === userId);
  }

  private forgetWhere(matches: (session: ActiveSession) => boolean): void {
    this.generation += 1;
    for (const [hash, entry] of this.entries) if (matches(entry.session)) this.entries.delete(hash);
  }
}

// One cache per database handle: per server process (tests run several apps in one process, each its own).
const caches = new WeakMap<Database, SessionCache>();

export function sessionCacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}
