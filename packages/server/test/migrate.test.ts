import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { queryRows } from '../src/db/types';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';

async function tableExists(database: TestDatabase, name: string): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(database.db, sql`select to_regclass(${name}) is not null as present`);
  return row?.present === true;
}

async function appliedNames(database: TestDatabase): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(database.db, sql`select name from schema_migrations order by name`);
  return rows.map((r) => r.name);
}

describe(`migrations (${describeDatabase})`, () => {
  let database: TestDatabase;
  let dir: string;
  /** The project's own migrations, applied to the fresh database; the test's files come after them. */
  let shipped: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'rental-migrations-'));
    await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
    shipped = (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('applied the schema once; running them again changes nothing', async () => {
    expect(shipped[0]).toBe('0001_init.sql');
    // The numbered files, then the repeatable ones (the booking function).
    expect(database.opened.appliedMigrations).toEqual([...shipped, 'bookCar.sql']);
    expect(await migrate(database.opened.raw)).toEqual([]);
    expect(await appliedNames(database)).toEqual(shipped);
  });

  it('a failing migration leaves the database as it was, and runs once fixed', async () => {
    const file = join(dir, '9002_add_notes.sql');
    // The first statement succeeds, the second fails: neither may remain.
    await writeFile(file, 'CREATE TABLE notes (id integer PRIMARY KEY);\nINSERT INTO no_such_table VALUES (1);\n');
    await expect(migrate(database.opened.raw, { migrationsDir: dir })).rejects.toThrow(/9002_add_notes\.sql failed/);
    expect(await tableExists(database, 'notes')).toBe(false);
    expect(await appliedNames(database)).toEqual(shipped);

    await writeFile(file, 'CREATE TABLE notes (id integer PRIMARY KEY);\n');
    expect(await migrate(database.opened.raw, { migrationsDir: dir })).toEqual(['9002_add_notes.sql']);
    expect(await tableExists(database, 'notes')).toBe(true);
    expect(await migrate(database.opened.raw, { migrationsDir: dir })).toEqual([]);
  });

  it('two instances migrating at once apply each file exactly once', async () => {
    // Not idempotent on purpose: applied twice, it would fail.
    await writeFile(join(dir, '9003_add_remarks.sql'), 'CREATE TABLE remarks (id integer PRIMARY KEY);\n');
    const results = await Promise.all([
      migrate(database.opened.raw, { migrationsDir: dir }),
      migrate(database.opened.raw, { migrationsDir: dir }),
      migrate(database.opened.raw, { migrationsDir: dir }),
    ]);
    expect(results.flat()).toEqual(['9003_add_remarks.sql']);
    expect(await appliedNames(database)).toEqual([...shipped, '9002_add_notes.sql', '9003_add_remarks.sql']);
  });

  it('a repeatable file is applied again when its text changes, once however many instances start, and not otherwise', async () => {
    // Beside its feature, not among the numbered files.
    const file = join(await mkdtemp(join(tmpdir(), 'rental-repeatable-')), 'greeting.sql');
    const greeting = async () => (await queryRows<{ text: string }>(database.db, sql`select test_greeting() as text`))[0]!.text;
    await writeFile(file, "CREATE OR REPLACE FUNCTION test_greeting() RETURNS text LANGUAGE sql AS $$ SELECT 'hello' $$;\n");
    expect(await migrate(database.opened.raw, { migrationsDir: dir, repeatables: [file] })).toEqual(['greeting.sql']);
    expect(await greeting()).toBe('hello');
    expect(await migrate(database.opened.raw, { migrationsDir: dir, repeatables: [file] })).toEqual([]);

    // Changed: applied again, by one of three instances starting together.
    await writeFile(file, "CREATE OR REPLACE FUNCTION test_greeting() RETURNS text LANGUAGE sql AS $$ SELECT 'welcome' $$;\n");
    const results = await Promise.all(Array.from({ length: 3 }, () => migrate(database.opened.raw, { migrationsDir: dir, repeatables: [file] })));
    expect(results.flat()).toEqual(['greeting.sql']);
    expect(await greeting()).toBe('welcome');

    // A failing change leaves the function and the record of what was applied as they were.
    await writeFile(file, "CREATE OR REPLACE FUNCTION test_greeting() RETURNS text LANGUAGE sql AS $$ SELECT 'bye' $$;\nSELECT no_such_function();\n");
    await expect(migrate(database.opened.raw, { migrationsDir: dir, repeatables: [file] })).rejects.toThrow(/greeting\.sql failed/);
    expect(await greeting()).toBe('welcome');
  });
});
