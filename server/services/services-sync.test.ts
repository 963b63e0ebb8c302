import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRecord } from '../../src/domain/service';
import { SYNC_OVERLAP_MS, SYNC_PAGE_MAX_ROWS, type SyncDelta } from '../../src/domain/sync-cursor';
import { services } from '../db/schema';
import { testContextForFile, newUserPayload, registerSignedIn, type SignedInUser } from '../test/test-app';
import { anOffer } from '../../src/domain/service-test-data';
import { createdService } from '../test/listing-fixtures';

const ctx = testContextForFile();

const person = (label: string) => registerSignedIn(ctx, label);

const offer = (category: string) => anOffer({ category });

const serviceOf = (user: SignedInUser, category = 'Plumber') => createdService(ctx, user, { category });

async function review(client: SignedInUser, service: ServiceRecord, feedback = 'Came on time and fixed it well.') {
  const response = await ctx.request('POST', `/api/v1/profession/add-feedback/${service._id}`, {
    token: client.token,
    json: { rating: 5, feedback },
  });
  expect(response.status).toBeLessThan(300);
}

async function rename(user: SignedInUser, name: string) {
  const { profileImage: _photo, ...profile } = newUserPayload(user.email);
  const response = await ctx.request('PATCH', `/api/v1/user/update-details/${user.id}`, {
    token: user.token,
    json: { ...profile, name },
  });
  expect(response.status).toBe(200);
}

async function tombstone(service: ServiceRecord) {
  const now = ctx.clock.now();
  await ctx.db.update(services).set({ deletedAt: now, updatedAt: now }).where(eq(services.id, service._id));
}

let reader: SignedInUser;
beforeAll(async () => {
  reader = await person('sync-reader');
});

function find(category: string) {
  return ctx.request<ServiceRecord[]>('GET', `/api/v1/profession/find-services/${category}`, { token: reader.token });
}

function findSince(category: string, since: string) {
  const path = `/api/v1/profession/find-services/${category}?since=${encodeURIComponent(since)}`;
  return ctx.request<SyncDelta<ServiceRecord>>('GET', path, { token: reader.token });
}

async function delta(category: string, since: string): Promise<SyncDelta<ServiceRecord>> {
  const response = await findSince(category, since);
  expect(response.status).toBe(200);
  if (!response.body.data) throw new Error(JSON.stringify(response.body));
  return response.body.data;
}

