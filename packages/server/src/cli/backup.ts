/**
 * `npm run backup [-- <file>]`: writes every row of the configured database (PGlite in DATA_DIR or
 * PostgreSQL at DATABASE_URL) to one file. The default name ends in .jsonl.gz; a name not ending
 * in .gz is written uncompressed. The file is readable by its owner only and never holds the session
 * signing secret.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../backup/backup';
import { NoDatabaseError, openBackupTarget } from '../backup/open';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/dataDirLock';

function defaultPath(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return resolve('backups', `rental-backup-${stamp}.jsonl.gz`);
}

async function run(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const path = resolve(positionals[0] ?? defaultPath());
  let opened: Awaited<ReturnType<typeof openBackupTarget>> | undefined;
  try {
    const config = loadConfig();
    opened = await openBackupTarget(config, { create: false });
    // A new folder for backups is the owner's only, like the files in it.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const result = await writeBackup(opened.target, path);
    const summary = Object.entries(result.rows)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ');
    console.log(`Backed up ${opened.where} to ${path}\nRows: ${summary}`);
    console.log("The file is readable by you only (0600): it holds every customer's data. It holds no session secret.");
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof NoDatabaseError) {
      console.error(`Backup failed: ${err.message}`);
      return 1;
    }
    console.error('Backup failed:', err);
    return 1;
  } finally {
    await opened?.close();
  }
}

process.exitCode = await run();
