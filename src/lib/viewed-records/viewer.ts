import { readSession } from '../session-cookies';

/** The viewer of copies read without a session. A person's id is a UUID, so it never reads as this. */
export const VISITOR_VIEWER = 'visitor';

/** Whose copies the phone may answer now: the person signed in (their session cookies), or a visitor. */
export function viewerNow(): string {
  return readSession()?.userId ?? VISITOR_VIEWER;
}
