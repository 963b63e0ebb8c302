import { useEffect, useState } from 'react';
import { isOwnRecord } from '@/domain/user-record';
import { fetchUserRecord } from './fetch-user-record';

/**
 * Whether the signed-in person has proven their e-mail, which posting needs (src/domain/email-verification.ts).
 * Read from their own record (kept on the phone, so it answers offline after one visit). `unknown` when it cannot
 * be read: the form stays open and the server decides.
 */
export type EmailVerification = 'checking' | 'verified' | 'unverified' | 'unknown';

/** `selfId` undefined (a visitor, on a page open to visitors): `unknown`, asking nothing. */
export function useEmailVerification(selfId: string | undefined): EmailVerification {
  const [state, setState] = useState<{ selfId: string | undefined; value: EmailVerification }>({
    selfId,
    value: 'checking',
  });
  useEffect(() => {
    if (selfId === undefined) return;
    let live = true;
    fetchUserRecord(selfId).then(
      (record) => {
        // A proven phone number counts as a proven e-mail does (issue 40; the server decides alike).
        const proven = isOwnRecord(record) && (record.isVerified || record.phoneVerified === true);
        const value = !isOwnRecord(record) ? 'unknown' : proven ? 'verified' : 'unverified';
        if (live) setState({ selfId, value });
      },
      () => live && setState({ selfId, value: 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, [selfId]);
  if (selfId === undefined) return 'unknown';
  return state.selfId === selfId ? state.value : 'checking';
}
