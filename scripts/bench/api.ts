import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/** Talking to the benchmark stack from Node: signing a demo user in, reading the rent sync. */

export const API = '/api/v1';

export interface Session {
  token: string;
  userId: string;
  email: string;
}

/** Signs a demo user in as the app does: Firebase (the emulator, through the server's proxy), then Basha. */
export async function signInDemoUser(baseUrl: string, index = 0): Promise<Session> {
  const user = DEMO_USERS[index];
  if (!user) throw new Error(`no demo user ${index}`);
  const identity = await postJson<{ idToken: string }>(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { email: user.email, password: DEMO_PASSWORD, returnSecureToken: true },
  );
  const found = await postJson<{ data: { _id: string }[] }>(
    `${baseUrl}${API}/user/find-id`,
    { email: user.email },
    identity.idToken,
  );
  const userId = found.data[0]?._id;
  if (!userId) throw new Error(`no Basha id for ${user.email}`);
  const session = await postJson<{ data: string }>(
    `${baseUrl}${API}/user/sign-in-token/${userId}`,
    {},
    identity.idToken,
  );
  return { token: session.data, userId, email: user.email };
}

async function postJson<T>(
  url: string,
  body: unknown,
  bearer?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function getJson<T>(url: string, bearer: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every page of a rent sync from `since`, as the app reads them: the rows, the final cursor, the pages. */
export async function syncAllPages(
  baseUrl: string,
  session: Session,
  since = '0',
): Promise<{ changed: RentPost[]; deleted: string[]; cursor: string; pages: number }> {
  const all = { changed: [] as RentPost[], deleted: [] as string[], cursor: since, pages: 0 };
  for (let more = true; more;) {
    const page = (
      await getJson<{ data: SyncDelta<RentPost> }>(
        `${baseUrl}${API}/rent/rent-posts?since=${encodeURIComponent(all.cursor)}`,
        session.token,
      )
    ).data;
    all.changed.push(...page.changed);
    all.deleted.push(...page.deleted);
    all.cursor = page.cursor;
    all.pages += 1;
    more = page.more;
  }
  return all;
}
