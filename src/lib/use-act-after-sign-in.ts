import { useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { rememberForAfterSignIn, takeActionAfterSignIn, type ActionAfterSignIn } from './after-sign-in';
import { readSession } from './session-cookies';

/** The same action: of the same type, about the same thing. */
const isSame = (kept: ActionAfterSignIn, action: ActionAfterSignIn) =>
  Object.keys(kept).length === Object.keys(action).length &&
  Object.entries(action).every(([field, value]) => (kept as Record<string, unknown>)[field] === value);

/**
 * "Act, then sign in, then carry on" for one control (./after-sign-in.ts): answers the function a visitor's tap
 * calls, which keeps `action` and leads to sign-in and back to this page. Back here, as the control appears for the
 * person now signed in, `onBack` runs once, with their id, after that first render (it then shows as a tap's would).
 */
export function useActAfterSignIn(action: ActionAfterSignIn, onBack: (selfId: string) => void): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const back = useEffectEvent(onBack);
  useEffect(() => {
    const selfId = readSession()?.userId;
    if (!selfId) return;
    if (takeActionAfterSignIn(here, (kept) => isSame(kept, action))) void Promise.resolve().then(() => back(selfId));
    // Once, as the control appears for the person signed in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return () => {
    rememberForAfterSignIn(here, action);
    void navigate('/auth/login', { state: { from: here } });
  };
}
