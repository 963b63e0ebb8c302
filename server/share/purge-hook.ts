import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import {
  assertNever,
  isListingKind,
  LISTING_KIND_FACTS,
  LISTING_KINDS,
  type ListingKind,
} from '../../src/domain/listing-kinds';
import { REPORT_KINDS } from '../../src/domain/report';
import type { AuthEnv } from '../auth/middleware';
import type { Database } from '../db/client';
import { reviews, services } from '../db/schema';
import type { Logger } from '../deps';
import { LISTING_TABLES } from '../listings/kinds';
import { isUuid } from '../rent/rent-posts';
import type { CdnPurger } from './cdn-purge';
import { publicPagePaths } from './public-pages';

/**
 * The one place that knows which writes change which public pages: after an API write succeeds (a 2xx, so its
 * transaction has committed), the pages it touched are handed to the CDN purger. Nothing here is awaited by
 * the request: the lookups some writes need (whose provider page a review is on) run after the answer has gone,
 * and a failed lookup is logged. A write route that changes what a public page shows gets its line in WRITES.
 */

/** One public page: its path before the id (`/rent`, `/pros`), and the id. */
type PublicPage = { path: string; id: string };

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

/** The public page of a listing of that kind, by the id that page is named by (the listing's, or its owner's). */
const pageOf = (kind: ListingKind, id: string | undefined): PublicPage[] =>
  id && isUuid(id) ? [{ path: LISTING_KIND_FACTS[kind].publicPage.path, id }] : [];
const rent = (id: string | undefined) => pageOf('rent', id);
/** A provider's page, where their services are. */
const pros = (providerId: string | undefined) => pageOf('service', providerId);

const createdSchema = v.object({ _id: v.string() });
const hiddenSchema = v.object({ kind: v.picklist(REPORT_KINDS), targetId: v.string() });

/** The public page a listing is on: its own, or its owner's (looked up, the listing deleted or not). */
async function pagesOfListing(db: Database, kind: ListingKind, id: string): Promise<PublicPage[]> {
  const page = LISTING_KIND_FACTS[kind].publicPage;
  if (page.shows === 'listing') return pageOf(kind, id);
  if (!isUuid(id)) return [];
  return pageOf(kind, await LISTING_TABLES[kind].ownerOf(db, id.toLowerCase()));
}

async function providerOfReview(db: Database, reviewId: string): Promise<PublicPage[]> {
  if (!isUuid(reviewId)) return [];
  const [row] = await db
    .select({ providerId: services.providerId })
    .from(reviews)
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .where(eq(reviews.id, reviewId.toLowerCase()))
    .limit(1);
  return pros(row?.providerId);
}

/**
 * Every public page that shows a person: the pages of their listings (an ad shows the poster's name, a provider
 * page is theirs) and the provider pages of their reviews.
 */
async function pagesOfPerson(db: Database, userId: string): Promise<PublicPage[]> {
  if (!isUuid(userId)) return [];
  const id = userId.toLowerCase();
  const [listings, reviewed] = await Promise.all([
    Promise.all(
      LISTING_KINDS.map(async (kind) =>
        LISTING_KIND_FACTS[kind].publicPage.shows === 'owner'
          ? pageOf(kind, id)
          : (await LISTING_TABLES[kind].liveIdsOwnedBy(db, id, PER_PERSON_MAX)).flatMap((listingId) =>
              pageOf(kind, listingId),
            ),
      ),
    ),
    db
      .selectDistinct({ providerId: services.providerId })
      .from(reviews)
      .innerJoin(services, eq(services.id, reviews.serviceId))
      .where(eq(reviews.clientId, id))
      .limit(PER_PERSON_MAX),
  ]);
  return [...listings.flat(), ...reviewed.flatMap((row) => pros(row.providerId))];
}

/** Write routes (under the API base) and the public pages each changes. */
const WRITES: {
  method: string;
  path: RegExp;
  /** The pages are named in the answer (a new ad's id): it is copied before it is sent. */
  readsAnswer?: true;
  pages(write: SeenWrite): Promise<PublicPage[]>;
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
    pages: ({ db, params }) => pagesOfListing(db, 'service', params.serviceId ?? ''),
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
      if (isListingKind(kind)) return pagesOfListing(db, kind, targetId);
      switch (kind) {
        case 'review':
          return providerOfReview(db, targetId);
        case 'user':
          return pagesOfPerson(db, targetId);
        // A conversation has no public page.
        case 'conversation':
          return [];
        default:
          return assertNever(kind);
      }
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
    const paths = write
      .pages(seen)
      .then((pages) => pages.flatMap(({ path, id }) => publicPagePaths(path, id.toLowerCase())));
    paths.catch((error: unknown) =>
      deps.logger?.error(`Could not name the public pages of ${c.req.method} ${path}`, error),
    );
    purger.purge(paths);
  };
}
