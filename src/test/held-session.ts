import { afterAll, afterEach } from 'vitest';
import { clearSession, releaseSession } from '@/lib/session-cookies';

/**
 * A session a test holds (`holdSession`, as a Background Sync run does) is module state, and test files share their
 * worker's modules (vitest.config.ts, `isolate: false`): after every test the pages read the document's cookies
 * again, so that no later test, in this file or the next, finds someone else's session or a held "nobody".
 */
afterEach(() => releaseSession());

/**
 * The session cookies a file wrote (`writeSession`) go with it: a later file in the worker would find a signed-in
 * person where it expects a visitor (contact-buttons-show-number.test failed so in CI14, after a file that wrote one).
 */
afterAll(() => {
  if (typeof document !== 'undefined') clearSession();
});
