import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { useOutboxInUse } from '@/lib/outbox/outbox-presence';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { Button } from '@/ui/button';
import { lazyOptional } from '@/ui/lazy-optional';
import { readSession } from '@/lib/session-cookies';
import { useActAfterSignIn } from '@/lib/use-act-after-sign-in';
import type { RequestButtonProps, RequestTarget } from '@/ui/request-slots';

// The sheet and its form load when the button is tapped: nothing of them is on the page's first load. They come with
// My requests' chunk (see there why).
const RequestSheet = lazyOptional(() => import('./requests-page').then((module) => module.RequestSheet));

/**
 * "Request this service" / "Ask for a visit" (issue 41, point 1). Signed out, it leads to sign-in and back, where
 * the sheet opens (src/lib/after-sign-in.ts); the listing's owner does not see it.
 */
export function RequestButtonView({ target }: RequestButtonProps) {
  const [open, setOpen] = useState(false);
  const selfId = readSession()?.userId;
  const outboxInUse = useOutboxInUse();
  // Back from signing in after tapping as a visitor: the sheet opens where they left it.
  const signInFirst = useActAfterSignIn({ type: 'request', kind: target.kind, listingId: target.listingId }, () =>
    setOpen(true),
  );
  if (selfId && target.ownerId === selfId) return null;

  const onClick = () => (selfId ? setOpen(true) : signInFirst());
  const button = (
    <Button block className="request-button" onClick={onClick} aria-haspopup="dialog">
      {target.kind === 'service' ? m.requests_ask_service() : m.requests_ask_visit()}
    </Button>
  );
  return (
    <span className="request-button-slot">
      {/* The outbox is read only where posts may wait on this phone (a visitor's never loads it). */}
      {selfId && outboxInUse ? <AskUnlessWaiting target={target} button={button} /> : button}
      {open && selfId ? <RequestSheet target={target} selfId={selfId} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}

/**
 * A request for this listing made on this phone and not sent yet: the page says it waits rather than offer a second
 * one (the server would refuse it, 409). One the server refused is in My requests with its reason; a new one may go.
 */
function AskUnlessWaiting({ target, button }: { target: RequestTarget; button: ReactNode }) {
  const waiting = useOutboxItemsOf('request').some(
    (item) =>
      item.status !== 'failed' && item.payload.kind === target.kind && item.payload.listingId === target.listingId,
  );
  if (!waiting) return button;
  return (
    <p className="notice notice--info request-button__waiting" role="status">
      {m.requests_waiting_button()} <Link to="/main/requests">{m.requests_title()}</Link>
    </p>
  );
}
