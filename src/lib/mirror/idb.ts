/**
 * IndexedDB through the browser's own API, as promises: what the mirrors (create-mirror.ts) need and no more. A
 * library (Dexie, 30 KiB) would sit on the path of the lists' first paint, since their route loaders read the
 * mirror before the page renders (decision 0010).
 *
 * A transaction stays open while requests are pending. Code awaiting a request's promise continues in a
 * microtask, while the transaction is still active, so a body made only of awaited requests runs in one
 * transaction; awaiting anything else (a timer, the network) would let it commit early.
 */

/** The result of one request, as a promise. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Runs `body` in one transaction and answers what it answered once the transaction has committed. */
export function inTransaction<T>(
  db: IDBDatabase,
  stores: readonly string[],
  mode: IDBTransactionMode,
  body: (transaction: IDBTransaction) => Promise<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction([...stores], mode);
    let answer: { value: T } | undefined;
    transaction.oncomplete = () => (answer ? resolve(answer.value) : reject(new Error('transaction ended early')));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    body(transaction).then(
      (value) => {
        answer = { value };
      },
      (error: unknown) => {
        reject(error instanceof Error ? error : new Error(String(error)));
        try {
          transaction.abort();
        } catch {
          // Already finished: nothing to undo.
        }
      },
    );
  });
}

/** Walks `source` in `direction`, answering the first `limit` values that `keep` accepts. */
export function walk<T>(
  source: IDBObjectStore | IDBIndex,
  direction: IDBCursorDirection,
  limit: number,
  keep: (value: unknown) => value is T,
): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const found: T[] = [];
    if (limit <= 0) return resolve(found);
    const request = source.openCursor(null, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(found);
      if (keep(cursor.value)) found.push(cursor.value);
      if (found.length >= limit) return resolve(found);
      cursor.continue();
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cursor failed'));
  });
}
