import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { localDigits } from '@/i18n/digits';

/**
 * Which places ads and services must name, their limits and the words used when they name another. No data here:
 * the forms' schemas import this, and the place tree is loaded only where it is used. The words are functions
 * (server/messages/places.*.json), read when a rule fails: in the page's language in a form, in the request's on
 * the server.
 */

/**
 * Whether a new rent ad must name its place: on, since the add form asks for it (its place picker). The server
 * refuses an unknown or unfit place either way.
 */
export const PLACE_REQUIRED_FOR_NEW_ADS = true;

/**
 * Whether a new service must name its service places (1 to SERVICE_PLACES_MAX): on, since the offer form requires
 * one (newServiceSchema). An edit that leaves them out keeps what is stored, so a service offered before places
 * (it has none) can still be edited as it is; one that sends them sends 1 or more, so they are never all taken
 * away (the edit form keeps the last chip of a service that has places).
 */
export const SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES = true;

export const SERVICE_PLACES_MIN = 1;
export const SERVICE_PLACES_MAX = 10;
/** Longer than any id of the tree (`ar-<slug>`); a longer one is refused before it is looked up. */
export const PLACE_ID_MAX_LENGTH = 64;

export const PLACE_REQUIRED_MESSAGE = (): string => m.server_places_area_required();
export const SERVICE_PLACES_REQUIRED_MESSAGE = (): string => m.server_places_service_required();
export const UNKNOWN_PLACE_MESSAGE = (): string => m.server_places_unknown();
export const NOT_POSTABLE_PLACE_MESSAGE = (): string => m.server_places_not_postable();
export const SERVICE_PLACES_TOO_MANY_MESSAGE = (): string =>
  m.server_places_service_too_many({ max: localDigits(String(SERVICE_PLACES_MAX), getLocale()) });
export const SERVICE_PLACE_TWICE_MESSAGE = (): string => m.server_places_service_twice();
