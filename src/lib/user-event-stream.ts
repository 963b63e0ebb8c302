import { createParser } from 'eventsource-parser';
import { API_BASE_PATH } from '@/domain/constants';
import { sessionEndReasonOf } from '@/domain/session-end';
import { USER_EVENT_NAME, type UserEvent, type UserEventType } from '@/domain/user-events';
import { getLocale } from '@/i18n/generated/runtime.js';
import { readSessionToken } from './session-cookies';
import { reportSessionRefused } from './session-refused';

/**
 * The live events of the person signed in (issue 42): `GET /api/v1/events`, server-sent events read with fetch, since
 * the session is a bearer token, which EventSource cannot send. One connection per tab, shared by every listener: open
 * while someone listens, a session exists, the phone is online and the tab has not been hidden for HIDDEN_CLOSE_MS;
 * closed otherwise, and opened again as soon as all of that holds once more. A dropped connection is opened again after
 * a wait that doubles with each failed try, and resumes after the last event read (Last-Event-ID), of the same session
 * only. An event says what changed: listeners read what they need through the API. A 401 ends the session on the phone
 * as any call's does (./session-refused.ts), and that session is not tried again.
 *
 * Loaded only by code that is lazy itself (the header's badge, the pages that follow events): the library is not the
 * first screen's business.
 */

export const USER_EVENTS_PATH = `${API_BASE_PATH}/events`;
/** The first wait before opening a dropped connection again; it doubles with each failed try. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** A tab hidden this long lets its connection go (battery, data), and opens it again once shown. */
export const HIDDEN_CLOSE_MS = 60_000;

/**
 * The wait before the next try after `failures` failed ones (1, 2, ...): from `baseMs` (the server's `retry:`, when it
 * said one) doubling up to RECONNECT_MAX_MS, half of it random so that phones dropped together do not return together.
 */
export function reconnectDelayMs(failures: number, baseMs = RECONNECT_BASE_MS, random = Math.random): number {
  const ceiling = Math.max(baseMs, Math.min(RECONNECT_MAX_MS, baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 20)));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

type Listener = (event: UserEvent) => void;

/** One entry per subscription, so that the same function subscribed twice is two listeners. */
const listeners = new Set<{ listener: Listener }>();
let connection: { token: string; controller: AbortController } | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
let hiddenLong = false;
let failures = 0;
let serverRetryMs: number | undefined;
/** The last event's id, with the session it was read with: another session's stream does not resume from it. */
let resumeFrom: { token: string; id: string } | undefined;
/** A session the server refused (401): never tried again. */
let refusedToken: string | undefined;

/** Calls `listener` with each event of the person signed in, for as long as it is subscribed; answers the unsubscribe. */
export function subscribeToUserEvents(listener: Listener): () => void {
  const entry = { listener };
  if (listeners.size === 0) watchTab();
  listeners.add(entry);
  update();
  return () => {
    if (!listeners.delete(entry) || listeners.size > 0) return;
    // A page handing over to the next unsubscribes and subscribes in one go: the connection stays for the next one.
    queueMicrotask(update);
  };
}

/** Brings the connection in line with what is wanted now: opened, kept, closed, or opened with another session. */
function update(): void {
  const token = readSessionToken();
  const wanted = listeners.size > 0 && token !== undefined && token !== refusedToken && navigator.onLine && !hiddenLong;
  if (connection && (!wanted || connection.token !== token)) {
    connection.controller.abort();
    connection = undefined;
  }
  if (!wanted) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }
  if (listeners.size === 0) stopWatchingTab();
  else if (wanted && !connection && retryTimer === undefined) void connect(token);
}

