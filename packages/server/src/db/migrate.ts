/**
 * Our own forward-only migrator over the hand-written SQL files in ./migrations (see
 * docs/decisions/sql-migrations-and-drizzle.md). Each file runs in its own transaction together
 * with its schema_migrations row, so a failing file leaves the database as it was.
 *
 * Then the repeatable files (Flyway's R__ files): SQL that defines functions, kept beside the feature
 * it belongs to and applied again whenever its text changes (its checksum is kept in
 * derived.repeatable_sql, a schema backups leave out, so a restored database gets the file anew).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inTransaction, type MigrationTarget } from './rawTransaction';

/**
 * The folder of the .sql files: beside this module when running from source (src/db/migrations),
 * and beside the bundle when running from dist (build.mjs copies them to dist/migrations).
 */
export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The repeatable files, by their place under src/, applied in this order after the numbered ones.
 * From dist they are read from dist/repeatable (build.mjs copies them there).
 */
const REPEATABLE_FILES = ['features/bookings/bookCar.sql'];

function repeatablePath(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const inSource = join(here, '..', file);
  return existsSync(inSource) ? inSource : join(here, 'repeatable', basename(file));
}

export const DEFAULT_REPEATABLES: readonly string[] = REPEATABLE_FILES.map(repeatablePath);

/** Any number fits; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 72_546_001;

export type { MigrationTarget };

export interface MigrateOptions {
  migrationsDir?: string;
  /**
   * Repeatable files to apply after the numbered ones: by default the app's own, when the numbered
   * files are the app's own too (a test's or a restore's own folder of migrations gets none).
   */
  repeatables?: readonly string[];
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
      await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const done = await tx.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (err) {
        throw new Error(`Migration ${name} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  const repeatables = options.repeatables ?? (dir === DEFAULT_MIGRATIONS_DIR ? DEFAULT_REPEATABLES : []);
  for (const path of repeatables) {
    if (await applyRepeatable(target, path)) applied.push(basename(path));
  }
  return applied;
}

/** Applies a repeatable file if its text is not the one applied last; true when it did. */
async function applyRepeatable(target: MigrationTarget, path: string): Promise<boolean> {
  const name = basename(path);
  const sql = await readFile(path, 'utf8');
  const checksum = createHash('sha256').update(sql).digest('hex');
  return inTransaction(target, 'BEGIN', async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec('CREATE SCHEMA IF NOT EXISTS derived');
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS derived.repeatable_sql (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const [done] = await tx.query<{ checksum: string }>('SELECT checksum FROM derived.repeatable_sql WHERE name = $1', [name]);
    if (done?.checksum === checksum) return false;
    try {
      await tx.exec(sql);
    } catch (err) {
      throw new Error(`Repeatable file ${name} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    await tx.query(
      'INSERT INTO derived.repeatable_sql (name, checksum) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()',
      [name, checksum],
    );
    return true;
  });
}
