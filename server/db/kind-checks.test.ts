import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LISTING_KINDS } from '../../src/domain/listing-kinds';
import { REPORT_KINDS } from '../../src/domain/report';
import { SAVED_KINDS } from '../../src/domain/saved';
import { UPLOAD_FOLDERS } from '../../src/domain/uploaded-photo';
import { MIGRATIONS_DIR } from './client';
import { reports, savedItems, uploads } from './schema';

/**
 * The database's checks on kind columns admit exactly the kinds the code knows (src/domain/listing-kinds.ts and the
 * lists built on it), in the schema and in the migrations the server applies: a kind added to the code without its
 * migration, or a migration that drifts from the code, fails here rather than as a refused insert in production.
 */

const CHECKS: { table: PgTable; name: string; kinds: readonly string[] }[] = [
  { table: savedItems, name: 'saved_items_kind_known', kinds: SAVED_KINDS },
  { table: reports, name: 'reports_kind_known', kinds: REPORT_KINDS },
  { table: uploads, name: 'uploads_kind_known', kinds: Object.keys(UPLOAD_FOLDERS) },
];

/** The words of a check `"t"."kind" in ('a', 'b')`. */
function allowedWords(checkSql: string): string[] {
  const list = /\bin \(([^)]*)\)/.exec(checkSql)?.[1];
  if (list === undefined) throw new Error(`Not a check of allowed words: ${checkSql}`);
  return list.split(',').map((word) => word.trim().replace(/^'(.*)'$/, '$1'));
}

function schemaCheck(table: PgTable, name: string): string {
  const check = getTableConfig(table).checks.find((each) => each.name === name);
  if (!check) throw new Error(`No check ${name} in server/db/schema.ts`);
  return new PgDialect().sqlToQuery(check.value).sql;
}

/** The check as the last migration (in the journal's order) that creates or drops it leaves it. */
function migratedCheck(name: string): string | undefined {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  let current: string | undefined;
  for (const { tag } of journal.entries) {
    const migration = readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    for (const line of migration.split('\n')) {
      if (line.includes(`DROP CONSTRAINT "${name}"`)) current = undefined;
      const created = new RegExp(`CONSTRAINT "${name}" CHECK \\((.*)\\)`).exec(line);
      if (created?.[1] !== undefined) current = created[1];
    }
  }
  return current;
}

describe('the database checks on kinds', () => {
  it('builds on the listing kinds: every kind of listing can be saved, reported and have photos', () => {
    expect(SAVED_KINDS).toEqual(LISTING_KINDS);
    expect(REPORT_KINDS).toEqual(expect.arrayContaining([...LISTING_KINDS]));
    expect(Object.keys(UPLOAD_FOLDERS)).toEqual(expect.arrayContaining([...LISTING_KINDS]));
  });

  it.each(CHECKS)('$name admits exactly the kinds the code knows, in the schema and the migrations', (each) => {
    const wanted = [...each.kinds].sort();
    expect(allowedWords(schemaCheck(each.table, each.name)).sort()).toEqual(wanted);
    const migrated = migratedCheck(each.name);
    expect(migrated, `no migration creates ${each.name}`).toBeDefined();
    expect(allowedWords(migrated ?? '').sort(), 'run npm run db:generate for a new kind').toEqual(wanted);
  });

  it('reads a check’s words', () => {
    expect(allowedWords(`"uploads"."kind" in ('profile', 'rent', 'service')`)).toEqual(['profile', 'rent', 'service']);
  });
});
