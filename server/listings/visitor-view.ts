import type { RentPost, RentPostDetails } from '../../src/domain/rent-post';
import type { ReviewRecord, ServiceRecord } from '../../src/domain/service';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { withoutPhoneNumbers } from '../share/html';

/**
 * What a visitor (no account, no token) gets of a listing through the API (issue 40; the "Who sees what" tables of
 * docs/security.md). The same shapes as a signed-in person's, with fields left out, never renamed, so that the
 * client reads both alike:
 * - no phone number: a rent ad's `contactInfo` and a service's `contactNumber` are left out, and any number typed
 *   into a text (details, area, service areas, reviews) is masked as on the public share pages; a visitor asks
 *   for a listing's number on its own, limited per client address (`.../view-details/{id}/phone`);
 * - no street: a rent ad's `addressLine` and `postalCode`, a provider's `addressLine`; the area (`city`,
 *   `place`, `serviceArea`, `servicePlaces`) stays.
 * People appear only as `{_id, name}`, as they do to everyone.
 */

export type VisitorRentPost = Omit<RentPost, 'contactInfo' | 'addressLine' | 'postalCode'>;
export type VisitorRentPostDetails = Omit<RentPostDetails, 'contactInfo' | 'addressLine' | 'postalCode'>;
export type VisitorService = Omit<ServiceRecord, 'contactNumber' | 'addressLine'>;

/**
 * Every field of a listing, public or private: an allow-list that TypeScript keeps whole, so a field added to
 * RentPost or ServiceRecord does not compile until someone decides here whether a visitor sees it. A field that is
 * not named here (at run time) is left out.
 */
type Visibility = 'public' | 'private';
const RENT_POST_FIELDS = {
  _id: 'public',
  user: 'public',
  category: 'public',
  cost: 'public',
  rentPaymentFrequency: 'public',
  rentStartDate: 'public',
  contactInfo: 'private',
  addressLine: 'private',
  city: 'public',
  postalCode: 'private',
  placeId: 'public',
  place: 'public',
  details: 'public',
  description: 'public',
  propertyType: 'public',
  imageUrls: 'public',
  thumbnailUrls: 'public',
  status: 'public',
  createdAt: 'public',
  updatedAt: 'public',
  confirmedAt: 'public',
  unlistedAt: 'private',
} as const satisfies Record<keyof RentPost, Visibility>;
const SERVICE_FIELDS = {
  _id: 'public',
  category: 'public',
  status: 'public',
  provider: 'public',
  contactNumber: 'private',
  addressLine: 'private',
  serviceArea: 'public',
  servicePlaceIds: 'public',
  servicePlaces: 'public',
  description: 'public',
  minimumPrice: 'public',
  maximumPrice: 'public',
  availableDays: 'public',
  availableTime: 'public',
  coverImage: 'public',
  coverThumbnail: 'public',
  ratings: 'public',
  hiredOnBashaCount: 'public',
  createdAt: 'public',
  updatedAt: 'public',
} as const satisfies Record<keyof ServiceRecord, Visibility>;

function publicFields<T extends object>(row: T, fields: Record<string, Visibility>): T {
  return Object.fromEntries(Object.entries(row).filter(([field]) => fields[field] === 'public')) as T;
}

const masked = (text: string): string => withoutPhoneNumbers(text);

export function visitorRentPost(post: RentPost): VisitorRentPost {
  const shown = publicFields(post, RENT_POST_FIELDS);
  return { ...shown, city: masked(post.city), details: masked(post.details), description: masked(post.description) };
}

export function visitorRentPostDetails(post: RentPostDetails): VisitorRentPostDetails {
  const shown = publicFields(post, RENT_POST_FIELDS);
  return { ...shown, city: masked(post.city), details: masked(post.details), description: masked(post.description) };
}

function visitorReview(review: ReviewRecord): ReviewRecord {
  return { ...review, feedback: masked(review.feedback) };
}

export function visitorService(service: ServiceRecord): VisitorService {
  const shown = publicFields(service, SERVICE_FIELDS);
  return {
    ...shown,
    serviceArea: service.serviceArea.map(masked),
    description: masked(service.description),
    ratings: service.ratings.map(visitorReview),
  };
}

/** A page of a full list, as a visitor gets it. */
export async function* visitorPages<Row, Shown>(
  pages: AsyncIterable<readonly Row[]>,
  show: (row: Row) => Shown,
): AsyncGenerator<Shown[]> {
  for await (const page of pages) yield page.map(show);
}

/** A delta sync page, as a visitor gets it: the same cursor, deletions and rows, each row shown as to a visitor. */
export function visitorDelta<Row, Shown>(delta: SyncDelta<Row>, show: (row: Row) => Shown): SyncDelta<Shown> {
  return { ...delta, changed: delta.changed.map(show) };
}
