import { useCallback, useContext, useEffect, useId } from 'react';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  type Blocker,
  type BlockerFunction,
} from 'react-router-dom';
import { LeaveFormDialog } from './leave-form-dialog';

interface LeaveFormGuardProps {
  /** Whether leaving now would leave something typed behind; read at the moment the person leaves. */
  shouldAsk: () => boolean;
  /** Whether what was typed is kept on the phone as a draft (the dialog says so). */
  kept: boolean;
}

/**
 * Leaving a form with changes asks first (issue 39, point 5): a move to another page of the app opens the leave
 * dialog (a blocker of the router's), a reload or a closed tab the browser's own question (beforeunload). A move within
 * the page (its query) is let through. Loaded after the form has drawn, in ./form-draft-part.tsx (decision 0026).
 */
export function LeaveFormGuard({ shouldAsk, kept }: LeaveFormGuardProps) {
  const blocks = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldAsk(),
    [shouldAsk],
  );
  const blocker = useLeaveBlocker(blocks);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldAsk()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldAsk]);

  if (blocker.state !== 'blocked') return null;
  return <LeaveFormDialog kept={kept} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/**
 * React Router's `useBlocker`, on the router's own blocker API (`getBlocker`, `deleteBlocker`, `state.blockers`) read
 * from its contexts as `useBlocker` reads them. Not `useBlocker` itself: the router is in the entry chunk, and using
 * the hook anywhere puts it there, on the first load of every page (`/` is held to its budget by
 * scripts/build/route-preloads-build.test.ts). The app's router has no basename, so the locations are given as they are.
 */
function useLeaveBlocker(blocks: BlockerFunction): Blocker {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const state = useContext(UNSAFE_DataRouterStateContext);
  const key = useId();
  useEffect(() => {
    router?.getBlocker(key, blocks);
  }, [router, key, blocks]);
  useEffect(() => () => router?.deleteBlocker(key), [router, key]);
  return state?.blockers.get(key) ?? UNBLOCKED;
}
