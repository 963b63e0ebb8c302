/**
 * Every test file runs on the same fake IndexedDB, installed before any module loads: test files share one module
 * cache (vitest.config.ts, `isolate: false`), and Dexie reads the global `indexedDB` once, when it is first imported.
 * A file that imported Dexie before installing the fake would leave every later file without a database.
 */
import 'fake-indexeddb/auto';
