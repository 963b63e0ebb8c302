/**
 * Every name, limit and timing the product shares between the app, the service worker and the server.
 * Units are in the names (`_MS`, `_BYTES`) or in a comment.
 */

export const PRODUCT_NAME = 'Basha';
export const API_BASE_PATH = '/api/v1';
export const UPLOADS_BASE_PATH = '/uploads';

// Session cookies (accounts spec, section 3): the signed-in user's own id and the server session token.
export const COOKIE_SELF_ID = 'bashaSelfId';
export const COOKIE_SELF_TOKEN = 'bashaSelfToken';
export const SESSION_LIFETIME_DAYS = 14;
export const SESSION_LIFETIME_MS = SESSION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

// One-time codes.
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_WAIT_MS = 60 * 1000;

// Accounts.
export const PASSWORD_MIN_LENGTH = 6;
export const MIN_BIRTH_YEAR = 1900;
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

// Field length caps: generous for people, small enough that a huge string is refused, not stored.
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 20;
export const SHORT_TEXT_MAX_LENGTH = 100;
export const ADDRESS_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 500;
export const NID_MAX_LENGTH = 30;

// Profile photo (accounts spec, sections 5 and 9).
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROFILE_IMAGE_MAX_WIDTH_PX = 800;
export const PROFILE_IMAGE_MAX_HEIGHT_PX = 600;
export const PROFILE_IMAGE_JPEG_QUALITY = 0.7;

// HTTP time-outs of the client (uploads have their own limits, which grow with their size: upload-progress.ts).
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const USER_CREATE_TIMEOUT_MS = 15_000;

// Notifications and redirects (shell spec 2.10, accounts spec 9).
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const REDIRECT_AFTER_LOGIN_MS = 1000;
export const REDIRECT_AFTER_OTP_MS = 1000;
export const REDIRECT_AFTER_REGISTRATION_MS = 1000;
export const REDIRECT_AFTER_PASSWORD_RESET_MS = 2000;

// Layout.
export const MOBILE_MAX_WIDTH_PX = 768;
export const HEADER_SCROLLED_AFTER_PX = 10;
/** Cards of a list that a phone shows before any scrolling: their photos load at once, not lazily. */
export const FIRST_SCREEN_CARDS = 2;
