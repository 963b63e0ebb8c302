import type { UserEvent } from '@/domain/user-events';

/**
 * The signed-in person's live events (GET /api/v1/events). The stream itself is being written separately (issue 42,
 * point 2); until it lands here this keeps its contract and the listeners, so that the pages can subscribe to it.
 */

const listeners = new Set<(event: UserEvent) => void>();

/** Calls `listener` for each event while someone is signed in; answers a function that stops it. */
export function subscribeToUserEvents(listener: (event: UserEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
