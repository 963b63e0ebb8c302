import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import type { LeaveFormDialog as LeaveFormDialogType } from './leave-form-dialog';

type LeaveFormDialogComponent = ComponentType<Parameters<typeof LeaveFormDialogType>[0]>;

interface LeaveFormGuardProps {
  /** Whether leaving now would leave something typed behind; read at the moment the person leaves. */
  shouldAsk: () => boolean;
  /** Whether what was typed is kept on the phone as a draft (the dialog says so). */
  kept: boolean;
}

/**
 * Leaving a form with changes asks first (issue 39, point 5): a move to another page of the app opens the leave
 * dialog (the router's blocker), a reload or a closed tab the browser's own question (beforeunload). A move within
 * the page (its query) is let through. The dialog's code loads after the form has drawn (decision 0026); should it
 * fail to load, the person is let go rather than stuck.
 */
export function LeaveFormGuard({ shouldAsk, kept }: LeaveFormGuardProps) {
  const [dialog, setDialog] = useState<{ Component?: LeaveFormDialogComponent; failed?: boolean }>({});
  useEffect(() => {
    let live = true;
    import('./leave-form-dialog').then(
      (module) => live && setDialog({ Component: module.LeaveFormDialog }),
      () => live && setDialog({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);

  const blocks = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && shouldAsk(),
    [shouldAsk],
  );
  const blocker = useBlocker(blocks);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (shouldAsk()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [shouldAsk]);

  useEffect(() => {
    if (blocker.state === 'blocked' && dialog.failed) blocker.proceed();
  }, [blocker, dialog.failed]);

  if (blocker.state !== 'blocked' || !dialog.Component) return null;
  const { Component } = dialog;
  return <Component kept={kept} onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}
