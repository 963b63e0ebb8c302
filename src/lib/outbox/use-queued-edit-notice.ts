import { useCallback, useEffect, useState } from 'react';
import { queuedMessage, type OutboxKind } from '@/domain/outbox';
import { discardOutboxItem, sendOutboxItemNow } from './outbox';
import type { OutboxItem } from './outbox-db';
import { onOutboxEvent } from './outbox-processor';

/** What an edit page says about its record's edit that is on this phone and not sent yet. */
export interface QueuedEditNotice {
  message: string;
  tone: 'info' | 'error' | 'success';
}

export const EDIT_WAITING_MESSAGE = 'Your last changes are saved on this phone and waiting to be sent.';
export const EDIT_SENT_MESSAGE = 'Your changes have been sent.';
export const editRefusedMessage = (reason: string) => `Your last changes were not accepted: ${reason}`;

/** What became of an edit sent at once: taken, refused (with the server's reason), or left waiting. */
export type PublishedEdit =
  { type: 'sent' } | { type: 'refused'; message: string } | { type: 'queued'; message: string };

/**
 * The notice of an edit page (a service, the profile) whose edits go through the outbox: it follows the queued
 * edit until it is sent or refused, and tells about one found waiting when the page opens. `publish` sends a
 * just-queued edit at once, the same way on every edit page.
 */
export function useQueuedEditNotice() {
  const [notice, setNotice] = useState<QueuedEditNotice>();
  const [itemId, setItemId] = useState<number>();
  useEffect(() => {
    if (itemId === undefined) return undefined;
    return onOutboxEvent((event) => {
      if (event.itemId !== itemId) return;
      if (event.type === 'sent') setNotice({ tone: 'success', message: EDIT_SENT_MESSAGE });
      if (event.type === 'failed') setNotice({ tone: 'error', message: editRefusedMessage(event.message) });
    });
  }, [itemId]);

  /** An edit just queued (`message` says why it waits). */
  const follow = useCallback((id: number, message: string) => {
    setItemId(id);
    setNotice({ tone: 'info', message });
  }, []);
  /** An edit found on the phone when the page opened: waiting, or refused with the server's reason. */
  const resume = useCallback((item: OutboxItem) => {
    setItemId(item.id);
    setNotice(
      item.status === 'failed'
        ? { tone: 'error', message: editRefusedMessage(item.lastError ?? '') }
        : { tone: 'info', message: EDIT_WAITING_MESSAGE },
    );
  }, []);
  /**
   * Sends the queued edit now. A refused one leaves the outbox (the form still holds it, to fix and save again);
   * one left waiting is followed by the notice.
   */
  const publish = useCallback(
    async (id: number, kind: OutboxKind): Promise<PublishedEdit> => {
      const outcome = await sendOutboxItemNow(id);
      if (outcome.type === 'sent') return { type: 'sent' };
      if (outcome.type === 'failed') {
        await discardOutboxItem(id);
        setNotice(undefined);
        return { type: 'refused', message: outcome.message };
      }
      const message = queuedMessage(kind, outcome.reason);
      follow(id, message);
      return { type: 'queued', message };
    },
    [follow],
  );
  return { notice, resume, publish };
}
