/**
 * `npm run restore -- <file> [--force]`: puts a backup back into the configured database. It must
 * be empty (a new DATA_DIR or PostgreSQL database) unless --force, which replaces everything in it.
 * Stop the server first when it runs on PGlite (the data directory is locked while it runs).
 * Backups hold no session signing secret: after a restore the server makes a new one, and everyone
 * logs in again.
 */
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupFileError } from '../backup/format';
import { openBackupTarget } from '../backup/open';
import { RestoreRefused, restoreBackup } from '../backup/restore';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';

const USAGE = 'Usage: npm run restore -- <backup file> [--force]\n  --force  replace the data of a database that is not empty';

async function run(): Promise<number> {
  let args: ReturnType<typeof parseArgs<{ allowPositionals: true; options: { force: { type: 'boolean' } } }>>;
  try {
    args = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const file = args.positionals[0];
  if (!file || args.positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const path = resolve(file);
  let opened: Awaited<ReturnType<typeof openBackupTarget>> | undefined;
  try {
    await access(path).catch(() => {
      throw new BackupFileError(`There is no file ${path}.`);
    });
    const config = loadConfig();
    opened = await openBackupTarget(config, { create: true });
    const result = await restoreBackup(opened.target, path, { force: args.values.force === true });
    const summary = Object.entries(result.rows)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    console.log(`Restored ${path} into ${opened.where}\nRows: ${summary}`);
    if (result.migratedForward.length > 0) console.log(`Then applied newer migrations: ${result.migratedForward.join(', ')}`);
    // Backups hold no signing secret: the server makes a new one when it starts.
    console.log(
      config.jwtSecret
        ? 'JWT_SECRET is set, so sessions from before the restore still work: change JWT_SECRET to end them.'
        : 'Everyone logs in again: the server makes a new session secret when it starts (restart every running server).',
    );
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof RestoreRefused || err instanceof BackupFileError) {
      console.error(`Restore failed: ${err.message}`);
      return 1;
    }
    console.error('Restore failed:', err);
    return 1;
  } finally {
    await opened?.close();
  }
}

process.exitCode = await run();
