import { and, eq, isNull } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { REPORT_KINDS } from '../../src/domain/report';
import type { AuthEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { rentPosts, reviews, services } from '../db/schema';
import type { Logger } from '../deps';
import { isUuid } from '../rent/rent-posts';
import type { CdnPurger } from './cdn-purge';
import { publicPagePaths } from './public-pages';

/**
 * The one place that knows which writes change which public pages: after an API write succeeds (a 2xx, so its
 * transaction has committed), the pages it touched are handed to the CDN purger. Nothing here is awaited by
 * the request: the lookups some writes need (whose provider page a review is on) run after the answer has gone,
 * and a failed lookup is logged. A write route that changes what a public page shows gets its line in WRITES.
 */

type Listing = { kind: 'rent' | 'pros'; id: string };

interface SeenWrite {
  /** The path's parameters, as the pattern's named groups. */
  params: Record<string, string>;
  /** The signed-in person who wrote (every write below is behind sign-in). */
  userId: string | undefined;
  /** The answer's `data`, read from a copy of the answer. */
  answer(): Promise<unknown>;
  db: Database;
}

/**
 * How many of one person's rent ads and reviewed providers a change of their details purges: a throw-away account
 * renaming itself in a loop must not turn each edit into a flood of purges (the rest expire within minutes).
 */
const PER_PERSON_MAX = 50;

const rent = (id: string | undefined): Listing[] => (id && isUuid(id) ? [{ kind: 'rent', id }] : []);
const pros = (id: string | undefined): Listing[] => (id && isUuid(id) ? [{ kind: 'pros', id }] : []);

const createdSchema = v.object({ _id: v.string() });
const hiddenSchema = v.object({ kind: v.picklist(REPORT_KINDS), targetId: v.string() });

async function providerOfService(db: Database, serviceId: string): Promise<Listing[]> {
  if (!isUuid(serviceId)) return [];
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(services)
    .where(eq(services.id, serviceId.toLowerCase()))
    .limit(1);
  return pros(row?.providerId);
}

async function providerOfReview(db: Database, reviewId: string): Promise<Listing[]> {
  if (!isUuid(reviewId)) return [];
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(reviews)
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .where(eq(reviews.id, reviewId.toLowerCase()))
    .limit(1);
  return pros(row?.providerId);
}

/** Every public page that shows a person: their provider page, their rent ads (the poster's name), their reviews. */
async function pagesOfPerson(db: Database, userId: string): Promise<Listing[]> {
  if (!isUuid(userId)) return [];
  const id = userId.toLowerCase();
  const [ads, reviewed] = await Promise.all([
    db
      .select({ id: rentPosts.id })
      .from(rentPosts)
      .where(and(eq(rentPosts.userId, id), isNull(rentPosts.deletedAt)))
      .limit(PER_PERSON_MAX),
    db
      .selectDistinct({ providerId: services.providerId })
      .from(reviews)
      .innerJoin(services, eq(services.id, reviews.serviceId))
      .where(eq(reviews.clientId, id))
      .limit(PER_PERSON_MAX),
  ]);
  return [...pros(id), ...ads.flatMap((ad) => rent(ad.id)), ...reviewed.flatMap((row) => pros(row.providerId))];
}

/** Write routes (under the API base) and the public pages each changes. */
const WRITES: {
  method: string;
  path: RegExp;
  /** The pages are named in the answer (a new ad's id): it is copied before it is sent. */
  readsAnswer?: true;
  pages(write: SeenWrite): Promise<Listing[]>;
}[] = [
  {
    method: 'POST',
    path: /^\/rent\/create$/,
    readsAnswer: true,
    pages: async ({ answer }) => {
      const created = v.safeParse(createdSchema, await answer());
      return created.success ? rent(created.output._id) : [];
    },
  },
  // An edit, Booked or Active again (or confirmed still available), a deletion.
  { method: 'PATCH', path: /^\/rent\/update\/(?<id>[^/]+)$/, pages: async ({ params }) => rent(params.id) },
  { method: 'PATCH', path: /^\/rent\/status\/(?<id>[^/]+)$/, pages: async ({ params }) => rent(params.id) },
  { method: 'DELETE', path: /^\/rent\/delete\/(?<id>[^/]+)$/, pages: async ({ params }) => rent(params.id) },
  // A provider's services are theirs alone: the writer's provider page.
  { method: 'POST', path: /^\/profession\/create-profile\/[^/]+$/, pages: async ({ userId }) => pros(userId) },
  { method: 'PATCH', path: /^\/profession\/update-profile\/[^/]+$/, pages: async ({ userId }) => pros(userId) },
  { method: 'DELETE', path: /^\/profession\/delete\/[^/]+$/, pages: async ({ userId }) => pros(userId) },
  // A review, new or changed, is on the reviewed provider's page (its count, average and list).
  {
    method: 'POST',
    path: /^\/profession\/add-feedback\/(?<serviceId>[^/]+)$/,
    pages: ({ db, params }) => providerOfService(db, params.serviceId ?? ''),
  },
  // A new name or photo shows wherever the person does.
  {
    method: 'PATCH',
    path: /^\/user\/update-details\/(?<userId>[^/]+)$/,
    pages: ({ db, params }) => pagesOfPerson(db, params.userId ?? ''),
  },
  {
    method: 'POST',
    path: /^\/moderation\/hide$/,
    readsAnswer: true,
    pages: async ({ db, answer }) => {
      const hidden = v.safeParse(hiddenSchema, await answer());
      if (!hidden.success) return [];
      const { kind, targetId } = hidden.output;
      if (kind === 'rent') return rent(targetId);
      if (kind === 'service') return providerOfService(db, targetId);
      if (kind === 'review') return providerOfReview(db, targetId);
      return pagesOfPerson(db, targetId);
    },
  },
];

const envelopeSchema = v.object({ data: v.optional(v.unknown()) });

/**
 * Hands the public pages a successful write changed to the purger. Mounted once on the API router, before its
 * routes; `basePath` is where that router sits, as the request's path shows it.
 */
export function purgeAfterWrites(
  deps: { db: Database; logger?: Logger },
  purger: CdnPurger,
  basePath: string,
): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status < 200 || c.res.status >= 300) return;
    const path = c.req.path.startsWith(basePath) ? c.req.path.slice(basePath.length) : c.req.path;
    const write = WRITES.find((each) => each.method === c.req.method && each.path.test(path));
    if (!write) return;
    const params = { ...write.path.exec(path)?.groups };
    // A copy, taken now: the answer itself is about to be sent.
    const copy = write.readsAnswer ? c.res.clone() : undefined;
    const seen: SeenWrite = {
      params,
      userId: c.get('session')?.userId,
      answer: async () => {
        if (!copy) return undefined;
        const body = v.safeParse(envelopeSchema, await copy.json());
        return body.success ? body.output.data : undefined;
      },
      db: deps.db,
    };
    void write
      .pages(seen)
      .then((listings) => purger.purge(listings.flatMap(({ kind, id }) => publicPagePaths(kind, id.toLowerCase()))))
      .catch((error: unknown) =>
        deps.logger?.error(`Could not name the public pages of ${c.req.method} ${path}`, error),
      );
  };
}
