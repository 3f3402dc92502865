/**
 * A database that outlives the process holding it, reached by its settings as the server and the
 * command-line tools reach theirs: a PGlite folder, or a new PostgreSQL database (TEST_DATABASE_URL).
 * For tests that close and reopen it, or hand it to another process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type OpenDatabaseOptions, openDatabase } from '../../src/db/open';
import { TEST_DATABASE_URL } from '../helpers';

export interface ReopenableDatabase {
  /** DATA_DIR or DATABASE_URL, for a child process. */
  env: Record<string, string>;
  open(options?: { migrationsDir?: string }): ReturnType<typeof openDatabase>;
  drop(): Promise<void>;
}

export async function createReopenableDatabase(label: string): Promise<ReopenableDatabase> {
  if (!TEST_DATABASE_URL) {
    const parent = await mkdtemp(join(tmpdir(), `rental-${label}-`));
    const dataDir = join(parent, 'data');
    return {
      env: { DATA_DIR: dataDir },
      open: (options = {}) => openDatabase({ dataDir, ...options } as OpenDatabaseOptions),
      drop: () => rm(parent, { recursive: true, force: true }),
    };
  }
  const name = `rental_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATABASE_URL: databaseUrl },
    open: (options = {}) => openDatabase({ databaseUrl, poolSize: 4, ...options } as OpenDatabaseOptions),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
