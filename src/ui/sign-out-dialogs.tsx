import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { StoredOutboxItem } from '@/lib/outbox/outbox-db';
import { useOnline } from '@/lib/use-online';
import { Button } from './button';
import { Dialog } from './dialog';
import './sign-out-everywhere.css';

/**
 * The sign-out buttons' dialogs (./sign-out-button.tsx, ./sign-out-everywhere.tsx), a chunk of their own: the header
 * carries the buttons on every page, and a dialog's code and messages load when it is first opened, not with the
 * entry (first-load JS of `/`, docs/performance.md).
 */

interface WaitingPostsDialogProps {
  open: boolean;
  waiting: readonly StoredOutboxItem[];
  busy: boolean;
  onStay: () => void;
  onSignOut: (discard: readonly StoredOutboxItem[]) => void;
}

/** Posts of the person's that have not been sent: stay signed in, sign out and keep them, or delete them. */
export function WaitingPostsDialog({ open, waiting, busy, onStay, onSignOut }: WaitingPostsDialogProps) {
  const count = waiting.length;
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onStay())}
      title={m.ui_sign_out_waiting_title({ count, n: localDigits(String(count), getLocale()) })}
    >
      <div className="sign-out-everywhere">
        <ul>
          {waiting.map((item) => (
            <li key={item.id}>{item.label}</li>
          ))}
        </ul>
        <p>{m.ui_sign_out_waiting_text({ count })}</p>
        <div className="sign-out-everywhere__actions">
          <Button disabled={busy} onClick={onStay}>
            {m.ui_stay_signed_in()}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onSignOut([])}>
            {m.ui_sign_out_send_later()}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onSignOut(waiting)}>
            {m.ui_delete_and_sign_out()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

interface SignOutEverywhereDialogProps {
  open: boolean;
  busy: boolean;
  error: string | undefined;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before ending every session; offline, says the server must be reached first. */
export function SignOutEverywhereDialog({ open, busy, error, onClose, onConfirm }: SignOutEverywhereDialogProps) {
  const online = useOnline();
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onClose())} title={m.ui_sign_out_everywhere_title()}>
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
          <Button variant="danger" disabled={!online || busy} onClick={onConfirm}>
            {busy ? m.ui_signing_out() : m.ui_sign_out_all_devices()}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {m.common_cancel()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
