/**
 * What migrate.test.ts does not cover: a failing migration that had already rewritten existing rows
 * and altered tables, met at start-up on a database that holds the company's data (on PGlite, a
 * real data directory, reopened afterwards). The server must refuse to start, and the data and the
 * schema must be exactly as before, so the fixed release starts on them.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR } from '../src/db/migrate';
import type { MigrationTarget } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { describeDatabase } from './helpers';
import { everyRow, query } from './support/everyRow';
import { createReopenableDatabase, type ReopenableDatabase } from './support/reopenableDatabase';

/** The schema as the catalogue describes it: every column with its type, every constraint and index. */
async function schemaShape(target: MigrationTarget) {
  const columns = await query<{ c: string }>(
    target,
    `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS c
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`,
  );
  const constraints = await query<{ c: string }>(
    target,
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS c
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
  );
  const indexes = await query<{ c: string }>(target, `SELECT indexdef AS c FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`);
  return [...columns, ...constraints, ...indexes].map((r) => r.c);
}

describe(`a failed migration at start-up (${describeDatabase})`, () => {
  let database: ReopenableDatabase;
  let withBadRelease: string;

  beforeAll(async () => {
    database = await createReopenableDatabase('migration-failure');
    withBadRelease = await mkdtemp(join(tmpdir(), 'rental-bad-release-'));
    await copyFile(join(DEFAULT_MIGRATIONS_DIR, '0001_init.sql'), join(withBadRelease, '0001_init.sql'));
    const opened = await database.open();
    try {
      const [owner] = await opened.db.insert(schema.users).values({ name: 'Owner', email: 'owner@example.com', passwordHash: 'x', role: 'owner' }).returning();
      await opened.db.insert(schema.bankDetails).values({
        bankName: 'NCB',
        accountHolderName: 'Waterford Car Rental',
        branch: 'Portmore',
        accountNumber: '12345',
        accountType: 'Savings',
        updatedBy: owner!.id,
      });
      await opened.db.insert(schema.settings).values({ key: 'jwt_secret', value: 's'.repeat(64) });
    } finally {
      await opened.close();
    }
  });
  afterAll(async () => {
    await database?.drop();
    await rm(withBadRelease, { recursive: true, force: true });
  });

  it('refuses to start, and leaves every row and the whole schema as they were', async () => {
    let opened = await database.open();
    const rowsBefore = await everyRow(opened.raw);
    const shapeBefore = await schemaShape(opened.raw);
    await opened.close();

    // Rewrites data, changes a table, adds one, and only then fails.
    await writeFile(
      join(withBadRelease, '0002_bad_release.sql'),
      [
        "UPDATE users SET name = 'overwritten', role = 'user';",
        'DELETE FROM bank_details;',
        'ALTER TABLE cars ADD COLUMN colour text;',
        'ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;',
        'CREATE TABLE loyalty_points (user_id uuid PRIMARY KEY);',
        'SELECT 1 / (SELECT count(*) - count(*) FROM users); -- division by zero, as a bug would',
      ].join('\n'),
    );
    await expect(database.open({ migrationsDir: withBadRelease })).rejects.toThrow(/0002_bad_release\.sql failed.*division by zero/);

    // Reopened from disk (PGlite) or a new connection (PostgreSQL): nothing of it remains.
    opened = await database.open();
    try {
      expect(await everyRow(opened.raw)).toEqual(rowsBefore);
      expect(await schemaShape(opened.raw)).toEqual(shapeBefore);
      expect(shapeBefore.some((c) => c.includes('bookings_no_overlap'))).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it('the fixed release then starts on the same data and applies its migration once', async () => {
    await writeFile(join(withBadRelease, '0002_bad_release.sql'), 'ALTER TABLE cars ADD COLUMN colour text;\n');
    const opened = await database.open({ migrationsDir: withBadRelease });
    try {
      expect(opened.appliedMigrations).toEqual(['0002_bad_release.sql']);
      const [owner] = await query<{ name: string; role: string }>(opened.raw, "SELECT name, role FROM users WHERE email = 'owner@example.com'");
      expect(owner).toEqual({ name: 'Owner', role: 'owner' });
      expect(await query(opened.raw, 'SELECT bank_name FROM bank_details')).toEqual([{ bank_name: 'NCB' }]);
    } finally {
      await opened.close();
    }
  });
});
