import { HTTPError } from 'ky';
import { INVALID_SYNC_CURSOR_MESSAGE } from '@/domain/sync-cursor';

/**
 * True when a delta sync failed because the server refused its cursor (400 "Invalid sync cursor."): the mirror
 * then forgets the cursor and syncs from the start. Any other failure (no network, a server error) is not.
 */
export async function isInvalidSyncCursor(error: unknown): Promise<boolean> {
  if (!(error instanceof HTTPError) || error.response.status !== 400) return false;
  const body = (await error.response
    .clone()
    .json()
    .catch(() => ({}))) as { message?: unknown };
  return body.message === INVALID_SYNC_CURSOR_MESSAGE;
}