/** Lets the overlap pass after earlier writes and answers a cursor that already covers all of them. */
async function settledCursor(): Promise<string> {
  ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
  const { cursor } = (await allPages('all', '0')).at(-1)!;
  ctx.clock.advance(1000);
  return cursor;
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();
const byId = <Row extends { _id: string }>(rows: Row[]) => [...rows].sort((a, b) => a._id.localeCompare(b._id));

describe('GET /profession/find-services/{category}?since=', () => {
  it('answers every live service of the category, no deleted ids and a cursor for since=0', async () => {
    const provider = await person('sync-plumber');
    const kept = await serviceOf(provider, 'Plumber');
    const gone = await serviceOf(provider, 'Painter');
    await tombstone(gone);
    const all = await delta('all', '0');
    expect(ids(all.changed)).toEqual([kept._id]);
    expect(all.deleted).toEqual([]);
    expect(all.cursor).toBe(String(ctx.clock.now().getTime()));
    expect(all.more).toBe(false);
    expect(byId(all.changed)).toEqual(byId((await find('all')).body.data ?? []));
    expect(byId((await delta('plumber', '0')).changed)).toEqual(byId((await find('plumber')).body.data ?? []));
  });

  it('answers exactly the services created, reviewed, updated and deleted after the cursor', async () => {
    const first = await person('sync-first');
    const second = await person('sync-second');
    const reviewed = await serviceOf(first, 'Tutor');
    const updated = await serviceOf(second, 'Tutor');
    const deleted = await serviceOf(first, 'Tutor');
    const untouched = await serviceOf(second, 'Tutor');
    const cursor = await settledCursor();

    const created = await serviceOf(await person('sync-new'), 'Tutor');
    await review(reader, reviewed);
    const edit = await ctx.request('PATCH', `/api/v1/profession/update-profile/${updated._id}`, {
      token: second.token,
      json: { ...offer('Tutor'), status: 'inactive' },
    });
    expect(edit.status).toBe(200);
    await tombstone(deleted);

    const data = await delta('tutor', cursor);
    expect(ids(data.changed)).toEqual(ids([created, reviewed, updated]));
    expect(ids(data.changed)).not.toContain(untouched._id);
    expect(data.deleted).toEqual([deleted._id]);
    const byId = new Map(data.changed.map((row) => [row._id, row]));
    expect(byId.get(reviewed._id)?.ratings).toMatchObject([{ client: { _id: reader.id }, rating: 5 }]);
    expect(byId.get(updated._id)?.status).toBe('inactive');
    expect(byId.get(created._id)).toEqual((await find('tutor')).body.data?.find((row) => row._id === created._id));
  });

  it('keeps a category delta to that category; `all` has every category', async () => {
    const provider = await person('sync-two-trades');
    const cursor = await settledCursor();
    const electrician = await serviceOf(provider, 'Electrician');
    const maid = await serviceOf(provider, 'Maid');
    await tombstone(maid);

    expect(await delta('electrician', cursor)).toMatchObject({ deleted: [] });
    expect(ids((await delta('electrician', cursor)).changed)).toEqual([electrician._id]);
    expect(await delta('maid', cursor)).toMatchObject({ changed: [], deleted: [maid._id] });
    const all = await delta('all', cursor);
    expect(ids(all.changed)).toEqual([electrician._id]);
    expect(all.deleted).toEqual([maid._id]);
  });

  it('answers an empty delta when nothing changed within the overlap before the cursor', async () => {
    await serviceOf(await person('sync-quiet'), 'Painter');
    const cursor = await settledCursor();
    expect(await delta('all', cursor)).toEqual({
      changed: [],
      deleted: [],
      cursor: String(ctx.clock.now().getTime()),
      more: false,
    });
  });

  it('puts the services of a renamed provider and the services a renamed reviewer reviewed in the next delta', async () => {
    const provider = await person('sync-renamed-provider');
    const client = await person('sync-renamed-client');
    const bystander = await person('sync-bystander');
    const offered = await serviceOf(provider, 'Home Shifter');
    const other = await serviceOf(bystander, 'Home Shifter');
    await review(client, other);
    const unrelated = await serviceOf(bystander, 'Plumber');

    let cursor = await settledCursor();
    await rename(provider, 'Karim Uddin');
    let data = await delta('all', cursor);
    expect(ids(data.changed)).toEqual([offered._id]);
    expect(data.changed[0]?.provider).toEqual({ _id: provider.id, name: 'Karim Uddin' });

    cursor = await settledCursor();
    await rename(client, 'Salma Begum');
    data = await delta('all', cursor);
    expect(ids(data.changed)).toEqual([other._id]);
    expect(data.changed[0]?.ratings[0]?.client).toEqual({ _id: client.id, name: 'Salma Begum' });
    expect(ids(data.changed)).not.toContain(unrelated._id);
  });

  it('leaves services alone when a profile edit keeps the name', async () => {
    const provider = await person('sync-same-name');
    await serviceOf(provider, 'IT Provider');
    const cursor = await settledCursor();
    await rename(provider, 'Rahim Chowdhury');
    expect((await delta('all', cursor)).changed).toEqual([]);
  });

  it('keeps the answer without since: the array of live services', async () => {
    const response = await find('all');
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Services found');
    expect(Array.isArray(response.body.data)).toBe(true);
    const live = (await ctx.db.select().from(services)).filter((row) => row.deletedAt === null);
    expect(ids(response.body.data ?? [])).toEqual(live.map((row) => row.id).sort());
  });

  it.each(['', 'abc', 'NaN', '-1', '1.5', '9'.repeat(17)])(
    'refuses the malformed cursor %j with 400',
    async (since) => {
      const response = await findSince('all', since);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, message: 'Invalid sync cursor.' });
    },
  );

  it('refuses a cursor more than a day ahead of the server clock', async () => {
    const response = await findSince('plumber', String(ctx.clock.now().getTime() + 25 * 60 * 60 * 1000));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid sync cursor.');
  });

  it('still answers 404 for an unknown category', async () => {
    expect((await findSince('astronaut', '0')).status).toBe(404);
  });
});

