/**
 * The drafts store for the forms, loaded after the form has drawn rather than with the page: Dexie stays out of
 * the form's first load (the build test in scripts/build/route-preloads-build.test.ts holds each page to its budget),
 * as the outbox does (../outbox/outbox-lazy.ts).
 */
export const loadDrafts = () => import('./drafts-db');
