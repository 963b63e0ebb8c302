import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseBdPhone } from '../../src/domain/phone';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { userRow } from '../test/rows';
import { openTestDatabase } from '../test/test-database';

/**
 * The migration that puts stored phone numbers in one form, run again over rows written as people typed them
 * (the migrations already ran on the empty database): each BD mobile number must come out as the domain's
 * normaliser writes it, and every other text must stay as it was.
 */

const MIGRATION = readdirSync(MIGRATIONS_DIR).find((file) => file.endsWith('_normalise_phone_numbers.sql'));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const TYPED = [
  '01712345678',
  '+8801712345678',
  '8801712345678',
  '+880 1712-345678',
  '0171-2345678',
  '(017) 12-345-678',
  '0088 01712345678',
  '০১৭১২৩৪৫৬৭৮',
  '+৮৮০ ১৯১১-০০০০০০',
  '01311000000',
  '029551234',
  '01212345678',
  '0171234567',
  '+14155552671',
  'call me',
  '',
];

describe('the phone number migration', () => {
  it('writes each BD mobile number as the app does and leaves the rest alone', async () => {
    expect(MIGRATION).toBeDefined();
    const ids: string[] = [];
    for (const [index, phoneNumber] of TYPED.entries()) {
      const [row] = await database.db
        .insert(users)
        .values(userRow(`phone-${index}`, { name: 'Phone', phoneNumber }))
        .returning({ id: users.id });
      ids.push(row!.id);
    }
    const statements = readFileSync(path.join(MIGRATIONS_DIR, MIGRATION!), 'utf8').split('--> statement-breakpoint');
    await database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    for (const [index, typed] of TYPED.entries()) {
      const [row] = await database.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, ids[index]!));
      expect(row?.phone, typed).toBe(normaliseBdPhone(typed) ?? typed);
    }
  });
});
