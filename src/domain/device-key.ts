/**
 * A device key (issue 38, point 5; server/accounts/reset-device-keys.ts): a random part and its HMAC with the
 * account's address, given at sign-in. A "Forgot password" request that carries one for the address asked for has an
 * allowance of its own. This module imports nothing: the app's start-up code keeps the keys, and must not bring the
 * form rules with it (the landing page's first-load JS budget).
 */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{24}\.[0-9a-f]{64}$/;
/** A phone keeps the keys of its last few sign-ins and sends them all: it does not know which is whose. */
export const DEVICE_KEYS_MAX = 5;