async function connect(token: string): Promise<void> {
  const own = { token, controller: new AbortController() };
  connection = own;
  if (resumeFrom?.token !== token) resumeFrom = undefined;
  let heard = false;
  try {
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Accept-Language': getLocale(),
      Authorization: `Bearer ${token}`,
    };
    if (resumeFrom) headers['Last-Event-ID'] = resumeFrom.id;
    const response = await fetch(USER_EVENTS_PATH, { headers, cache: 'no-store', signal: own.controller.signal });
    if (response.status === 401) {
      refusedToken = token;
      const body: unknown = await response.json().catch(() => undefined);
      reportSessionRefused(token, sessionEndReasonOf(body));
    } else if (response.ok && response.body) {
      const parser = createParser({
        onEvent: (message) => {
          heard = true;
          if (message.id !== undefined) resumeFrom = { token, id: message.id };
          if (message.event === USER_EVENT_NAME) deliver(message.data);
        },
        onComment: () => (heard = true),
        onRetry: (ms) => (serverRetryMs = ms),
      });
      const reader = response.body.getReader();
      own.controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      const decoder = new TextDecoder();
      for (let read = await reader.read(); !read.done && connection === own; read = await reader.read()) {
        // Signed out, or another person signed in (in this tab or another): what this session says is not theirs.
        if (readSessionToken() !== token) break;
        parser.feed(decoder.decode(read.value, { stream: true }));
      }
    }
  } catch {
    // The network failed, or the connection was closed on purpose (then it is no longer `connection`).
  }
  if (connection !== own) return;
  own.controller.abort();
  connection = undefined;
  // A stream that carried something was healthy: its end is a first failure, not one more.
  failures = heard ? 1 : failures + 1;
  if (refusedToken === token || readSessionToken() !== token) update();
  else retryLater();
}

function retryLater(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(
    () => {
      retryTimer = undefined;
      update();
    },
    reconnectDelayMs(failures, serverRetryMs),
  );
}

/** Each listener hears a well-formed event; one that throws does not keep it from the others. */
function deliver(data: string): void {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return;
  }
  if (!isUserEvent(event)) return;
  for (const { listener } of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('A listener of the event stream failed', error);
    }
  }
}

const isText = (value: unknown) => typeof value === 'string' && value !== '';

/** What each type of event must carry to be handed on (a type added to UserEvent is a compile error here). */
const USER_EVENT_SHAPES: Record<UserEventType, (event: Record<string, unknown>) => boolean> = {
  message: (event) =>
    isText(event.conversationId) &&
    typeof event.message === 'object' &&
    event.message !== null &&
    isText((event.message as Record<string, unknown>)._id),
  conversation: (event) => isText(event.conversationId),
  request: (event) => isText(event.requestId) && isText(event.status),
};

function isUserEvent(value: unknown): value is UserEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return Object.hasOwn(USER_EVENT_SHAPES, String(event.type)) && USER_EVENT_SHAPES[event.type as UserEventType](event);
}

function onOnlineOrOffline(): void {
  // Back online, the connection opens at once, not after the wait a try made offline left.
  failures = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  update();
}

function onVisibilityChange(): void {
  clearTimeout(hiddenTimer);
  hiddenTimer = undefined;
  if (document.visibilityState === 'hidden') {
    hiddenTimer = setTimeout(() => {
      hiddenLong = true;
      update();
    }, HIDDEN_CLOSE_MS);
  } else if (hiddenLong) {
    hiddenLong = false;
    failures = 0;
    update();
  }
}

function watchTab(): void {
  window.addEventListener('online', onOnlineOrOffline);
  window.addEventListener('offline', onOnlineOrOffline);
  document.addEventListener('visibilitychange', onVisibilityChange);
  onVisibilityChange();
}

/** No one listens: the tab is no longer watched, and the next subscriber starts afresh. */
function stopWatchingTab(): void {
  window.removeEventListener('online', onOnlineOrOffline);
  window.removeEventListener('offline', onOnlineOrOffline);
  document.removeEventListener('visibilitychange', onVisibilityChange);
  clearTimeout(hiddenTimer);
  hiddenTimer = undefined;
  hiddenLong = false;
  failures = 0;
  serverRetryMs = undefined;
  resumeFrom = undefined;
  refusedToken = undefined;
}
