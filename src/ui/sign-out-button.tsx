import { useState, type ReactNode } from 'react';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { StoredOutboxItem } from '@/lib/outbox/outbox-db';
import { isOutboxInUse } from '@/lib/outbox/outbox-presence';
import { Button } from './button';
import { Dialog } from './dialog';
import './sign-out-everywhere.css';

interface SignOutButtonProps {
  /** Whose posts may still wait on this phone. */
  selfId: string;
  /** Signs out on this device (session-flows' signOut). */
  onSignOut: () => Promise<void>;
  /** After it: say so and leave the page. */
  onDone: () => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  children: ReactNode;
}

/** The signed-in person's posts that have not reached the server, without loading IndexedDB when none can be. */
async function waitingPostsOf(ownerId: string): Promise<StoredOutboxItem[]> {
  if (!isOutboxInUse()) return [];
  try {
    const { listOutboxItems } = await import('@/lib/outbox/outbox-db');
    return (await listOutboxItems()).filter((item) => item.ownerId === ownerId);
  } catch {
    return []; // The outbox cannot be read: nothing to warn about that could be acted on.
  }
}

/**
 * Sign out on this device (issue 24, point 13). On a shared phone, posts the person made that have not been sent
 * yet would wait there for their next sign-in, unseen: so it says so first, and lets them stay signed in until
 * they are sent, sign out and keep them for later, or delete them and sign out.
 */
export function SignOutButton({ selfId, onSignOut, onDone, variant = 'secondary', children }: SignOutButtonProps) {
  const [waiting, setWaiting] = useState<StoredOutboxItem[]>([]);
  const [busy, setBusy] = useState(false);

  const signOut = async (discard: StoredOutboxItem[] = []) => {
    setBusy(true);
    try {
      if (discard.length > 0) {
        const { removeOutboxItem } = await import('@/lib/outbox/outbox-db');
        await Promise.all(discard.map((item) => removeOutboxItem(item.id)));
      }
      await onSignOut();
      setWaiting([]);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    const items = await waitingPostsOf(selfId).finally(() => setBusy(false));
    if (items.length > 0) setWaiting(items);
    else await signOut();
  };

  const count = waiting.length;
  return (
    <>
      <Button variant={variant} disabled={busy} onClick={() => void start()}>
        {children}
      </Button>
      <Dialog
        open={count > 0}
        onClose={() => (busy ? undefined : setWaiting([]))}
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
            <Button disabled={busy} onClick={() => setWaiting([])}>
              {m.ui_stay_signed_in()}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void signOut()}>
              {m.ui_sign_out_send_later()}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void signOut(waiting)}>
              {m.ui_delete_and_sign_out()}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
