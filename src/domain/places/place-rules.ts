/**
 * Which places ads and services must name, their limits and the words used when they name another. No data here:
 * the forms' schemas import this, and the place tree is loaded only where it is used.
 */

/**
 * Whether a new rent ad must name its place: on, since the add form asks for it (its place picker). The server
 * refuses an unknown or unfit place either way.
 */
export const PLACE_REQUIRED_FOR_NEW_ADS = true;

/**
 * Whether a new service must name its service places. Off for now: the offer form lets a provider choose them
 * (up to SERVICE_PLACES_MAX) but does not require them yet, and the services' end-to-end specs and API clients
 * post offers without them; turning it on means the form requires one too.
 */
export const SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES = false;

export const SERVICE_PLACES_MIN = 1;
export const SERVICE_PLACES_MAX = 10;
/** Longer than any id of the tree (`ar-<slug>`); a longer one is refused before it is looked up. */
export const PLACE_ID_MAX_LENGTH = 64;

export const PLACE_REQUIRED_MESSAGE = 'Please choose an area';
export const SERVICE_PLACES_REQUIRED_MESSAGE = 'Please choose at least one service area';
export const UNKNOWN_PLACE_MESSAGE = 'Unknown place. Please choose an area from the list.';
export const NOT_POSTABLE_PLACE_MESSAGE = 'Please choose an area or upazila, not a whole district or division.';
