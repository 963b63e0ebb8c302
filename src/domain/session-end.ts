/**
 * Why a session ended elsewhere than on this phone, as the server says it beside its 401 (`ApiEnvelope.code`), so
 * that the sign-in page can tell the person (issue 39, point 8): a password change (or reset) on another device
 * ends every older session, and being signed out without a word reads as a fault of the app.
 */

export const PASSWORD_CHANGED_CODE = 'password-changed';

/** The reasons the app tells the person on the sign-in page. */
export type SessionEndReason = typeof PASSWORD_CHANGED_CODE;

/** The reason a refusal's body names, if it is one the app tells. */
export function sessionEndReasonOf(body: unknown): SessionEndReason | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  return (body as { code?: unknown }).code === PASSWORD_CHANGED_CODE ? PASSWORD_CHANGED_CODE : undefined;
}
