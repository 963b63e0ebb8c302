import * as v from 'valibot';
import { LISTING_KIND_FACTS } from '@/domain/listing-kinds';
import { savedKey } from '@/domain/saved';
import { planSavedMerge, savedListSchema, savedPhotoUrls, type SavedEntry } from '@/domain/saved-sync';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '../api-client';
import { isOutboxItemOf, listOutboxItems } from '../outbox/outbox-db';
import { listSavedRows, markSavedRowGone, putSavedRow, removeSavedRow, savedRowOf } from './saved-db';
import { dropSavedPhotos, dropSavedPhotosExcept, keepSavedPhotos } from './saved-photos';
import { announceSavedChange, reloadSavedKeys } from './saved-state';

/**
 * Brings the phone's saved items in line with the account's (app start signed in, and sign-in): items saved on
 * another phone are fetched and kept here with their photos, items unsaved elsewhere are forgotten, items whose
 * listing went away are marked so (and kept until the person removes them), and toggles still waiting in the outbox
 * win over all three (src/domain/saved.ts, planSavedMerge).
 */
export async function syncSavedItems(ownerId: string): Promise<void> {
  const body = await api.get('saved').json<ApiEnvelope<unknown>>();
  const server = v.parse(savedListSchema, body.data ?? []);
  const pending = new Set(
    (await listOutboxItems())
      .filter((item) => isOutboxItemOf(item, 'saved') && item.ownerId === ownerId && item.status !== 'failed')
      .flatMap((item) => (isOutboxItemOf(item, 'saved') ? [savedKey(item.payload)] : [])),
  );
  const local = await listSavedRows(ownerId);
  const plan = planSavedMerge(server, local, pending);
  for (const ref of plan.remove) {
    const removed = await removeSavedRow(savedKey(ref));
    if (removed) await dropSavedPhotos(removed.photos);
  }
  for (const ref of plan.gone) await markSavedRowGone(savedKey(ref));
  await Promise.all(plan.add.map((entry) => keepFromServer(ownerId, entry)));
  // Photos a saved item had but could not fetch then (offline when saved) are fetched now.
  const rows = await listSavedRows(ownerId);
  // A gone listing's photos are no longer served: the copies already kept stay (below), none is asked for.
  await Promise.all(rows.filter((row) => !row.gone).map((row) => keepSavedPhotos(row.photos)));
  await dropSavedPhotosExcept(new Set(rows.flatMap((row) => row.photos)));
  await reloadSavedKeys();
  announceSavedChange();
}

/** An item saved on another phone: its record from the API, then its photos. One that cannot be read now waits. */
async function keepFromServer(ownerId: string, entry: SavedEntry): Promise<void> {
  const path = `${LISTING_KIND_FACTS[entry.kind].detailApiPath}/${encodeURIComponent(entry.id)}`;
  try {
    const record = (await api.get(path).json<ApiEnvelope<unknown>>()).data;
    const photos = savedPhotoUrls(entry.kind, record);
    if (record === undefined) return;
    const savedAt = Date.parse(entry.savedAt);
    await putSavedRow(
      savedRowOf(entry.kind, entry.id, ownerId, record, photos, Number.isNaN(savedAt) ? Date.now() : savedAt),
    );
    await keepSavedPhotos(photos);
  } catch (error) {
    console.info(`Saved ${entry.kind} ${entry.id} could not be fetched now`, error);
  }
}
