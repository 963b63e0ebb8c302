import { useEffect, useState } from 'react';
import { isOwnRecord } from '@/domain/user-record';
import { fetchUserRecord } from './fetch-user-record';

/**
 * Whether the signed-in person has proven their e-mail, which posting needs (src/domain/email-verification.ts).
 * Read from their own record (kept on the phone, so it answers offline after one visit). `unknown` when it cannot
 * be read: the form stays open and the server decides.
 */
export type EmailVerification = 'checking' | 'verified' | 'unverified' | 'unknown';

export function useEmailVerification(selfId: string): EmailVerification {
  const [state, setState] = useState<{ selfId: string; value: EmailVerification }>({ selfId, value: 'checking' });
  useEffect(() => {
    let live = true;
    fetchUserRecord(selfId).then(
      (record) => {
        const value = !isOwnRecord(record) ? 'unknown' : record.isVerified ? 'verified' : 'unverified';
        if (live) setState({ selfId, value });
      },
      () => live && setState({ selfId, value: 'unknown' }),
    );
    return () => {
      live = false;
    };
  }, [selfId]);
  return state.selfId === selfId ? state.value : 'checking';
}
