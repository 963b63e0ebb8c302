import type { Locale } from '@/i18n/locale';
import type { ListingKind } from './listing-kinds';

/**
 * What a Web Push message carries (issue 43), encrypted for one browser (aes128gcm). It names what it is about by
 * the app's address (`url`, e.g. `/rent/{id}`), which a tap on the notification opens, and the language the person
 * reads Basha in; the service worker writes the notification's words itself. It holds no private data: no message
 * text, no names, no numbers, so a payload read on the way tells nothing about anyone.
 */
export type PushMessage =
  /** New listings matched one of the person's alerts: one listing (`url` its page) or several (`url` the list). */
  | { type: 'alert'; kind: ListingKind; count: number; url: string; lang: Locale }
  /** A new message in a conversation (`url` its thread). */
  | { type: 'message'; url: string; lang: Locale }
  /** A request of the person's, or to them, changed (`url` My requests). */
  | { type: 'request'; url: string; lang: Locale };

export type PushMessageType = PushMessage['type'];

/** The most a payload may hold: every push service takes 4 KiB; ours are far smaller. */
export const MAX_PUSH_PAYLOAD_BYTES = 3000;

/** What a push is about, before the reader's language is added by the server as it sends it. */
export type PushAbout = PushMessage extends infer M ? (M extends PushMessage ? Omit<M, 'lang'> : never) : never;
