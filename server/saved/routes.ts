import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { isSavedKind, SAVED_ITEMS_MAX, SAVED_KINDS, type SavedKind } from '../../src/domain/saved';
import type { SavedEntry } from '../../src/domain/saved-sync';
import { requireSession, type AuthEnv } from '../auth/middleware';
import { savedItems, type SavedItemRow } from '../db/schema';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { lockPoster } from '../http/posting-limit';
import { LISTING_TABLES } from '../listings/kinds';
import { isUuid } from '../rent/rent-posts';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Saved listings under /api/v1/saved (issue 21, point 3), each person's own: `GET /` lists them, `PUT /{kind}/{id}`
 * saves one and `DELETE /{kind}/{id}` forgets it. Both writes are idempotent by nature (a repeat finds the state it
 * asks for and answers as the first did), so the outbox may send a toggle twice, or a person's two phones the same
 * one, without harm. A saved item whose listing was deleted (or hidden) stays in the table, out of the cap, and
 * is listed marked `gone: true`, so the phone can say it is no longer available (issue 39, point 7); it can still be
 * unsaved.
 */

export const SAVED_UNKNOWN_KIND_MESSAGE = (): string => m.server_saved_unknown_kind();
export const SAVED_NOT_FOUND_MESSAGE = (): string => m.server_saved_not_found();
export const SAVED_LIMIT_MESSAGE = (): string => m.server_saved_limit({ max: String(SAVED_ITEMS_MAX) });

export function savedRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', requireSession(deps));

  routes.get('/', async (c) => {
    const userId = c.get('session').userId;
    const newestFirst = [desc(savedItems.savedAt), asc(savedItems.kind), asc(savedItems.targetId)] as const;
    // Each part capped on its own: gone items do not count against the live ones (nor the cap), and an account
    // whose saved listings all went away still gets a bounded answer.
    const [live, gone] = await Promise.all([
      deps.db
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), targetIsLive()))
        .orderBy(...newestFirst)
        .limit(SAVED_ITEMS_MAX),
      deps.db
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), not(targetIsLive())))
        .orderBy(...newestFirst)
        .limit(SAVED_ITEMS_MAX),
    ]);
    const entries = [
      ...live.flatMap((row) => toEntries(row)),
      ...gone.flatMap((row) => toEntries(row).map((entry) => ({ ...entry, gone: true }))),
    ].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
    return ok(c, 'Saved', entries);
  });

  routes.put('/:kind/:id', async (c) => {
    const { kind, id } = target(c.req.param('kind'), c.req.param('id'));
    const userId = c.get('session').userId;
    const row = await deps.db.transaction(async (tx) => {
      // Parallel saves by one account count and write one after another, so none slips past the cap.
      await lockPoster(tx, userId);
      if (!(await LISTING_TABLES[kind].isLive(tx, id))) throw new HttpError(404, SAVED_NOT_FOUND_MESSAGE());
      const [existing] = await tx
        .select()
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), eq(savedItems.kind, kind), eq(savedItems.targetId, id)));
      if (existing) return existing;
      const [counted] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), targetIsLive()));
      if ((counted?.count ?? 0) >= SAVED_ITEMS_MAX) throw new HttpError(409, SAVED_LIMIT_MESSAGE());
      const [inserted] = await tx
        .insert(savedItems)
        .values({ userId, kind, targetId: id, savedAt: deps.clock.now() })
        .returning();
      if (!inserted) throw new Error('The saved item was not stored');
      return inserted;
    });
    return ok(c, m.server_saved_saved(), toEntry(kind, row));
  });

  // Answers 204 whether or not the item was saved: the state asked for holds either way, and an item whose listing
  // has gone since it was saved must still be removable.
  routes.delete('/:kind/:id', async (c) => {
    const { kind, id } = target(c.req.param('kind'), c.req.param('id'));
    await deps.db
      .delete(savedItems)
      .where(
        and(eq(savedItems.userId, c.get('session').userId), eq(savedItems.kind, kind), eq(savedItems.targetId, id)),
      );
    return c.body(null, 204);
  });

  return routes;
}

/** The path's kind (400 when it is neither) and id (an id that cannot exist names nothing: 404). */
function target(kind: string, id: string): { kind: SavedKind; id: string } {
  if (!isSavedKind(kind)) throw new HttpError(400, SAVED_UNKNOWN_KIND_MESSAGE());
  if (!isUuid(id)) throw new HttpError(404, SAVED_NOT_FOUND_MESSAGE());
  return { kind, id: id.toLowerCase() };
}

function toEntry(kind: SavedKind, row: SavedItemRow): SavedEntry {
  return { kind, id: row.targetId, savedAt: row.savedAt.toISOString() };
}

/** A stored row as the list answers it: none is left out, since the table's check admits only the saved kinds. */
function toEntries(row: SavedItemRow): SavedEntry[] {
  return isSavedKind(row.kind) ? [toEntry(row.kind, row)] : [];
}

/** The saved row's listing exists and is not deleted. */
function targetIsLive(): SQL {
  const ofEachKind = SAVED_KINDS.map(
    (kind) => sql`(${savedItems.kind} = ${kind} and ${LISTING_TABLES[kind].isLiveSql(savedItems.targetId)})`,
  );
  return sql`(${sql.join(ofEachKind, sql` or `)})`;
}
