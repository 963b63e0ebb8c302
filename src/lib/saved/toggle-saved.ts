import { savedKey, type SavedKind } from '@/domain/saved';
import { savedPhotoUrls } from '@/domain/saved-sync';
import { m } from '@/i18n/generated/messages.js';
import { postToOutbox, type PostOutcome } from '../outbox/outbox';
import type { OutboxItem } from '../outbox/outbox-db';
import { putSavedRow, removeSavedRow, savedRowOf } from './saved-db';
import { dropSavedPhotos, keepSavedPhotos } from './saved-photos';
import { setSavedKey } from './saved-state';

/**
 * A heart pressed: the new state is kept in the outbox, then the phone changes (its copy of the item and its photos,
 * and every heart), and the outbox takes the state to the account, so it also works offline. A newer toggle of the same item replaces
 * one still waiting: only the last state chosen is sent (and the server's writes are idempotent, so one already on
 * its way does no harm either). Loaded when a heart is first pressed: the lists do not carry the outbox.
 */

export interface SavedToggleInput {
  kind: SavedKind;
  id: string;
  ownerId: string;
  saved: boolean;
  /** The listing as the page shows it, kept on the phone while saved. */
  record: unknown;
  /** Names the item in the outbox's panel ("Flat, Mirpur, Dhaka"). */
  label: string;
}

export async function toggleSaved(input: SavedToggleInput): Promise<PostOutcome> {
  const { kind, id, ownerId, saved, record } = input;
  const key = savedKey({ kind, id });
  const outcome = await postToOutbox({
    kind: 'saved',
    ownerId,
    label: saved ? m.saved_outbox_save({ title: input.label }) : m.saved_outbox_remove({ title: input.label }),
    payload: { kind, id, saved },
    sameRecord: (item: OutboxItem<'saved'>) => savedKey(item.payload) === key,
    notSavedMessage: m.saved_not_kept(),
    // The heart turns on only once the toggle is kept in the outbox: a page left at once (the heart seen on,
    // the person moves on) still has it sent by the next page. Before, the heart turned first and the toggle
    // could be lost in between, the phone showing it saved and the account never hearing of it.
    onQueued: () => applyHere(input).catch((error: unknown) => console.info('The saved copy was not kept here', error)),
  });
  // Refused (the listing was deleted, the list is full): the phone goes back to what the account holds. Not kept
  // at all: nothing was changed here.
  if (outcome.type === 'refused') await applyHere({ ...input, saved: !saved, record });
  return outcome;
}

/**
 * The phone's copy first, then the hearts: a page left as soon as the heart turns on has its copy kept (the next
 * page's sync does not fetch an item whose toggle still waits in the outbox, so a copy lost here stayed missing from
 * the Saved page offline), and other tabs, told to re-read, read it. The heart follows the outbox even when the copy
 * could not be kept: the toggle is sent either way.
 */
async function applyHere({ kind, id, ownerId, saved, record }: SavedToggleInput): Promise<void> {
  try {
    if (saved) {
      const photos = savedPhotoUrls(kind, record);
      await putSavedRow(savedRowOf(kind, id, ownerId, record, photos, Date.now()));
      void keepSavedPhotos(photos);
    } else {
      const removed = await removeSavedRow(savedKey({ kind, id }));
      if (removed) void dropSavedPhotos(removed.photos);
    }
  } finally {
    setSavedKey(kind, id, saved);
  }
}
