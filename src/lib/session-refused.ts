/**
 * The server answered 401. The API client and the upload report each one here with the token the call carried; when
 * that is the phone's session token (revoked elsewhere, ended by a password change or "Sign out everywhere", expired
 * on the server), or none while the app still thinks someone is signed in (the cookies ran out), the app ends the
 * session on the phone (src/features/accounts/session/session-flows.ts, `startSessionListener`). A call that carried
 * another token (a Firebase ID token, an older session's) says nothing of the session. In the service worker no one
 * listens: the next page that calls the API finds out for itself.
 */

import type { SessionEndReason } from '@/domain/session-end';

/** `reason`: why, when the server said a reason the app tells the person (a password change elsewhere). */
type SessionRefusedListener = (tokenSent: string | undefined, reason?: SessionEndReason) => void;

let listener: SessionRefusedListener | undefined;

/** Hears each refusal (one listener: the app's session); answers the function that stops it. */
export function onSessionRefused(next: SessionRefusedListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

/** A call sent with the bearer token `tokenSent` (undefined: with none) got 401, for `reason` if the server said. */
export function reportSessionRefused(tokenSent: string | undefined, reason?: SessionEndReason): void {
  listener?.(tokenSent, reason);
}
