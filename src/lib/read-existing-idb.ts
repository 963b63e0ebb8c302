/**
 * A read from an IndexedDB database through the browser's own API, without Dexie. The lists read their first
 * screen this way in their route loaders, so the page can render before Dexie (30 KiB) has arrived and run;
 * Dexie keeps every write and every later read. Only databases that exist are read: opening one that does not
 * would create it at version 1, before Dexie creates it with its own version and tables.
 */

/** The result of one request, as a promise. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The database at whatever version it has, or undefined when it does not exist yet. */
function openExisting(name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    let absent = false;
    const request = indexedDB.open(name);
    // Only a database that did not exist is "upgraded" when opened without a version: leave it uncreated.
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (absent ? resolve(undefined) : reject(request.error ?? new Error(`cannot open ${name}`)));
    // Another tab holds an older version open while Dexie upgrades: the page reads on its own instead.
    request.onblocked = () => reject(new Error(`${name} is being upgraded`));
  });
}

/**
 * Runs `read` in one read-only transaction over `stores` and closes the connection. Undefined when the
 * database or one of the stores does not exist (a first visit: no mirror yet).
 */
export async function readExistingDatabase<T>(
  name: string,
  stores: string[],
  read: (transaction: IDBTransaction) => Promise<T>,
): Promise<T | undefined> {
  const db = await openExisting(name);
  if (!db) return undefined;
  try {
    if (!stores.every((store) => db.objectStoreNames.contains(store))) return undefined;
    return await read(db.transaction(stores, 'readonly'));
  } finally {
    // Closed at once, so that Dexie's version change (a newer app) never waits for this connection.
    db.close();
  }
}
