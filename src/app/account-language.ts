import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { sessionAtom } from '@/features/accounts/session/session-atoms';
import { currentLocale, localeWasPicked, onLocaleSwitch, switchLocale } from '@/i18n/client-locale';
import { isLocale, type Locale } from '@/i18n/locale';
import { api } from '@/lib/api-client';
import { appStore } from '@/lib/app-store';
import { fetchUserRecord } from '@/lib/fetch-user-record';
import { isOwnRecord } from '@/domain/user-record';

/** Saves the page's language on the account (its mails follow it). Best effort: the next switch or sign-in retries. */
function saveAccountLanguage(locale: Locale): void {
  api.put('user/language', { json: { language: locale } }).catch(() => undefined);
}

/**
 * The language follows the person (issue 18): a switch while signed in is saved on the account; signing in on a
 * phone where no language was picked brings the account's language, and on one where it was, the phone's pick
 * (the newer choice) is saved on the account.
 */
export function useAccountLanguage(): void {
  // App calls this above the store's Provider: name the store.
  const session = useAtomValue(sessionAtom, { store: appStore });
  const signedIn = session.status === 'signed-in' ? session.userId : undefined;
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    if (!signedIn) return undefined;
    return onLocaleSwitch(() => saveAccountLanguage(currentLocale()));
  }, [signedIn]);

  useEffect(() => {
    const justSignedIn = signedIn !== undefined && wasSignedIn.current !== signedIn;
    wasSignedIn.current = signedIn;
    if (!justSignedIn) return;
    fetchUserRecord(signedIn)
      .then((record) => {
        if (!isOwnRecord(record) || !isLocale(record.language) || record.language === currentLocale()) return;
        if (localeWasPicked()) saveAccountLanguage(currentLocale());
        else switchLocale(record.language);
      })
      .catch(() => undefined);
  }, [signedIn]);
}
