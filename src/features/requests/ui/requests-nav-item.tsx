import { Suspense, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { FIRST_CONTENT_MAX_WAIT_MS, whenIdleAfterFirstContent } from '@/lib/when-idle';
import { lazyOptional } from '@/ui/lazy-optional';
import { onRequestsMayHaveChanged } from './requests-changed';

/** Loaded on its own, once the page has settled: the count is not the page's first paint's business. */
const WaitingRequestsCount = lazyOptional(() => import('./waiting-requests-count').then((module) => module.default));

/**
 * The header's "My requests" link (issue 41, point 4), with a badge counting the requests that wait for the person's
 * answer. Counted once the page has settled, and again whenever it may have changed (./requests-changed.ts).
 */
export function RequestsNavItem({ selfId }: { selfId: string }) {
  const [settled, setSettled] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => whenIdleAfterFirstContent(() => setSettled(true), FIRST_CONTENT_MAX_WAIT_MS), []);
  useEffect(() => onRequestsMayHaveChanged(() => setRound((count) => count + 1)), []);
  return (
    <li>
      <NavLink to="/main/requests" className="site-nav__link">
        {m.requests_title()}
        {settled ? (
          <Suspense fallback={null}>
            <WaitingRequestsCount selfId={selfId} round={round} />
          </Suspense>
        ) : null}
      </NavLink>
    </li>
  );
}
