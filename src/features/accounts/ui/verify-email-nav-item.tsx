import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { FIRST_CONTENT_MAX_WAIT_MS, whenIdleAfterFirstContent } from '@/lib/when-idle';
import { justVerifiedUserIdAtom } from '../session/session-atoms';
import { lazyOptional } from '@/ui/lazy-optional';

/**
 * Loaded on its own: reading the person's record brings IndexedDB's library (the record is kept on the phone),
 * which must not weigh on every page's first paint through the header.
 */
const VerifyEmailLink = lazyOptional(() => import('./verify-email-link').then((module) => module.default));

/**
 * The header's way back to verification (issue 24, point 7): a "Verify email" link while the signed-in person's
 * e-mail is unproven. Their record is read once the page has settled (the page in front of them comes first;
 * it is kept on the phone, so this costs nothing offline), and the link goes as soon as they verify here.
 */
export function VerifyEmailNavItem({ selfId }: { selfId: string }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenIdleAfterFirstContent(() => setSettled(true), FIRST_CONTENT_MAX_WAIT_MS), []);
  const justVerified = useAtomValue(justVerifiedUserIdAtom) === selfId;
  if (!settled || justVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailLink selfId={selfId} />
    </Suspense>
  );
}
