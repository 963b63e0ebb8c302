import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { NavLink } from 'react-router-dom';
import { onCountsMayHaveChanged } from '@/lib/header-counts';
import { FIRST_CONTENT_MAX_WAIT_MS, whenIdleAfterFirstContent } from '@/lib/when-idle';

/** What a header link's count is given: whose it is, and a number that rises each time it should be read again. */
export interface NavCountProps {
  selfId: string;
  round: number;
}

/**
 * A link of the header's signed-in menu with a count beside it (My requests, Messages). The count is a lazily loaded
 * component (its own chunk, with `nav-count` on what it shows, which puts the dot on the phone's menu button), drawn
 * once the page has settled and read again whenever it may have changed (src/lib/header-counts.ts).
 */
export function CountedNavItem({
  to,
  label,
  count: Count,
  selfId,
}: {
  to: string;
  label: string;
  count: ComponentType<NavCountProps>;
  selfId: string;
}) {
  const [settled, setSettled] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => whenIdleAfterFirstContent(() => setSettled(true), FIRST_CONTENT_MAX_WAIT_MS), []);
  useEffect(() => onCountsMayHaveChanged(() => setRound((count) => count + 1)), []);
  return (
    <li>
      <NavLink to={to} className="site-nav__link">
        {label}
        {settled ? (
          <Suspense fallback={null}>
            <Count selfId={selfId} round={round} />
          </Suspense>
        ) : null}
      </NavLink>
    </li>
  );
}
