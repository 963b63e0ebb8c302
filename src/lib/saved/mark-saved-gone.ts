import { savedKey, type SavedKind } from '@/domain/saved';
import { markSavedRowGone } from './saved-db';
import { announceSavedChange, reloadSavedKeys } from './saved-state';

/**
 * A listing's page was answered "not found" (404): if the person saved it, the phone's copy is marked no longer
 * available, so the Saved page says so instead of leading to "not found" again (the next sync of the account's
 * list would mark it too, src/lib/saved/sync-saved.ts). The item stays saved until the person removes it.
 */
export async function markSavedGone(kind: SavedKind, id: string): Promise<void> {
  if (!(await markSavedRowGone(savedKey({ kind, id })))) return;
  await reloadSavedKeys();
  announceSavedChange();
}
