import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { outboxErrorText, type OutboxKind } from '@/domain/outbox';
import { m } from '@/i18n/generated/messages.js';
import type { OutboxPayload } from '@/domain/outbox-payloads';
import type { PhotoUploadProgress } from '@/domain/upload-progress';
import type { PostOutcome } from './outbox';
import type { OutboxItem } from './outbox-db';
import { loadOutbox } from './outbox-lazy';
import { requestOfflineSupport } from './outbox-presence';

const discardWithOutbox = async (itemId: number): Promise<boolean> => (await loadOutbox()).discardOutboxItem(itemId);

/** What an edit page says about its record's edit that is on this phone and not sent yet. */
export interface OutboxNotice {
  message: string;
  tone: 'info' | 'error' | 'success';
}

const editRefusedMessage = (reason: string) => m.common_edit_refused({ reason: outboxErrorText(reason) });

interface OutboxPostOptions<K extends OutboxKind> {
  /** Whose post it is (null: a visitor's). */
  ownerId: string | null;
  /** An item taken back from the outbox to edit (`?outbox=<id>`): it is `held`, and the next post replaces it. */
  heldId?: number | undefined;
  /**
   * For edits of one record (a service, the profile): the newest unsent edit of it is `held` (the form opens with
   * it, and the notice follows it), and each post replaces the older unsent ones. Keep it the same function between
   * renders (a module constant or a memo): a new one reads the outbox again.
   */
  sameRecord?: ((item: OutboxItem<K>) => boolean) | undefined;
  /** The form takes the held item's values (once it is read from the outbox). */
  onHeld?: ((item: OutboxItem<K>) => void) | undefined;
}

/** What a form gives besides its values; the kind and owner come from the hook. */
export interface OutboxPostInput<K extends OutboxKind> {
  label: string;
  payload: OutboxPayload<K>;
  files?: Blob[];
  /** Said when the post could not be saved on the phone (other than a full storage). */
  notSavedMessage: string;
}

/**
 * The one way a page posts, edits and discards through the outbox. `submit` saves the post and sends it at once,
 * answering the first attempt's outcome (sent, waiting with the words to say why, refused with the server's
 * reason, or not saved); `progress` follows its photos meanwhile. `held` is the item the form opens with (one taken
 * back to edit, or a record's waiting edit), checked against the kind's schema. Opening such a page starts the
 * offline machinery (its sender warms up, the outbox's badge shows).
 */
export function useOutboxPost<K extends OutboxKind>(kind: K, options: OutboxPostOptions<K>) {
  const { ownerId, heldId, sameRecord } = options;
  const followsEdits = sameRecord !== undefined;
  const onHeld = useEffectEvent((item: OutboxItem<K>) => options.onHeld?.(item));
  const [held, setHeld] = useState<OutboxItem<K>>();
  const [progress, setProgress] = useState<{ fraction: number; photos?: PhotoUploadProgress | undefined }>();
  const [notice, setNotice] = useState<OutboxNotice>();
  const [followed, setFollowed] = useState<number>();

  useEffect(() => {
    requestOfflineSupport();
    // The outbox comes after the page has drawn, not at the post: a form filled online and sent once the network
    // has gone must find it loaded. A visitor's phone has no cached copy of it to fall back on (the worker caches
    // the app's other code only once someone signs in), so a post would be lost with the import.
    void loadOutbox();
  }, []);

  useEffect(() => {
    let live = true;
    const found =
      heldId !== undefined
        ? loadOutbox().then(async (outbox) => {
            const item = await outbox.getOutboxItem(heldId);
            return outbox.isOutboxItemOf(item, kind) ? item : undefined;
          })
        : sameRecord
          ? loadOutbox().then((outbox) => outbox.latestWaitingEdit(kind, ownerId, sameRecord))
          : Promise.resolve(undefined);
    void found.then((item) => {
      if (!live || !item || item.ownerId !== ownerId) return;
      setHeld(item);
      onHeld(item);
      if (!sameRecord) return;
      setFollowed(item.id);
      setNotice(
        item.status === 'failed'
          ? { tone: 'error', message: editRefusedMessage(item.lastError ?? '') }
          : { tone: 'info', message: m.common_edit_waiting() },
      );
    });
    return () => {
      live = false;
    };
  }, [kind, ownerId, heldId, sameRecord]);

  // A record's edit left waiting: the notice says when it is sent or refused.
  useEffect(() => {
    if (followed === undefined) return undefined;
    let stop: (() => void) | undefined;
    let live = true;
    void loadOutbox().then((outbox) => {
      if (!live) return;
      stop = outbox.onOutboxEvent((event) => {
        if (event.itemId !== followed) return;
        if (event.type === 'sent') setNotice({ tone: 'success', message: m.common_edit_sent() });
        if (event.type === 'failed') setNotice({ tone: 'error', message: editRefusedMessage(event.message) });
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [followed]);

  const submit = useCallback(
    async (input: OutboxPostInput<K>): Promise<PostOutcome> => {
      const outbox = await loadOutbox();
      const outcome = await outbox.postToOutbox({
        ...input,
        kind,
        ownerId,
        replaces: heldId !== undefined ? held?.id : undefined,
        sameRecord,
        onProgress: (fraction, photos) => setProgress({ fraction, photos }),
      });
      setProgress(undefined);
      if (outcome.type === 'queued' && followsEdits) {
        setFollowed(outcome.itemId);
        setNotice({ tone: 'info', message: outcome.message });
      } else if (outcome.type === 'refused') {
        setNotice(undefined);
      }
      return outcome;
    },
    [kind, ownerId, heldId, held, sameRecord, followsEdits],
  );

  return { held, progress, notice, submit, discard: discardWithOutbox };
}
