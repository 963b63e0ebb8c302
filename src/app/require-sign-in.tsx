import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { sessionAtom } from '@/features/accounts/session/session-atoms';
import type { SignedInContext, ViewerContext } from '@/lib/signed-in';
import { m } from '@/i18n/generated/messages.js';
import { SpinnerScreen } from '@/ui/spinner';

/** The /main guard: a spinner while the sign-in state loads; without a user, sign in and come back here. */
export function RequireSignIn() {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  if (session.status === 'loading') return <SpinnerScreen label={m.app_checking_sign_in()} />;
  if (session.status === 'signed-out') {
    return <Navigate to="/auth/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet context={{ selfId: session.userId } satisfies SignedInContext} />;
}

/** The pages open to visitors (issue 40): shown to anyone, told who is signed in, if anyone. */
export function SignedInIfAny() {
  const session = useAtomValue(sessionAtom);
  const selfId = session.status === 'signed-in' ? session.userId : undefined;
  return <Outlet context={{ selfId } satisfies ViewerContext} />;
}
