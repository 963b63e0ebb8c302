import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { UserEvent } from '../../src/domain/user-events';

/**
 * Reads a server-sent event stream (`GET /api/v1/events`) as the app does, for tests: every event is kept as it
 * comes; `next(n)` waits for the first n, and `close()` ends the stream as a client going away does.
 */
export interface StreamReader {
  events: { id: string; name: string; event: UserEvent }[];
  next(count: number, timeoutMs?: number): Promise<StreamReader['events']>;
  /** Waits `ms` and answers whether anything more came. */
  quietFor(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export function readEventStream(response: Response): StreamReader {
  if (!response.body) throw new Error('The event stream has no body');
  const events: StreamReader['events'] = [];
  let arrived = () => {};
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      events.push({
        id: message.id ?? '',
        name: message.event ?? 'message',
        event: JSON.parse(message.data) as UserEvent,
      });
      arrived();
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      if (value) parser.feed(value);
    }
    ended = true;
    arrived();
  })();

  return {
    events,
    async next(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (ended) throw new Error(`The stream ended after ${events.length} of ${count} events`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Only ${events.length} of ${count} events within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          arrived = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return events.slice(0, count);
    },
    async quietFor(ms) {
      const before = events.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return events.length === before;
    },
    async close() {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}
