import { afterEach } from 'vitest';
import { releaseSession } from '@/lib/session-cookies';

/**
 * A session a test holds (`holdSession`, as a Background Sync run does) is module state, and test files share their
 * worker's modules (vitest.config.ts, `isolate: false`): after every test the pages read the document's cookies
 * again, so that no later test, in this file or the next, finds someone else's session or a held "nobody".
 */
afterEach(() => releaseSession());
