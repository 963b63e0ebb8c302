import { m } from '@/i18n/generated/messages.js';
import { CountedNavItem } from '@/ui/counted-nav-item';
import { lazyOptional } from '@/ui/lazy-optional';

/** Loaded on its own, once the page has settled: the count is not the page's first paint's business. */
const WaitingRequestsCount = lazyOptional(() => import('./waiting-requests-count').then((module) => module.default));

/**
 * The header's "My requests" link (issue 41, point 4), with a badge counting the requests that wait for the person's
 * answer. Counted once the page has settled, and again whenever it may have changed (./requests-changed.ts).
 */
export function RequestsNavItem({ selfId }: { selfId: string }) {
  return <CountedNavItem to="/main/requests" label={m.requests_title()} count={WaitingRequestsCount} selfId={selfId} />;
}
