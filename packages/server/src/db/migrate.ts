/**
 * Our own forward-only migrator over the hand-written SQL files in ./migrations (see
 * docs/decisions/sql-migrations-and-drizzle.md). Each file runs in its own transaction together
 * with its schema_migrations row, so a failing file leaves the database as it was.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inTransaction, type MigrationTarget } from './rawTransaction';

/**
 * The folder of the .sql files: beside this module when running from source (src/db/migrations),
 * and beside the bundle when running from dist (build.mjs copies them to dist/migrations).
 */
export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number fits; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 72_546_001;

export type { MigrationTarget };

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
    const didApply = await inTransaction(target, 'BEGIN', async (tx) => {
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
