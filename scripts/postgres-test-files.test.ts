import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_TEST_FILES } from './postgres-test-files';

const root = path.join(import.meta.dirname, '..');
const serverTestFiles = readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `server/${file.split(path.sep).join('/')}`);

describe('the files test:postgres runs', () => {
  it('are server test files that exist, each named once with a reason', () => {
    const files = POSTGRES_TEST_FILES.map((entry) => entry.file);
    expect(files.filter((file) => !serverTestFiles.includes(file))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
    for (const entry of POSTGRES_TEST_FILES) expect(entry.reason.length, entry.file).toBeGreaterThan(10);
    expect(files.every((file) => existsSync(path.join(root, file)))).toBe(true);
  });

  it('include every file with tests that run only on PostgreSQL, or those would never run', () => {
    const postgresOnly = serverTestFiles.filter((file) =>
      readFileSync(path.join(root, file), 'utf8').includes('process.env.TEST_DATABASE_URL'),
    );
    expect(postgresOnly.length).toBeGreaterThan(0);
    const listed = POSTGRES_TEST_FILES.map((entry) => entry.file);
    expect(postgresOnly.filter((file) => !listed.includes(file))).toEqual([]);
  });
});
