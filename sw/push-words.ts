import type { ListingKind } from '../src/domain/listing-kinds';
import type { Locale } from '../src/i18n/locale';

/**
 * A push notification's words (issue 43), written by the worker in the language the payload names. A small table
 * of its own rather than the app's catalog: the worker shows these with no page open, and keyed `Record<Locale, …>`,
 * so a language added to Basha and not here is a compile error. Counts come in the language's digits.
 */

export interface NotificationWords {
  title: string;
  body: string;
}

export interface PushWords {
  /** One new listing matched an alert (`count` 1), or several. */
  alert: (kind: ListingKind, count: string, several: boolean) => NotificationWords;
  message: NotificationWords;
  request: NotificationWords;
  /** A payload of a type this worker does not know yet (a newer server): still a notification, still its page. */
  other: NotificationWords;
}

const EN_LISTINGS: Record<ListingKind, { one: string; several: string }> = {
  rent: { one: 'A new home to rent matches your alert', several: 'new homes to rent match your alert' },
  service: { one: 'A new service matches your alert', several: 'new services match your alert' },
};

const BN_LISTINGS: Record<ListingKind, { one: string; several: string }> = {
  rent: {
    one: 'আপনার অ্যালার্টের সাথে একটি নতুন ভাড়ার বাসা মিলেছে',
    several: 'টি নতুন ভাড়ার বাসা আপনার অ্যালার্টের সাথে মিলেছে',
  },
  service: { one: 'আপনার অ্যালার্টের সাথে একটি নতুন সেবা মিলেছে', several: 'টি নতুন সেবা আপনার অ্যালার্টের সাথে মিলেছে' },
};

export const PUSH_WORDS: Record<Locale, PushWords> = {
  en: {
    alert: (kind, count, several) => ({
      title: 'Basha alert',
      body: several
        ? `${count} ${EN_LISTINGS[kind].several}. Tap to see them.`
        : `${EN_LISTINGS[kind].one}. Tap to see it.`,
    }),
    message: { title: 'New message', body: 'You have a new message on Basha. Tap to read it.' },
    request: { title: 'Request update', body: 'One of your requests on Basha changed. Tap to see it.' },
    other: { title: 'Basha', body: 'Something new for you on Basha. Tap to see it.' },
  },
  bn: {
    alert: (kind, count, several) => ({
      title: 'বাসা অ্যালার্ট',
      body: several ? `${count}${BN_LISTINGS[kind].several}। দেখতে চাপুন।` : `${BN_LISTINGS[kind].one}। দেখতে চাপুন।`,
    }),
    message: { title: 'নতুন মেসেজ', body: 'বাসায় আপনার একটি নতুন মেসেজ এসেছে। পড়তে চাপুন।' },
    request: { title: 'অনুরোধের খবর', body: 'বাসায় আপনার একটি অনুরোধে পরিবর্তন হয়েছে। দেখতে চাপুন।' },
    other: { title: 'বাসা', body: 'বাসায় আপনার জন্য নতুন কিছু আছে। দেখতে চাপুন।' },
  },
};
