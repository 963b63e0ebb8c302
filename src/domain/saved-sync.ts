import * as v from 'valibot';
import { placeSummarySchema } from './places/place-schemas';
import { SAVED_KINDS, savedKey, type SavedKind } from './saved';

/**
 * What the Saved page and the saved sync read (src/domain/saved.ts has what the hearts need, which every list page
 * loads): the account's list as the API answers it, the fields the page shows of a kept record, the photos worth
 * keeping, and how the account's list and the phone's are merged.
 */

/** One entry of `GET /api/v1/saved`. */
export const savedEntrySchema = v.object({
  kind: v.picklist(SAVED_KINDS),
  id: v.string(),
  /** ISO date-time. */
  savedAt: v.string(),
  /** The listing was deleted or hidden since it was saved: the item stays until its person removes it. */
  gone: v.optional(v.boolean()),
});
export type SavedEntry = v.InferOutput<typeof savedEntrySchema>;
export const savedListSchema = v.array(savedEntrySchema);

/**
 * What the Saved page needs of a rent ad's stored record (it keeps the whole record; other fields are not read
 * there). Loose: records written by an older version with fewer fields still show, records missing these do not.
 */
export const savedRentRecordSchema = v.looseObject({
  _id: v.string(),
  category: v.string(),
  cost: v.number(),
  rentPaymentFrequency: v.string(),
  addressLine: v.string(),
  city: v.string(),
  /** The ad's place, for its title in the page's language; absent in records saved before places (or broken). */
  place: v.fallback(v.nullish(placeSummarySchema), null),
  imageUrls: v.array(v.string()),
  thumbnailUrls: v.optional(v.array(v.string()), []),
  status: v.optional(v.string(), 'Active'),
});
export type SavedRentRecord = v.InferOutput<typeof savedRentRecordSchema>;

/** What the Saved page needs of a service's stored record. */
export const savedServiceRecordSchema = v.looseObject({
  _id: v.string(),
  category: v.string(),
  provider: v.looseObject({ _id: v.string(), name: v.string() }),
  addressLine: v.string(),
  minimumPrice: v.number(),
  maximumPrice: v.number(),
  coverImage: v.nullish(v.string()),
  coverThumbnail: v.nullish(v.string()),
});
export type SavedServiceRecord = v.InferOutput<typeof savedServiceRecordSchema>;

/** The photos of each kind's record worth keeping on the phone: what the Saved page and the detail page show. */
const SAVED_PHOTOS: Record<SavedKind, (record: unknown) => string[]> = {
  rent: (record) => {
    const rent = v.safeParse(savedRentRecordSchema, record);
    return rent.success ? unique([...rent.output.thumbnailUrls, ...rent.output.imageUrls]) : [];
  },
  service: (record) => {
    const service = v.safeParse(savedServiceRecordSchema, record);
    if (!service.success) return [];
    return unique([service.output.coverThumbnail, service.output.coverImage].filter((url) => typeof url === 'string'));
  },
};

export function savedPhotoUrls(kind: SavedKind, record: unknown): string[] {
  return SAVED_PHOTOS[kind](record);
}

function unique(urls: string[]): string[] {
  return [...new Set(urls.filter((url) => url.startsWith('/')))];
}

export interface SavedRef {
  kind: SavedKind;
  id: string;
}

/** What a sync changes on the phone. */
export interface SavedMergePlan {
  /** Saved on the account (on another phone, say) and missing here: fetch their records and keep them. */
  add: SavedEntry[];
  /** Here but no longer on the account (unsaved elsewhere): forget them. */
  remove: SavedRef[];
  /** Here, and their listing went away: keep them, marked no longer available, until the person removes them. */
  gone: SavedRef[];
}

/**
 * Merges the account's list with the phone's. A toggle still waiting in the outbox is the person's latest word on
 * its item, whatever the server says now (it has not heard it yet), so such items are left as the phone has them;
 * every other item follows the server. An item whose listing went away is never dropped without a word: the phone's
 * copy stays, marked gone (one saved on another phone and gone before this one heard of it has no copy to show, and
 * is not fetched). Pure, so the rule is tested apart from storage and network.
 */
export function planSavedMerge(
  server: readonly SavedEntry[],
  local: readonly (SavedRef & { gone?: boolean })[],
  pendingKeys: ReadonlySet<string>,
): SavedMergePlan {
  const onServer = new Map(server.map((entry) => [savedKey(entry), entry]));
  const here = new Set(local.map(savedKey));
  const settled = (ref: SavedRef) => !pendingKeys.has(savedKey(ref));
  const add = [...onServer.values()].filter((entry) => !entry.gone && !here.has(savedKey(entry)) && settled(entry));
  const remove = local.filter((ref) => !onServer.has(savedKey(ref)) && settled(ref));
  const gone = local
    .filter((ref) => !ref.gone && onServer.get(savedKey(ref))?.gone === true && settled(ref))
    .map(({ kind, id }) => ({ kind, id }));
  return { add, remove, gone };
}
