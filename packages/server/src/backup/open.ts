/**
 * Opens the configured database for the backup tools WITHOUT migrating it: a backup taken before
 * an upgrade must hold the old schema's data as it is, and restore chooses its own migrations.
 */
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from '../db/dataDirLock';
import type { MigrationTarget } from '../db/migrate';
import { startPgliteThread } from '../db/pglite/thread';

export interface BackupTarget {
  target: MigrationTarget;
  /** Where the data lives, for messages. */
  where: string;
  close(): Promise<void>;
}

export class NoDatabaseError extends Error {
  override name = 'NoDatabaseError';
}

export async function openBackupTarget(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: { create: boolean }): Promise<BackupTarget> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    pool.on('error', () => {});
    const where = `PostgreSQL at ${new URL(config.databaseUrl).host}${new URL(config.databaseUrl).pathname}`;
    return { target: { kind: 'postgres', pool }, where, close: () => pool.end() };
  }
  const exists = await access(join(config.dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!exists && !options.create) throw new NoDatabaseError(`There is no database in ${config.dataDir} (DATA_DIR): nothing to back up.`);
  await mkdir(config.dataDir, { recursive: true });
  // The server holds this lock while it runs: PGlite must not be opened by two processes at once.
  const unlock = await lockDataDir(config.dataDir);
  try {
    const thread = await startPgliteThread({ dataDir: config.dataDir });
    return {
      target: { kind: 'pglite', pool: thread.pool },
      where: `PGlite in ${config.dataDir}`,
      close: async () => {
        await thread.close();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}
