import type { DatabaseHandle, Unlisten } from '../db/client';
import { USER_EVENTS_CHANNEL } from './user-events';

/**
 * One server process's ear on the database: a single LISTEN for every person connected to this process's event
 * streams. A NOTIFY names a person (its payload is their user id); the hub wakes that person's streams, which read
 * their new events from user_events themselves. Notifications carry no data, so nothing is lost when one is
 * dropped or merged: the table holds the events, and a stream that wakes for nothing reads nothing. When the
 * listening connection was lost, every stream is woken, to catch up on what it may have missed.
 */
export interface EventHub {
  /** Calls `wake` whenever there may be new events for `userId`; the returned function stops it. */
  watch(userId: string, wake: () => void): Promise<() => void>;
  /** Set by close(): streams end, so that a server shutting down is not held open by them. */
  readonly closed: boolean;
  /** Stops listening and wakes every stream, which then ends (it finds `closed`). */
  close(): Promise<void>;
}

export function createEventHub(database: Pick<DatabaseHandle, 'listen'>): EventHub {
  const watchers = new Map<string, Set<() => void>>();
  let listening: Promise<Unlisten> | undefined;
  let closed = false;

  const wakeAll = (wakes: Iterable<() => void>) => {
    for (const wake of [...wakes]) wake();
  };
  // Listens only once a stream is open: a process nobody streams from (a test's, a worker's) holds no connection.
  const listen = () => {
    listening ??= database
      .listen(
        USER_EVENTS_CHANNEL,
        (userId) => wakeAll(watchers.get(userId) ?? []),
        () => wakeAll([...watchers.values()].flatMap((each) => [...each])),
      )
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };

  return {
    async watch(userId, wake) {
      if (closed) throw new Error('The event hub is closed');
      await listen();
      let wakes = watchers.get(userId);
      if (!wakes) watchers.set(userId, (wakes = new Set()));
      wakes.add(wake);
      return () => {
        wakes.delete(wake);
        if (wakes.size === 0 && watchers.get(userId) === wakes) watchers.delete(userId);
      };
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      wakeAll([...watchers.values()].flatMap((each) => [...each]));
      watchers.clear();
      const unlisten = await listening?.catch(() => undefined);
      await unlisten?.();
    },
  };
}
