/**
 * Our own forward-only migrator over the hand-written SQL files in ./migrations (see
 * docs/decisions/sql-migrations-and-drizzle.md). Each file runs in its own transaction together
 * with its schema_migrations row, so a failing file leaves the database as it was.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

/**
 * The folder of the .sql files: beside this module when running from source (src/db/migrations),
 * and beside the bundle when running from dist (build.mjs copies them to dist/migrations).
 */
export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number fits; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 72_546_001;

interface MigrationTx {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

export type MigrationTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool };

async function inTransaction<T>(target: MigrationTarget, work: (tx: MigrationTx) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') {
    return target.client.transaction((tx) =>
      work({
        exec: async (sql) => {
          await tx.exec(sql);
        },
        query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
      }),
    );
  }
  const client = await target.pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({
      exec: async (sql) => {
        // No parameters: pg uses the simple protocol, which accepts several statements.
        await client.query(sql);
      },
      query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
    });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export interface MigrateOptions {
  migrationsDir?: string;
}

/** Applies every migration not applied yet, in file-name order; returns the names it applied. */
export async function migrate(target: MigrationTarget, options: MigrateOptions = {}): Promise<string[]> {
  const dir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = await readFile(join(dir, name), 'utf8');
    const didApply = await inTransaction(target, async (tx) => {
      // Two instances starting together: the second waits here, then sees the file as applied.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = await tx.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (err) {
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}
