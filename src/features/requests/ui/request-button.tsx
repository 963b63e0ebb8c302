import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { rememberForAfterSignIn, takeActionAfterSignIn } from '@/lib/after-sign-in';
import { Button } from '@/ui/button';
import { lazyOptional } from '@/ui/lazy-optional';
import { readSession } from '@/lib/session-cookies';
import type { RequestButtonProps } from '@/ui/request-slots';

// The sheet and its form load when the button is tapped: nothing of them is on the page's first load. They come with
// My requests' chunk (see there why).
const RequestSheet = lazyOptional(() => import('./requests-page').then((module) => module.RequestSheet));

/**
 * "Request this service" / "Ask for a visit" (issue 41, point 1). Signed out, it leads to sign-in and back, where
 * the sheet opens (src/lib/after-sign-in.ts); the listing's owner does not see it.
 */
export function RequestButtonView({ target }: RequestButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const selfId = readSession()?.userId;
  const here = `${location.pathname}${location.search}`;
  // Back from signing in after tapping as a visitor: the sheet opens where they left it.
  useEffect(() => {
    if (!selfId) return;
    const asked = takeActionAfterSignIn(
      here,
      (action) => action.type === 'request' && action.kind === target.kind && action.listingId === target.listingId,
    );
    if (asked) void Promise.resolve().then(() => setOpen(true));
    // Once, as the button appears for the person signed in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (selfId && target.ownerId === selfId) return null;

  const onClick = () => {
    if (!selfId) {
      rememberForAfterSignIn(here, { type: 'request', kind: target.kind, listingId: target.listingId });
      navigate('/auth/login', { state: { from: here } });
      return;
    }
    setOpen(true);
  };
  return (
    <span className="request-button-slot">
      <Button block className="request-button" onClick={onClick} aria-haspopup="dialog">
        {target.kind === 'service' ? m.requests_ask_service() : m.requests_ask_visit()}
      </Button>
      {open && selfId ? <RequestSheet target={target} selfId={selfId} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}
