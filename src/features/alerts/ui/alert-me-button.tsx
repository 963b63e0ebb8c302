import { useState } from 'react';
import { alertOfList } from '@/domain/alert-filters';
import { m } from '@/i18n/generated/messages.js';
import { readSession } from '@/lib/session-cookies';
import { useActAfterSignIn } from '@/lib/use-act-after-sign-in';
import type { AlertMeProps } from '@/ui/alert-slots';
import { Button } from '@/ui/button';
import { lazyOptional } from '@/ui/lazy-optional';

// The sheet (its words, the place tree's names, the API call) loads when the button is tapped: the list's chunk
// carries only this button. It comes with the settings page's chunk (see there why).
const AlertSheet = lazyOptional(() => import('./alerts-page').then((module) => module.AlertSheet));

/**
 * "Alert me" (issue 43, point 1): saves the list's filters as an alert, in a sheet that says what will be watched and
 * asks how often. A visitor is asked to sign in at that moment, and back on the list the sheet opens again with the
 * same filters (src/lib/after-sign-in.ts: they are in the list's address).
 */
export function AlertMeButton(list: AlertMeProps) {
  const { kind, filters } = alertOfList(list);
  const [open, setOpen] = useState(false);
  const signedIn = readSession()?.userId !== undefined;
  const signInFirst = useActAfterSignIn({ type: 'alert', kind }, () => setOpen(true));
  return (
    <>
      <Button
        variant="secondary"
        className="alert-me-button"
        aria-haspopup="dialog"
        onClick={() => (signedIn ? setOpen(true) : signInFirst())}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          />
        </svg>
        {m.alerts_me_button()}
      </Button>
      {open && signedIn ? <AlertSheet kind={kind} filters={filters} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
