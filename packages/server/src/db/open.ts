/** Opens the database: PGlite in a data directory (the default) or a PostgreSQL server (DATABASE_URL). */
import { mkdir } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { type MigrateOptions, migrate } from './migrate';
import { startPgliteThread } from './pglite/thread';
import * as schema from './schema';
import type { MigrationTarget } from './rawTransaction';
import type { Database } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Database;
  kind: DatabaseKind;
  /**
   * The driver underneath, for what Drizzle does not cover (migrations, backups, tests): a
   * node-postgres pool on both, PGlite's being one connection to its thread (decision 078).
   */
  raw: MigrationTarget;
  /** Migrations applied by this open (empty when the schema was current). */
  appliedMigrations: string[];
  /** Closes the connections; PGlite must be closed to flush its data directory. */
  close(): Promise<void>;
}

export type OpenDatabaseOptions = MigrateOptions &
  (
    | { databaseUrl: string; dataDir?: undefined; inMemory?: undefined }
    | { dataDir: string; databaseUrl?: undefined; inMemory?: undefined }
    | { inMemory: true; databaseUrl?: undefined; dataDir?: undefined; loadDataDir?: Uint8Array<ArrayBuffer> }
  ) & {
    /** Connections in the pool (PostgreSQL only). */
    poolSize?: number;
  };

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server must not crash the process.
    pool.on('error', () => {});
    try {
      const raw = { kind: 'postgres' as const, pool };
      const appliedMigrations = await migrate(raw, options);
      const db: Database = drizzle(pool, { schema });
      return { db, kind: 'postgres', raw, appliedMigrations, close: () => pool.end() };
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
  }

  let unlock = async () => {};
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  let thread: Awaited<ReturnType<typeof startPgliteThread>> | undefined;
  try {
    thread = await startPgliteThread(options.dataDir ? { dataDir: options.dataDir } : { loadDataDir: options.inMemory ? options.loadDataDir : undefined });
    const raw = { kind: 'pglite' as const, pool: thread.pool };
    const appliedMigrations = await migrate(raw, options);
    const db: Database = drizzle(thread.pool, { schema });
    const opened = thread;
    return {
      db,
      kind: 'pglite',
      raw,
      appliedMigrations,
      close: async () => {
        await opened.close();
        await unlock();
      },
    };
  } catch (err) {
    await thread?.close().catch(() => {});
    await unlock();
    throw err;
  }
}
