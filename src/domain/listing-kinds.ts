/**
 * The kinds of listing (issue 37, point 4): what a person posts for others to find, save and report. Code that
 * treats listings alike (saved items, reports and moderation, public pages, the sitemap, the saved sync, uploads,
 * the database's checks) reads this list and table, or keeps a `Record<ListingKind, ...>` or an exhaustive `switch` of its
 * own, so that a kind added here is a type error wherever it still needs its case (docs/architecture.md, "Adding
 * a listing kind"). Pure data: the app, the service worker and the server all import it.
 */

export const LISTING_KINDS = ['rent', 'service'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/**
 * A page that shows a listing: its own page, named by the listing's id (`/main/view-rent/{id}`), or its owner's
 * page, where it is shown among the owner's others (a service on `/pros/{providerId}`).
 */
export interface ListingPage {
  /** The page's path before the id, without a trailing slash. */
  path: string;
  shows: 'listing' | 'owner';
}

export interface ListingKindFacts {
  /** The app's page that shows one (the Saved page and the moderation list link to it). */
  appPage: ListingPage;
  /** The public page a shared link opens, listed in the sitemap and purged from the CDN when it changes. */
  publicPage: ListingPage;
  /** `GET` with `/{id}` under /api/v1: one listing's record as the app keeps it (the saved sync fetches it). */
  detailApiPath: string;
}

export const LISTING_KIND_FACTS = {
  rent: {
    appPage: { path: '/main/view-rent', shows: 'listing' },
    publicPage: { path: '/rent', shows: 'listing' },
    detailApiPath: 'rent/view-details',
  },
  service: {
    appPage: { path: '/main/prof-profile', shows: 'owner' },
    publicPage: { path: '/pros', shows: 'owner' },
    detailApiPath: 'profession/view-details',
  },
} as const satisfies Record<ListingKind, ListingKindFacts>;

/** The public pages' paths before the id (`/rent`, `/pros`): the server's own HTML, not the app's. */
export const PUBLIC_LISTING_PAGE_PATHS: readonly string[] = LISTING_KINDS.map(
  (kind) => LISTING_KIND_FACTS[kind].publicPage.path,
);

export function isListingKind(value: string): value is ListingKind {
  return (LISTING_KINDS as readonly string[]).includes(value);
}

/**
 * The path of the page that shows a listing, by the page's kind: the listing's own id, or its owner's (undefined
 * when the owner is not known, as for a report whose listing has gone).
 */
export function listingPagePath(
  page: ListingPage,
  listing: { id: string; ownerId?: string | undefined },
): string | undefined {
  const id = page.shows === 'listing' ? listing.id : listing.ownerId;
  return id ? `${page.path}/${encodeURIComponent(id)}` : undefined;
}

/** For a `switch` over kinds: its `default` does not compile while a kind lacks its case. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected kind: ${String(value)}`);
}
