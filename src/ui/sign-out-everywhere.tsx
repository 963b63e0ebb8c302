import { useState } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { Button } from './button';
import { Dialog } from './dialog';
import './sign-out-everywhere.css';

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
  const online = useOnline();

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
          setOpen(true);
        }}
      >
        {m.ui_sign_out_everywhere()}
      </Button>
      <Dialog open={open} onClose={() => (busy ? undefined : setOpen(false))} title={m.ui_sign_out_everywhere_title()}>
        <div className="sign-out-everywhere">
          <p>{m.ui_sign_out_everywhere_text()}</p>
          {online ? null : (
            <p className="notice notice--info" role="status">
              {m.ui_sign_out_everywhere_offline()}
            </p>
          )}
          {error ? (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="sign-out-everywhere__actions">
            <Button variant="danger" disabled={!online || busy} onClick={() => void confirm()}>
              {busy ? m.ui_signing_out() : m.ui_sign_out_all_devices()}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {m.common_cancel()}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