/** Follows the pages of one sync from `since`, moving the clock a little between them; answers every page. */
async function allPages(category: string, since: string): Promise<SyncDelta<ServiceRecord>[]> {
  const pages: SyncDelta<ServiceRecord>[] = [];
  let cursor = since;
  for (;;) {
    const page = await delta(category, cursor);
    pages.push(page);
    if (!page.more) return pages;
    expect(pages.length).toBeLessThan(100);
    ctx.clock.advance(1000);
    cursor = page.cursor;
  }
}

/** `count` services of `category` by `provider`, written straight into the table (past the two-services rule). */
async function seedServices(provider: SignedInUser, category: string, count: number): Promise<string[]> {
  const now = ctx.clock.now();
  const rows = Array.from({ length: count }, (_, i) => ({
    ...offer(category),
    serviceArea: ['Mirpur'],
    providerId: provider.id,
    description: `Seeded service ${i} for the paging tests, careful and on time.`,
    availableTime: 'day',
    status: 'active',
    createdAt: now,
    updatedAt: now,
  }));
  const inserted = await ctx.db.insert(services).values(rows).returning({ id: services.id });
  return inserted.map((row) => row.id);
}

async function liveServiceIds(category?: string): Promise<string[]> {
  const rows = await ctx.db.select().from(services);
  return rows
    .filter((row) => row.deletedAt === null && (!category || row.category === category))
    .map((row) => row.id)
    .sort();
}

describe('GET /profession/find-services/{category}?since= in pages', () => {
  it('reads a full sync in pages of at most 500 services with their reviews, ending at the moment before the first', async () => {
    const provider = await person('sync-many');
    const seeded = await seedServices(provider, 'Painter', 1100);
    await review(
      reader,
      (await find('all')).body.data!.find((row) => row._id === seeded[1050])!,
    );
    ctx.clock.advance(SYNC_OVERLAP_MS + 1000);
    const startedAt = ctx.clock.now().getTime();

    const pages = await allPages('all', '0');

    expect(pages.length).toBe(3);
    expect(pages.map((page) => page.more)).toEqual([true, true, false]);
    for (const page of pages.slice(0, 2)) expect(page.changed.length).toBe(SYNC_PAGE_MAX_ROWS);
    expect(pages[2]?.cursor).toBe(String(startedAt));
    const rows = pages.flatMap((page) => page.changed);
    expect(ids(rows)).toEqual(await liveServiceIds());
    expect(rows.find((row) => row._id === seeded[1050])?.ratings).toMatchObject([{ client: { _id: reader.id } }]);
    expect(byId(rows)).toEqual(byId((await find('all')).body.data ?? []));
  });

  it('keeps a page cursor to its category, and mixes changed and deleted services in one page count', async () => {
    const provider = await person('sync-many-tutors');
    const cursor = await settledCursor();
    const tutors = await seedServices(provider, 'Tutor', 520);
    const maids = await seedServices(provider, 'Maid', 30);
    ctx.clock.advance(1000);
    const tombstoned = tutors.slice(0, 40);
    await ctx.db
      .update(services)
      .set({ deletedAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(inArray(services.id, tombstoned));

    const pages = await allPages('tutor', cursor);

    expect(pages.map((page) => page.changed.length + page.deleted.length)).toEqual([500, 20]);
    expect(pages[0]?.cursor).toMatch(/^p1\.d\./);
    expect(ids(pages.flatMap((page) => page.changed))).toEqual([...tutors.slice(40)].sort());
    expect(pages.flatMap((page) => page.deleted).sort()).toEqual([...tombstoned].sort());
    // The same page cursor on another category continues that category's rows only.
    const maidPage = await delta('maid', pages[0]!.cursor);
    expect(maidPage.more).toBe(false);
    expect(ids(maidPage.changed).every((id) => maids.includes(id))).toBe(true);
  });

  it('streams the plain list of a category, oldest first, with every live service once', async () => {
    const response = await find('painter');
    expect(response.status).toBe(200);
    const rows = response.body.data ?? [];
    expect(ids(rows)).toEqual(await liveServiceIds('Painter'));
    const order = rows.map((row) => `${row.createdAt} ${row._id}`);
    expect(order).toEqual([...order].sort());
  });

  it('refuses an altered page cursor', async () => {
    const { cursor, more } = await delta('all', '0');
    expect(more).toBe(true);
    const response = await findSince(
      'all',
      cursor.replace(/\.([0-9a-f-]{36})$/, (_, id: string) => `.${id.toUpperCase()}`),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid sync cursor.');
  });
});
