/** Names shared by the service worker and the page that talks to it. */
export const SW_MESSAGE_SKIP_WAITING = 'SKIP_WAITING';
export const PHOTO_CACHE = 'basha-photos';
export const PHOTO_CACHE_MAX_ENTRIES = 400;
export const PHOTO_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** What a photo that is neither on the phone nor reachable shows instead of the browser's broken-image icon. */
export const PHOTO_UNAVAILABLE_URL = '/images/photo-unavailable.svg';
