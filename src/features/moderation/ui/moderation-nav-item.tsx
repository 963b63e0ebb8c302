import { Suspense, useEffect, useState } from 'react';
import { FIRST_CONTENT_MAX_WAIT_MS, whenIdleAfterFirstContent } from '@/lib/when-idle';
import { lazyOptional } from '@/ui/lazy-optional';

/** Loaded on its own, like the verify-email link: reading the person's record must not weigh on first paint. */
const ModerationLink = lazyOptional(() => import('./moderation-link').then((module) => module.default));

/**
 * The header's link to the moderation page, for moderators only: their own record says `moderator: true`
 * (server/moderation/moderators.ts). Read once the page has settled.
 */
export function ModerationNavItem({ selfId }: { selfId: string }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenIdleAfterFirstContent(() => setSettled(true), FIRST_CONTENT_MAX_WAIT_MS), []);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <ModerationLink selfId={selfId} />
    </Suspense>
  );
}
