import type { Locale } from '@/i18n/locale';

/**
 * When a listing has a public page (issue 20): the rules server/share/public-listings.ts serves /rent/{id} and
 * /pros/{userId} by, shared with the app so that its Share button offers only a link that opens (a link to a
 * page that answers 404 would reach the people it was sent to as a dead end).
 */

/** A service shows on its provider's public page while it is active (and not deleted: deleted ones are gone). */
export const isPublicService = (service: { status: string }): boolean => service.status === 'active';

/** /pros/{userId} shows a provider who offers at least one active service; without one it answers 404. */
export const hasPublicProviderPage = (services: readonly { status: string }[]): boolean =>
  services.some(isPublicService);

/** /rent/{id} shows an ad that is Active and not unlisted (Booked or left unconfirmed: 404). */
export const hasPublicRentPage = (post: { status: string; unlistedAt?: string | Date | null }): boolean =>
  post.status === 'Active' && !post.unlistedAt;

/** The query parameter that names a public page's language (`/rent/{id}?lang=bn`). */
export const PUBLIC_PAGE_LANGUAGE_PARAM = 'lang';

/**
 * The path of a public page in a language, as a share carries it: the page answers in the sharer's language
 * whatever the language of the phone that opens it, and its link preview too (a cache keys on the address).
 */
export function publicPagePath(path: string, locale: Locale): string {
  return `${path}?${PUBLIC_PAGE_LANGUAGE_PARAM}=${encodeURIComponent(locale)}`;
}
