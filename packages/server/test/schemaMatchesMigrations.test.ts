/**
 * The migrations are hand-written SQL (docs/decisions/007-hand-written-sql-migrations.md) and
 * src/db/schema.ts is kept in step with them by hand: this holds the two together. Every table the
 * schema declares exists after the migrations, with every column of the schema, of the same type,
 * and nullable exactly when the schema says so. (Tables and columns the schema leaves out are
 * reached by SQL alone, which is allowed.)
 */
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';

interface DatabaseColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

const declaredTables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe(`the schema matches the migrations (${describeDatabase})`, () => {
  let database: TestDatabase;
  let columns: Map<string, DatabaseColumn>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const rows = await queryRows<DatabaseColumn>(
      database.db,
      sql`SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable
            FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    columns = new Map(rows.map((row) => [`${row.table}.${row.column}`, row]));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('declares the tables it should', () => {
    // A schema without tables would make the next test pass whatever the migrations say.
    expect(declaredTables.length).toBeGreaterThan(20);
  });

  it('has every declared column in the database, of its type and nullability', () => {
    const mismatches: string[] = [];
    for (const table of declaredTables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const found = columns.get(key);
        if (!found) {
          mismatches.push(`${key}: declared in schema.ts, missing from the migrations`);
          continue;
        }
        const declaredType = column.getSQLType().toLowerCase();
        if (normalType(declaredType) !== normalType(found.type)) mismatches.push(`${key}: schema.ts says ${declaredType}, the database has ${found.type}`);
        if (column.notNull === found.nullable)
          mismatches.push(
            `${key}: schema.ts says ${column.notNull ? 'not null' : 'nullable'}, the database ${found.nullable ? 'allows null' : 'refuses null'}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** Drizzle and PostgreSQL spell a few types differently; the same type either way. */
function normalType(type: string): string {
  return type
    .replace(/^timestamp\s*\(\d+\)/, 'timestamp')
    .replace(/^timestamp with time zone$/, 'timestamptz')
    .replace(/^timestamp\s+with time zone$/, 'timestamptz')
    .replace(/^character varying/, 'varchar');
}
