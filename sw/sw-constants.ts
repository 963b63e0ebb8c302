/** Names shared by the service worker and the page that talks to it. */
export const SW_MESSAGE_SKIP_WAITING = 'SKIP_WAITING';
export const PHOTO_CACHE = 'basha-photos';
export const PHOTO_CACHE_MAX_ENTRIES = 400;
export const PHOTO_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** What a photo that is neither on the phone nor reachable shows instead of the browser's broken-image icon. */
export const PHOTO_UNAVAILABLE_URL = '/images/photo-unavailable.svg';
/** Public pages (/rent/{id}, /pros/{userId}) seen on this phone, with their style sheet: they open offline. */
export const PUBLIC_PAGE_CACHE = 'basha-public-pages';
export const PUBLIC_PAGE_CACHE_MAX_ENTRIES = 60;
export const PUBLIC_PAGE_NETWORK_TIMEOUT_S = 4;
/** Where the manifest's share_target posts photos shared into Basha from another app. */
export const SHARE_TARGET_PATH = '/share-target/rent';
/** Photos shared into Basha, held until the add-rent page takes them (its `?shared=1`). */
export const SHARED_PHOTOS_CACHE = 'basha-shared-photos';
export const SHARED_PHOTOS_MAX = 5;
