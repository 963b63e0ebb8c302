import { isListingKind } from '../src/domain/listing-kinds';
import { MAX_PUSH_PAYLOAD_BYTES, type PushMessage } from '../src/domain/push-message';
import { localDigits } from '../src/i18n/digits';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../src/i18n/locale';
import { PUSH_WORDS, type NotificationWords } from './push-words';

/**
 * What the worker makes of a Web Push message (issue 43), as pure functions the worker's `push` and
 * `notificationclick` handlers use (./sw.ts): the payload read without trust, the notification's words and options,
 * whether a focused window already shows it, and the only addresses a tap may open: this origin's own paths.
 */

/** The manifest's icon (scripts/build/web-app-manifest.ts), precached with the app. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
const MAX_APP_PATH_LENGTH = 2000;

/** What the worker shows: a known message, or one of a type it does not know yet, at a safe address. */
export type ReadPushMessage = PushMessage | { type: 'other'; url: string; lang: Locale };

/**
 * `url` as a path of this origin ("/rent/abc?x=1#y"), or undefined when it is anything else: another origin, a
 * protocol-relative `//host`, a backslash that browsers read as a slash, a `javascript:` address, or not a string.
 */
export function appPathOf(url: unknown, origin: string): string | undefined {
  if (typeof url !== 'string' || url.length > MAX_APP_PATH_LENGTH) return undefined;
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== new URL(origin).origin) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The payload as the worker may use it, or undefined when it is not a JSON object (not ours). Its address is kept
 * only when it is a path of this origin (else Basha's home), its language only when Basha speaks it.
 */
export function readPushMessage(text: string | undefined, origin: string): ReadPushMessage | undefined {
  if (text === undefined || text.length > MAX_PUSH_PAYLOAD_BYTES) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const payload = data as Record<string, unknown>;
  const url = appPathOf(payload.url, origin) ?? '/';
  const lang = isLocale(payload.lang) ? payload.lang : DEFAULT_LOCALE;
  switch (payload.type) {
    case 'alert': {
      const kind = typeof payload.kind === 'string' && isListingKind(payload.kind) ? payload.kind : undefined;
      const count = typeof payload.count === 'number' && Number.isInteger(payload.count) ? payload.count : 1;
      if (kind === undefined) return { type: 'other', url, lang };
      return { type: 'alert', kind, count: Math.max(1, count), url, lang };
    }
    case 'message':
    case 'request':
      return { type: payload.type, url, lang };
    default:
      return { type: 'other', url, lang };
  }
}

function wordsOf(message: ReadPushMessage): NotificationWords {
  const words = PUSH_WORDS[message.lang];
  switch (message.type) {
    case 'alert':
      return words.alert(message.kind, localDigits(String(message.count), message.lang), message.count > 1);
    case 'message':
      return words.message;
    case 'request':
      return words.request;
    case 'other':
      return words.other;
  }
}

/** Chromium's and Firefox's `renotify`, which TypeScript's WebWorker library leaves out. */
export interface PushNotificationOptions extends NotificationOptions {
  renotify?: boolean;
}

/** What the notification's `data` holds: the page a tap opens. */
export interface NotificationData {
  url: string;
}

/**
 * The notification's title and options: the words in the payload's language, the app's icon, and a tag of its type
 * and address, so that a second push about the same thing (another message in one thread) replaces the first
 * rather than stacking, and still buzzes (`renotify`).
 */
export function notificationFor(message: ReadPushMessage): { title: string; options: PushNotificationOptions } {
  const { title, body } = wordsOf(message);
  const data: NotificationData = { url: message.url };
  return {
    title,
    options: {
      body,
      icon: NOTIFICATION_ICON,
      tag: `${message.type}:${message.url}`,
      renotify: true,
      lang: message.lang,
      data,
    },
  };
}

/** A window as the checks below need it (a WindowClient). */
export interface WindowLike {
  url: string;
  focused: boolean;
}

/** A new message about the thread the person is reading right now needs no notification: the thread shows it. */
export function isShownAlready(message: ReadPushMessage, windows: readonly WindowLike[], origin: string): boolean {
  if (message.type !== 'message') return false;
  return windows.some((window) => window.focused && windowPath(window.url, origin) === message.url);
}

/** A window's address as a path of this origin, or '' for a window of another. */
export function windowPath(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(origin).origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : '';
  } catch {
    return '';
  }
}

/** The page a tapped notification opens: its data's address when that is a path of this origin, else home. */
export function tappedPath(data: unknown, origin: string): string {
  const url = typeof data === 'object' && data !== null ? (data as Partial<NotificationData>).url : undefined;
  return appPathOf(url, origin) ?? '/';
}

/**
 * Which open window a tap brings forward: one already at that page, else the focused one, else any (it is then
 * navigated there); undefined when Basha has no window open (one is opened).
 */
export function windowForTap<W extends WindowLike>(windows: readonly W[], path: string, origin: string): W | undefined {
  return (
    windows.find((window) => windowPath(window.url, origin) === path) ??
    windows.find((window) => window.focused) ??
    windows.find((window) => windowPath(window.url, origin) !== '')
  );
}
