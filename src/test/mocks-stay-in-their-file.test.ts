import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The test files of a worker share one module cache (vitest.config.ts, isolate: false). A module a file mocks stays
 * mocked in that cache for the files after it: use-outbox-post.test.tsx's outbox that never loads once made My
 * requests' answers never leave (CI, 2026-12-07), and which file runs after which changes with every run. So every
 * file that mocks a module lets go of the cache when it ends.
 */
describe('mocks stay in their file', () => {
  const files = ['src', 'server', 'scripts', 'sw']
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => path.join(folder, file)),
    )
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));

  it('finds the files that mock modules', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s resets the module cache after its tests', (file) => {
    expect(readFileSync(file, 'utf8')).toContain('afterAll(() => vi.resetModules());');
  });
});
