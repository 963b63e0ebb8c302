import { expect, type Locator, type Page } from '@playwright/test';

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

/** The PATCHes the page sends to an address containing `path`: each answer's status and Idempotency-Key. */
export function watchEdits(page: Page, path: string) {
  const sent: { status: number; key: string | undefined }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'PATCH' && request.url().includes(path)) {
      sent.push({ status: response.status(), key: request.headers()['idempotency-key'] });
    }
  });
  return sent;
}

/**
 * An edit waits offline in the outbox of `page`, its form's `notice` saying so. Online again but with the server out of reach (each attempt to
 * `updateUrl` cut off before it leaves the phone), the page opened again shows the waiting edit (`stillWaiting`
 * checks the form); then the connection comes back for real and the edit is sent.
 */
export async function sendWaitingEditAfterReload(
  page: Page,
  notice: Locator,
  updateUrl: string,
  stillWaiting: () => Promise<void>,
): Promise<void> {
  await page.route(updateUrl, (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(false);
  await page.reload();
  await stillWaiting();
  await expect(notice).toHaveText('Your last changes are saved on this phone and waiting to be sent.');
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  await page.unroute(updateUrl);
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(notice).toHaveText('Your changes have been sent.');
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);
}

/** After a moment for a duplicate to show up, should there be one: exactly one edit was sent, with its key. */
export async function expectSentOnce(page: Page, sent: { status: number; key: string | undefined }[]) {
  await page.waitForTimeout(1500);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ status: 200, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
}
