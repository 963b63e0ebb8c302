import * as v from 'valibot';
import { isListingKind, LISTING_KINDS, type ListingKind } from './listing-kinds';

/**
 * Saved listings (issue 21, point 3): rent ads and services a person keeps on a list of their own. The server keeps
 * the list per account (`PUT`/`DELETE /api/v1/saved/{kind}/{id}`, `GET /api/v1/saved`), the phone keeps a copy of
 * each saved item with its photos (src/lib/saved/), and toggles made offline wait in the outbox. These are the
 * rules the three share: the kinds, the cap, the shapes read back from the network and from storage, and how the
 * server's list and the phone's are merged.
 */

/** Every kind of listing can be saved (the `saved_items` table's check lists the same kinds). */
export const SAVED_KINDS = LISTING_KINDS;
export type SavedKind = ListingKind;

/** Items one account may keep saved; one more is refused with 409 (a list this long is no longer a shortlist). */
export const SAVED_ITEMS_MAX = 500;

/** The Cache Storage cache that holds saved items' photos; the service worker answers photos from it first. */
export const SAVED_PHOTO_CACHE = 'basha-saved-photos';

export function isSavedKind(value: string): value is SavedKind {
  return isListingKind(value);
}

/** What an outbox item of kind `saved` carries: the state the person last chose for one item. */
export const savedTogglePayloadSchema = v.object({
  kind: v.picklist(SAVED_KINDS),
  id: v.string(),
  saved: v.boolean(),
});
export type SavedToggle = v.InferOutput<typeof savedTogglePayloadSchema>;

/** The key of one item on the phone, the same for its toggles in the outbox. */
export function savedKey(item: { kind: SavedKind; id: string }): string {
  return `${item.kind}:${item.id}`;
}
