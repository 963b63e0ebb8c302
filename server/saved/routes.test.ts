import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_ITEMS_MAX } from '../../src/domain/saved';
import type { SavedEntry } from '../../src/domain/saved-sync';
import { rentPosts, savedItems } from '../db/schema';
import { insertService } from '../test/listing-fixtures';
import { RENT_AD_INPUT } from '../test/rows';
import { registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';

/**
 * /api/v1/saved (issue 21, point 3): signed in only, each person's own list, the two kinds, listings that do not
 * exist or were deleted, the cap per account, and writes that answer a repeat as they answered the first.
 */

const ctx = testContextForFile();

async function rentAdOf(user: SignedInUser): Promise<string> {
  const [row] = await adRowsOf(user, 1);
  return row!.id;
}

const save = (kind: string, id: string, token?: string) =>
  ctx.request<SavedEntry>('PUT', `/api/v1/saved/${kind}/${id}`, token ? { token } : {});
/** A 204 has no body, which ctx.request would refuse as not JSON; a refusal's body is checked to be one. */
async function unsave(kind: string, id: string, token?: string): Promise<{ status: number; body: string }> {
  const response = await ctx.app.request(`/api/v1/saved/${kind}/${id}`, {
    method: 'DELETE',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await response.text();
  if (response.status !== 204) expect(JSON.parse(body)).toMatchObject({ success: false });
  return { status: response.status, body };
}
const listOf = (token?: string) => ctx.request<SavedEntry[]>('GET', '/api/v1/saved', token ? { token } : {});
const rowsOf = (user: SignedInUser) => ctx.db.select().from(savedItems).where(eq(savedItems.userId, user.id));

describe('/api/v1/saved', () => {
  it('needs a session for every method', async () => {
    const poster = await registerSignedIn(ctx, 'saved-auth');
    const ad = await rentAdOf(poster);
    expect((await listOf()).status).toBe(401);
    expect((await save('rent', ad)).status).toBe(401);
    expect((await unsave('rent', ad)).status).toBe(401);
    expect((await listOf('not-a-real-token')).status).toBe(401);
    expect(await rowsOf(poster)).toHaveLength(0);
  });

  it('saves a rent ad and a service, lists them newest first, and answers a repeat the same', async () => {
    const poster = await registerSignedIn(ctx, 'saved-poster');
    const renter = await registerSignedIn(ctx, 'saved-renter');
    const ad = await rentAdOf(poster);
    const service = await insertService(ctx, poster.id);

    const first = await save('rent', ad, renter.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'rent', id: ad });
    ctx.clock.advance(1000);
    const repeat = await save('rent', ad.toUpperCase(), renter.token);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(first.body.data);
    expect((await save('service', service, renter.token)).status).toBe(200);

    const list = await listOf(renter.token);
    expect(list.status).toBe(200);
    expect(list.body.data?.map(({ kind, id }) => ({ kind, id }))).toEqual([
      { kind: 'service', id: service },
      { kind: 'rent', id: ad },
    ]);
    expect(await rowsOf(renter)).toHaveLength(2);
  });

  it('unsaves with 204, again 204 when it was not saved, and the list no longer has it', async () => {
    const poster = await registerSignedIn(ctx, 'unsave-poster');
    const renter = await registerSignedIn(ctx, 'unsave-renter');
    const ad = await rentAdOf(poster);
    await save('rent', ad, renter.token);
    const first = await unsave('rent', ad, renter.token);
    expect(first).toEqual({ status: 204, body: '' });
    const repeat = await unsave('rent', ad, renter.token);
    expect(repeat).toEqual(first);
    expect((await listOf(renter.token)).body.data).toEqual([]);
    expect(await rowsOf(renter)).toHaveLength(0);
  });

  it('refuses an unknown kind with 400 and an unknown or malformed id with 404, storing nothing', async () => {
    const poster = await registerSignedIn(ctx, 'bad-poster');
    const renter = await registerSignedIn(ctx, 'bad-renter');
    const ad = await rentAdOf(poster);
    expect((await save('review', ad, renter.token)).status).toBe(400);
    expect((await save('user', ad, renter.token)).status).toBe(400);
    expect((await unsave('__proto__', ad, renter.token)).status).toBe(400);
    expect((await save('rent', randomUUID(), renter.token)).status).toBe(404);
    expect((await save('rent', 'not-a-uuid', renter.token)).status).toBe(404);
    expect((await unsave('rent', `${'x'.repeat(5000)}`, renter.token)).status).toBe(404);
    // A service's id is not a rent ad's.
    expect((await save('service', ad, renter.token)).status).toBe(404);
    expect(await rowsOf(renter)).toHaveLength(0);
  });

  it('refuses to save a deleted listing, lists a saved one that was deleted as gone, and lets it be unsaved', async () => {
    const poster = await registerSignedIn(ctx, 'gone-poster');
    const renter = await registerSignedIn(ctx, 'gone-renter');
    const kept = await rentAdOf(poster);
    const gone = await rentAdOf(poster);
    await save('rent', kept, renter.token);
    await save('rent', gone, renter.token);
    await ctx.db.update(rentPosts).set({ deletedAt: new Date() }).where(eq(rentPosts.id, gone));

    expect((await save('rent', gone, renter.token)).status).toBe(404);
    const listed = (await listOf(renter.token)).body.data ?? [];
    expect(
      listed.map((entry) => ({ id: entry.id, gone: entry.gone })).sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      [
        { id: gone, gone: true },
        { id: kept, gone: undefined },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await unsave('rent', gone, renter.token)).status).toBe(204);
    expect((await rowsOf(renter)).map((row) => row.targetId)).toEqual([kept]);
    expect((await listOf(renter.token)).body.data?.map((entry) => entry.id)).toEqual([kept]);
  });

  it("lists only the caller's own items, and one person's unsave leaves another's saved", async () => {
    const poster = await registerSignedIn(ctx, 'own-poster');
    const first = await registerSignedIn(ctx, 'own-first');
    const second = await registerSignedIn(ctx, 'own-second');
    const ad = await rentAdOf(poster);
    const service = await insertService(ctx, poster.id);
    await save('rent', ad, first.token);
    await save('service', service, second.token);
    await save('rent', ad, second.token);
    expect((await unsave('rent', ad, first.token)).status).toBe(204);

    expect((await listOf(first.token)).body.data).toEqual([]);
    expect((await listOf(second.token)).body.data?.map((entry) => entry.id).sort()).toEqual([ad, service].sort());
    expect((await listOf(poster.token)).body.data).toEqual([]);
  });

  it(`caps an account at ${SAVED_ITEMS_MAX} saved items with a 409 that says so; a repeat and an unsave still work`, async () => {
    const poster = await registerSignedIn(ctx, 'cap-poster');
    const renter = await registerSignedIn(ctx, 'cap-renter');
    const ads = await adRowsOf(poster, SAVED_ITEMS_MAX + 1);
    await ctx.db
      .insert(savedItems)
      .values(ads.slice(0, SAVED_ITEMS_MAX).map(({ id }) => ({ userId: renter.id, kind: 'rent', targetId: id })));

    const over = await save('rent', ads[SAVED_ITEMS_MAX]!.id, renter.token);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(String(SAVED_ITEMS_MAX));
    expect(await rowsOf(renter)).toHaveLength(SAVED_ITEMS_MAX);
    expect((await save('rent', ads[0]!.id, renter.token)).status).toBe(200);
    expect((await listOf(renter.token)).body.data).toHaveLength(SAVED_ITEMS_MAX);

    expect((await unsave('rent', ads[0]!.id, renter.token)).status).toBe(204);
    expect((await save('rent', ads[SAVED_ITEMS_MAX]!.id, renter.token)).status).toBe(200);
  });

  it('lets parallel saves by one account pass the cap by none', async () => {
    const poster = await registerSignedIn(ctx, 'race-poster');
    const renter = await registerSignedIn(ctx, 'race-renter');
    const ads = await Promise.all(Array.from({ length: 6 }, () => rentAdOf(poster)));
    const filler = await adRowsOf(poster, SAVED_ITEMS_MAX - 2);
    await ctx.db.insert(savedItems).values(filler.map(({ id }) => ({ userId: renter.id, kind: 'rent', targetId: id })));
    const answers = await Promise.all(ads.map((ad) => save('rent', ad, renter.token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await rowsOf(renter)).toHaveLength(SAVED_ITEMS_MAX);
  });
});

/** `count` ads of `poster` written straight into the table (past the daily posting limit), by id. */
function adRowsOf(poster: SignedInUser, count: number) {
  return ctx.db
    .insert(rentPosts)
    .values(
      Array.from({ length: count }, () => ({
        ...RENT_AD_INPUT,
        userId: poster.id,
        propertyType: 'Family Room',
        photos: [],
      })),
    )
    .returning({ id: rentPosts.id });
}
