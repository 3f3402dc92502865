/** Opens the database: PGlite in a data directory (the default) or a PostgreSQL server (DATABASE_URL). */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { type MigrateOptions, migrate } from './migrate';
import * as schema from './schema';
import type { Database } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Database;
  kind: DatabaseKind;
  /** The driver underneath, for what Drizzle does not cover (migrations, tests). */
  raw: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** Migrations applied by this open (empty when the schema was current). */
  appliedMigrations: string[];
  /** Closes the connections; PGlite must be closed to flush its data directory. */
  close(): Promise<void>;
}

export type OpenDatabaseOptions = MigrateOptions &
  (
    | { databaseUrl: string; dataDir?: undefined; inMemory?: undefined }
    | { dataDir: string; databaseUrl?: undefined; inMemory?: undefined }
    | { inMemory: true; databaseUrl?: undefined; dataDir?: undefined }
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
      const db: Database = drizzlePostgres(pool, { schema });
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
  const pgliteOptions = { extensions: { btree_gist } };
  let client: PGlite | undefined;
  try {
    client = options.dataDir ? await PGlite.create(options.dataDir, pgliteOptions) : await PGlite.create(pgliteOptions);
    const raw = { kind: 'pglite' as const, client };
    const appliedMigrations = await migrate(raw, options);
    const db: Database = drizzlePglite(client, { schema });
    const opened = client;
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
    await client?.close().catch(() => {});
    await unlock();
    throw err;
  }
}
