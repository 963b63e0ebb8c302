import type { Page } from '@playwright/test';

/** One item of the page's outbox (IndexedDB `basha-outbox`, src/lib/outbox/outbox-db.ts) as a test looks at it. */
export interface OutboxRowSeen {
  kind: string;
  status: string;
  attempts: number;
  lastError: string | undefined;
  /** How long until its next try, in ms (negative: due). */
  dueIn: number | undefined;
  payload: unknown;
}

/** The items waiting in the page's outbox: what a test checks, and what it prints when a post did not arrive. */
export function outboxRows(page: Page): Promise<OutboxRowSeen[]> {
  return page.evaluate(async () => {
    const open = indexedDB.open('basha-outbox');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('items')) return [];
      const all = db.transaction('items').objectStore('items').getAll();
      const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
        all.onerror = () => reject(all.error);
      });
      return rows.map((row) => ({
        kind: String(row.kind),
        status: String(row.status),
        attempts: Number(row.attempts ?? 0),
        lastError: typeof row.lastError === 'string' ? row.lastError : undefined,
        dueIn: typeof row.nextAttemptAt === 'number' ? row.nextAttemptAt - Date.now() : undefined,
        payload: row.payload,
      }));
    } finally {
      db.close();
    }
  });
}
