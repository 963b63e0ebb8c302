import { Suspense, useState, type ReactNode } from 'react';
import type { StoredOutboxItem } from '@/lib/outbox/outbox-db';
import { isOutboxInUse } from '@/lib/outbox/outbox-presence';
import { Button } from './button';
import { lazyOptional } from './lazy-optional';

// Loaded when first needed (./sign-out-dialogs.tsx says why).
const WaitingPostsDialog = lazyOptional(() => import('./sign-out-dialogs').then((m) => m.WaitingPostsDialog));

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

  const signOut = async (discard: readonly StoredOutboxItem[] = []) => {
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

  return (
    <>
      <Button variant={variant} disabled={busy} onClick={() => void start()}>
        {children}
      </Button>
      {waiting.length > 0 ? (
        <Suspense fallback={null}>
          <WaitingPostsDialog
            open
            waiting={waiting}
            busy={busy}
            onStay={() => setWaiting([])}
            onSignOut={(discard) => void signOut(discard)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
