import { HTTPError, TimeoutError } from 'ky';
import { viewerNow } from './viewer';

// The copies' database (and Dexie under it) loads on the first record read, not with the shell: the account
// language check at start-up reads the person through here, and Dexie is about 30 KB of a first visit.
const viewedRecords = () => import('./viewed-records-db');

/**
 * Reads a single record from the server and keeps a copy on the device; when the server cannot be reached
 * (offline, time-out, a server fault), answers the copy from the last visit instead. A record the server says
 * is gone (404) is forgotten here too. Errors the copy cannot help with are thrown as they came.
 * Copies belong to whoever read them (./viewed-records-db.ts): only the copies of the person signed in now are
 * answered, and a copy read in a session that has ended by the time it would be stored is not kept.
 */
export async function withOfflineCopy<T>(path: string, read: () => Promise<T>): Promise<T> {
  return (await readWithOfflineCopy(path, read)).value;
}

/** Where a record shown on a page came from: the server now, or this phone (saved at `savedAt`). */
export type RecordSource = { from: 'server' } | { from: 'phone'; savedAt: number | undefined };

/** As withOfflineCopy, also telling whether the answer is the phone's copy, so the page can say so. */
export async function readWithOfflineCopy<T>(
  path: string,
  read: () => Promise<T>,
): Promise<{ value: T; source: RecordSource }> {
  // Whose session the read is made in (the API client sends the same cookies' token).
  const viewer = viewerNow();
  try {
    const value = await read();
    // Stored before the page shows it: leaving the page at once (a reload, a link typed in) must not lose the copy.
    await viewedRecords()
      .then((db) => db.putViewedRecord(viewer, path, value, Date.now(), () => viewerNow() === viewer))
      .catch(() => undefined);
    return { value, source: { from: 'server' } };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) {
      void viewedRecords()
        .then((db) => db.removeViewedRecord(viewer, path))
        .catch(() => undefined);
    }
    if (isUnreachable(error)) {
      // The viewer as the failure finds them: a session that ended during the read reads no copy of its person.
      const copy = await viewedRecords()
        .then((db) => db.getViewedRecord(viewerNow(), path))
        .catch(() => undefined);
      if (copy) return { value: copy.data as T, source: { from: 'phone', savedAt: copy.savedAt } };
    }
    throw error;
  }
}

/** True when the failure says nothing about the record: no connection, no answer in time, or a server fault. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof HTTPError) return error.response.status >= 500;
  return error instanceof TypeError || error instanceof TimeoutError;
}
