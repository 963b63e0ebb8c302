import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_QUERY_MAX_LENGTH, MAX_ALERTS_PER_PERSON, type AlertRecord } from '../../src/domain/alerts';
import { alerts } from '../db/schema';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { unsubscribeToken } from './unsubscribe';

/**
 * /api/v1/alerts (issue 43): saving a search (strictly checked, at most MAX_ALERTS_PER_PERSON, the same search
 * answered by the one kept, exactly once under an Idempotency-Key), listing and deleting one's own, and the mails'
 * one-tap unsubscribe link.
 */

const ctx = testContextForFile();

let person: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  [person, stranger] = await Promise.all([
    registerSignedIn(ctx, 'alert-person'),
    registerSignedIn(ctx, 'alert-stranger'),
  ]);
});

const save = (token: string, json: unknown, headers: Record<string, string> = {}) =>
  ctx.request<AlertRecord>('POST', '/api/v1/alerts', { token, json, headers });
const list = (token: string) => ctx.request<AlertRecord[]>('GET', '/api/v1/alerts', { token });
/** DELETE answers 204 without a body, or an error envelope. */
async function remove(token: string | undefined, id: string) {
  const response = await ctx.app.request(`/api/v1/alerts/${id}`, {
    method: 'DELETE',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, message: text ? (JSON.parse(text) as { message: string }).message : undefined };
}

const flatsInDhanmondi = {
  kind: 'rent',
  filters: { category: 'flat', placeId: 'ar-dhanmondi', maxPrice: 20000 },
  frequency: 'instant',
};

describe('POST /alerts', () => {
  it('saves an alert and answers it with 201', async () => {
    const user = await registerSignedIn(ctx, 'alert-save');
    const saved = await save(user.token, flatsInDhanmondi);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({
      kind: 'rent',
      filters: { category: 'flat', placeId: 'ar-dhanmondi', maxPrice: 20000 },
      frequency: 'instant',
      createdAt: ctx.clock.now().toISOString(),
    });
    expect(saved.body.data?._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the same search saved again with the alert kept (200), in any order of its filters', async () => {
    const user = await registerSignedIn(ctx, 'alert-twice');
    const first = await save(user.token, flatsInDhanmondi);
    const again = await save(user.token, {
      frequency: 'instant',
      filters: { maxPrice: 20000, placeId: 'ar-dhanmondi', category: 'flat', q: '   ' },
      kind: 'rent',
    });
    expect(again.status).toBe(200);
    expect(again.body.data?._id).toBe(first.body.data?._id);
    const daily = await save(user.token, { ...flatsInDhanmondi, frequency: 'daily' });
    expect(daily.status).toBe(201);
    expect((await list(user.token)).body.data).toHaveLength(2);
  });

  it('keeps the search words trimmed, and words of spaces as no search', async () => {
    const user = await registerSignedIn(ctx, 'alert-words');
    const saved = await save(user.token, { kind: 'service', filters: { q: '  প্লাম্বার মিরপুর  ' }, frequency: 'daily' });
    expect(saved.body.data?.filters).toEqual({ q: 'প্লাম্বার মিরপুর' });
    const blank = await save(user.token, { kind: 'service', filters: { q: ' ' }, frequency: 'daily' });
    expect(blank.body.data?.filters).toEqual({});
  });

  it('takes a place at every level: division, district, upazila and area', async () => {
    const user = await registerSignedIn(ctx, 'alert-levels');
    for (const placeId of ['dv-6', 'ds-47', 'up-365', 'ar-mirpur']) {
      const saved = await save(user.token, { kind: 'service', filters: { placeId }, frequency: 'instant' });
      expect([placeId, saved.status]).toEqual([placeId, 201]);
    }
  });

  const refusals: [string, unknown, string][] = [
    ['an unknown field', { ...flatsInDhanmondi, userId: 'someone' }, 'userId'],
    ['an unknown filter', { ...flatsInDhanmondi, filters: { postedBy: 'you' } }, 'filters.postedBy'],
    ['an unknown kind', { ...flatsInDhanmondi, kind: 'car' }, 'kind'],
    ['an unknown frequency', { ...flatsInDhanmondi, frequency: 'weekly' }, 'frequency'],
    ['filters that are not an object', { ...flatsInDhanmondi, filters: 'flat' }, 'filters'],
    ['filters as a list', { ...flatsInDhanmondi, filters: [] }, 'filters'],
    [
      'a service category in a rent alert',
      { ...flatsInDhanmondi, filters: { category: 'Plumber' } },
      'filters.category',
    ],
    [
      'a rent category in a service alert',
      { kind: 'service', filters: { category: 'flat' }, frequency: 'daily' },
      'filters.category',
    ],
    [
      "a service category's slug",
      { kind: 'service', filters: { category: 'plumber' }, frequency: 'daily' },
      'filters.category',
    ],
    ['an unknown place', { ...flatsInDhanmondi, filters: { placeId: 'ar-nowhere' } }, 'filters.placeId'],
    ['a place id of another shape', { ...flatsInDhanmondi, filters: { placeId: '<b>dhaka</b>' } }, 'filters.placeId'],
    ['a place id too long', { ...flatsInDhanmondi, filters: { placeId: `ar-${'a'.repeat(100)}` } }, 'filters.placeId'],
    ['a negative price', { ...flatsInDhanmondi, filters: { minPrice: -1 } }, 'filters.minPrice'],
    ['a price with paisa', { ...flatsInDhanmondi, filters: { maxPrice: 1500.5 } }, 'filters.maxPrice'],
    ['a price as text', { ...flatsInDhanmondi, filters: { maxPrice: '20000' } }, 'filters.maxPrice'],
    ['a price beyond any', { ...flatsInDhanmondi, filters: { maxPrice: 1e12 } }, 'filters.maxPrice'],
    [
      'a lowest price above the highest',
      { ...flatsInDhanmondi, filters: { minPrice: 30000, maxPrice: 20000 } },
      'filters.maxPrice',
    ],
    [
      'search words too long',
      { ...flatsInDhanmondi, filters: { q: 'ক'.repeat(ALERT_QUERY_MAX_LENGTH + 1) } },
      'filters.q',
    ],
    ['search words that are not text', { ...flatsInDhanmondi, filters: { q: ['lift'] } }, 'filters.q'],
  ];
  for (const [name, body, field] of refusals) {
    it(`refuses ${name} with 400, naming ${field}, and saves nothing`, async () => {
      const response = await save(person.token, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.errors?.[field]?.[0]).toBe(response.body.message);
      expect((await list(person.token)).body.data).toEqual([]);
    });
  }

  it('says what is wrong in the reader’s language', async () => {
    const english = await save(person.token, { ...flatsInDhanmondi, filters: { minPrice: 30000, maxPrice: 20000 } });
    const bangla = await save(
      person.token,
      { ...flatsInDhanmondi, filters: { minPrice: 30000, maxPrice: 20000 } },
      { 'Accept-Language': 'bn' },
    );
    expect(english.body.message).toBe('The lowest price must not be more than the highest.');
    expect(bangla.body.message).toBe('সর্বনিম্ন দাম সর্বোচ্চ দামের বেশি হতে পারে না।');
    const limitEn = await save(person.token, { ...flatsInDhanmondi, filters: { maxPrice: -5 } });
    // formatTaka joins BDT and the amount with a no-break space.
    expect(limitEn.body.message).toMatch(/^A price is whole taka, from 0 to BDT\s1,000,000,000\.$/);
  });

  it(`keeps at most ${MAX_ALERTS_PER_PERSON} alerts, refusing the next with 409, but still answers one kept`, async () => {
    const user = await registerSignedIn(ctx, 'alert-limit');
    for (let i = 0; i < MAX_ALERTS_PER_PERSON; i += 1) {
      const saved = await save(user.token, { kind: 'rent', filters: { minPrice: i }, frequency: 'daily' });
      expect(saved.status).toBe(201);
    }
    const over = await save(user.token, { kind: 'rent', filters: { minPrice: 99 }, frequency: 'daily' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`You can keep up to ${MAX_ALERTS_PER_PERSON} alerts. Delete one to save another.`);
    const kept = await save(user.token, { kind: 'rent', filters: { minPrice: 3 }, frequency: 'daily' });
    expect(kept.status).toBe(200);
    // Deleting one makes room for another.
    await remove(user.token, kept.body.data!._id);
    expect((await save(user.token, { kind: 'rent', filters: { minPrice: 99 }, frequency: 'daily' })).status).toBe(201);
  });

  it(`keeps ${MAX_ALERTS_PER_PERSON} when more are saved at once`, async () => {
    const user = await registerSignedIn(ctx, 'alert-race');
    const answers = await Promise.all(
      Array.from({ length: MAX_ALERTS_PER_PERSON + 3 }, (_, i) =>
        save(user.token, { kind: 'service', filters: { maxPrice: 1000 + i }, frequency: 'instant' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_ALERTS_PER_PERSON);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await ctx.db.select().from(alerts).where(eq(alerts.userId, user.id))).toHaveLength(MAX_ALERTS_PER_PERSON);
  });

  it('answers a retry with the same Idempotency-Key as the first time, saving one alert', async () => {
    const user = await registerSignedIn(ctx, 'alert-retry');
    const headers = { 'Idempotency-Key': 'alert-retry-key-1' };
    const body = { kind: 'rent', filters: { placeId: 'ds-47' }, frequency: 'daily' };
    const first = await save(user.token, body, headers);
    const retry = await save(user.token, body, headers);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.body.data?._id).toBe(first.body.data?._id);
    expect((await save(user.token, { ...body, frequency: 'instant' }, headers)).status).toBe(422);
    expect((await list(user.token)).body.data).toHaveLength(1);
  });

  it('needs a session', async () => {
    const response = await ctx.request('POST', '/api/v1/alerts', { json: flatsInDhanmondi });
    expect(response.status).toBe(401);
  });
});

describe('GET /alerts', () => {
  it("lists the caller's alerts only, newest first", async () => {
    const user = await registerSignedIn(ctx, 'alert-list');
    const older = await save(user.token, { kind: 'rent', filters: {}, frequency: 'daily' });
    ctx.clock.advance(1000);
    const newer = await save(user.token, { kind: 'service', filters: {}, frequency: 'daily' });
    await save(stranger.token, { kind: 'rent', filters: { q: 'not theirs' }, frequency: 'daily' });
    const mine = await list(user.token);
    expect(mine.status).toBe(200);
    expect(mine.body.data?.map((alert) => alert._id)).toEqual([newer.body.data?._id, older.body.data?._id]);
  });
});

describe('DELETE /alerts/{id}', () => {
  it('deletes one of the caller’s alerts with 204, and then knows it no more', async () => {
    const user = await registerSignedIn(ctx, 'alert-delete');
    const saved = await save(user.token, flatsInDhanmondi);
    const id = saved.body.data!._id;
    const deleted = await ctx.app.request(`/api/v1/alerts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(deleted.status).toBe(204);
    expect((await list(user.token)).body.data).toEqual([]);
    expect((await remove(user.token, id)).status).toBe(404);
  });

  it("answers someone else's alert, an unknown one and a malformed id with 404, deleting nothing", async () => {
    const user = await registerSignedIn(ctx, 'alert-keep');
    const saved = await save(user.token, flatsInDhanmondi);
    const id = saved.body.data!._id;
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id', id.toUpperCase()]) {
      const response = await remove(stranger.token, target);
      expect([target, response.status]).toEqual([target, 404]);
      expect(response.message).toBe('This alert was not found.');
    }
    expect((await remove(undefined, id)).status).toBe(401);
    expect((await list(user.token)).body.data?.map((alert) => alert._id)).toEqual([id]);
  });
});

describe('the unsubscribe link', () => {
  const link = (id: string, token: string) => `/api/v1/alerts/${id}/unsubscribe?token=${token}`;

  it('shows a page with a button, without a session, and deletes nothing', async () => {
    const user = await registerSignedIn(ctx, 'alert-unsub-page');
    const id = (await save(user.token, flatsInDhanmondi)).body.data!._id;
    const page = await ctx.app.request(link(id, unsubscribeToken(ctx.config.sessionSecret, id)), {
      headers: { 'Accept-Language': 'bn' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('অ্যালার্ট বন্ধ করুন');
    expect(html).toContain('ধানমন্ডি');
    expect((await list(user.token)).body.data).toHaveLength(1);
  });

  it('deletes the alert on POST (one-click), and says so again on a second POST', async () => {
    const user = await registerSignedIn(ctx, 'alert-unsub');
    const id = (await save(user.token, flatsInDhanmondi)).body.data!._id;
    const url = link(id, unsubscribeToken(ctx.config.sessionSecret, id));
    const post = () =>
      ctx.app.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('This alert is stopped');
    expect((await list(user.token)).body.data).toEqual([]);
    expect((await post()).status).toBe(200);
    expect((await ctx.app.request(url)).status).toBe(200);
  });

  it('answers a wrong, missing or other alert’s token with 404 and deletes nothing', async () => {
    const user = await registerSignedIn(ctx, 'alert-unsub-wrong');
    const id = (await save(user.token, flatsInDhanmondi)).body.data!._id;
    const other = (await save(user.token, { ...flatsInDhanmondi, frequency: 'daily' })).body.data!._id;
    const right = unsubscribeToken(ctx.config.sessionSecret, id);
    const wrongs = [
      link(id, unsubscribeToken(ctx.config.sessionSecret, other)),
      link(
        id,
        right.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
      ),
      link(id, right.slice(0, 10)),
      link(id, 'zz'),
      `/api/v1/alerts/${id}/unsubscribe`,
      link('not-an-id', right),
    ];
    for (const url of wrongs) {
      for (const method of ['GET', 'POST']) {
        const response = await ctx.app.request(url, { method });
        expect([method, url, response.status]).toEqual([method, url, 404]);
      }
    }
    expect((await list(user.token)).body.data).toHaveLength(2);
  });
});
