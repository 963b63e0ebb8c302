import { useState } from 'react';
import type { SavedKind } from '@/domain/saved';
import { m } from '@/i18n/generated/messages.js';
import { readSession } from '@/lib/session-cookies';
import { isSavedNow, useIsSaved } from '@/lib/saved/saved-state';
import { useActAfterSignIn } from '@/lib/use-act-after-sign-in';
import { showToast } from './toast/toast-atoms';
import './save-heart.css';

/**
 * The heart on a rent ad or a service (cards and detail pages): a toggle button (`aria-pressed`) that keeps the
 * listing on the person's Saved list, on the phone at once and on the account through the outbox. Signed out, it
 * leads to sign-in and back here, where the save then completes (src/lib/after-sign-in.ts). The saving code loads on the first press, so the lists do not carry it.
 */
export function SaveHeart({
  kind,
  id,
  record,
  title,
  describedBy,
  className,
}: {
  kind: SavedKind;
  id: string;
  /** The listing as shown, kept on the phone while saved. */
  record: unknown;
  /** What the listing is called ("Flat, Dhaka"), for the button's label and the outbox. */
  title: string;
  /**
   * The id of the element that names the listing on a card (its heading): the button is then called just "Save" and
   * described by it, so the card's words are not said twice.
   */
  describedBy?: string;
  className?: string;
}) {
  const saved = useIsSaved(kind, id);
  const [busy, setBusy] = useState(false);

  /** Saves (`true`), unsaves (`false`) or turns the heart over (`'toggle'`) for the person signed in. */
  const keep = async (ownerId: string, wanted: boolean | 'toggle') => {
    setBusy(true);
    try {
      const [{ toggleSaved }, savedNow] = await Promise.all([import('@/lib/saved/toggle-saved'), isSavedNow(kind, id)]);
      const next = wanted === 'toggle' ? !savedNow : wanted;
      if (next === savedNow) return;
      const outcome = await toggleSaved({ kind, id, ownerId, saved: next, record, label: title });
      if (outcome.type === 'refused' || outcome.type === 'not-saved') showToast(outcome.message, 'error');
    } catch (error) {
      console.error('The heart could not be toggled', error);
      showToast(m.saved_not_kept(), 'error');
    } finally {
      setBusy(false);
    }
  };

  // Back from signing in after tapping this heart as a visitor: the save they asked for completes now.
  const signInFirst = useActAfterSignIn({ type: 'save', kind, id }, (selfId) => void keep(selfId, true));

  const onPress = () => {
    const session = readSession();
    if (!session) signInFirst();
    else if (!busy) void keep(session.userId, 'toggle');
  };

  return (
    <button
      type="button"
      className={['save-heart', saved ? 'save-heart--on' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-pressed={saved}
      aria-label={describedBy ? m.saved_heart_short_label() : m.saved_heart_label({ title })}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onClick={onPress}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.4 4.5 6.8 4.5c2 0 3.7 1.1 4.5 2.7h1.4c.8-1.6 2.5-2.7 4.5-2.7 3.4 0 5.5 3.4 4.2 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z" />
      </svg>
    </button>
  );
}
