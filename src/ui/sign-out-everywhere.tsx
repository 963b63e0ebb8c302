import { Suspense, useState } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from './button';
import { lazyOptional } from './lazy-optional';

// Loaded when first opened (./sign-out-dialogs.tsx says why).
const SignOutEverywhereDialog = lazyOptional(() => import('./sign-out-dialogs').then((m) => m.SignOutEverywhereDialog));

interface SignOutEverywhereProps {
  /** Ends every session of the person on the server, then here; rejects when the server cannot be reached. */
  onSignOutEverywhere: () => Promise<void>;
  /** After it worked: say so and leave the page. */
  onDone: () => void;
  /** For the button, where a place shows it only on some screens. */
  className?: string;
}

/**
 * "Sign out everywhere", beside the ordinary sign-out: a lost phone or a shared computer keeps no session. It asks
 * first, and needs the network (the server ends the other devices' sessions), so offline it says so and waits.
 */
export function SignOutEverywhere({ onSignOutEverywhere, onDone, className }: SignOutEverywhereProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Kept once opened, so that it closes as a dialog does rather than vanishing.
  const [asked, setAsked] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onSignOutEverywhere();
      setOpen(false);
      onDone();
    } catch (failure) {
      setError(await apiErrorMessage(failure, m.ui_sign_out_everywhere_failed()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="ghost"
        className={className}
        onClick={() => {
          setError(undefined);
          setAsked(true);
          setOpen(true);
        }}
      >
        {m.ui_sign_out_everywhere()}
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <SignOutEverywhereDialog
            open={open}
            busy={busy}
            error={error}
            onClose={() => setOpen(false)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
