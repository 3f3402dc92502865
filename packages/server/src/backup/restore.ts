/**
 * `npm run restore -- <file>`: brings a backup back, all rows in one transaction, so a damaged file
 * or a failure half-way leaves the database exactly as it was. The session signing secret is never
 * restored (backups leave it out; an older file's copy is dropped) and a forced restore removes the
 * database's own with its other rows: the server makes a new one at its next start, and every
 * session from before the restore ends.
 * The schema is first brought to the backup's own migrations, the rows go in, and only then are
 * newer migrations applied, so an old backup's rows pass through the same migrations as live data.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MIGRATIONS_DIR, type MigrationTarget, migrate } from '../db/migrate';
import { inTransaction, type SqlSession } from '../db/rawTransaction';
import { quoteIdent } from './connection';
import { BackupFileError, type BackupHeader, readBackup, readBackupHeader } from './format';
import { type ColumnInfo, castFromJsonList, listTables, MIGRATIONS_TABLE, secretColumnBlanker, secretRowTest } from './tables';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreOptions {
  /** Empty the database's tables first instead of refusing a database that holds data. */
  force?: boolean;
  migrationsDir?: string;
}

export interface RestoreResult {
  rows: Record<string, number>;
  /** Migrations newer than the backup, applied after its rows went in. */
  migratedForward: string[];
}

const MAX_BATCH_ROWS = 500;
const MAX_BATCH_CHARS = 4_000_000;

async function appliedMigrations(target: MigrationTarget): Promise<string[]> {
  return inTransaction(target, 'BEGIN', async (session) => {
    const [{ present } = { present: false }] = await session.query<{ present: boolean }>(
      `SELECT to_regclass('public.${MIGRATIONS_TABLE}') IS NOT NULL AS present`,
    );
    if (!present) return [];
    return (await session.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`)).map((r) => r.name);
  });
}

/** Applies exactly the backup's migrations (not newer ones), from a folder holding only those files. */
async function migrateToBackupSchema(target: MigrationTarget, header: BackupHeader, migrationsDir: string): Promise<void> {
  const known = new Set((await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `This backup was made by a newer version of the server (it has migration ${unknown.join(', ')}). Update the server, then restore.`,
    );
  }
  const applied = await appliedMigrations(target);
  const newer = applied.filter((m) => !header.migrations.includes(m));
  if (newer.length > 0) {
    throw new RestoreRefused(
      `The database already has migrations the backup does not (${newer.join(', ')}). Restore into a fresh database (a new DATA_DIR or an empty PostgreSQL database) before starting the server on it.`,
    );
  }
  const only = await mkdtemp(join(tmpdir(), 'rental-restore-'));
  try {
    for (const name of header.migrations) await copyFile(join(migrationsDir, name), join(only, name));
    await migrate(target, { migrationsDir: only });
  } finally {
    await rm(only, { recursive: true, force: true });
  }
}

class TableLoader {
  private batch: string[] = [];
  private chars = 0;
  /** Rows read from the file, checked against the count its last line promises. */
  read = 0;
  /** Rows put into the database: those read, less the secrets an older backup may hold. */
  count = 0;
  constructor(
    private readonly session: SqlSession,
    private readonly insert: string,
    private readonly isSecret: ((row: readonly (string | null)[]) => boolean) | undefined,
    private readonly blank: ((row: (string | null)[]) => (string | null)[]) | undefined,
  ) {}

  async add(row: (string | null)[]) {
    this.read += 1;
    if (this.isSecret?.(row)) return;
    const json = JSON.stringify(this.blank ? this.blank(row) : row);
    this.batch.push(json);
    this.chars += json.length;
    this.count += 1;
    if (this.batch.length >= MAX_BATCH_ROWS || this.chars >= MAX_BATCH_CHARS) await this.flush();
  }

  async flush() {
    if (this.batch.length === 0) return;
    const payload = `[${this.batch.join(',')}]`;
    this.batch = [];
    this.chars = 0;
    await this.session.query(this.insert, [payload]);
  }
}

function insertStatement(table: string, backupColumns: ColumnInfo[], targetColumns: ColumnInfo[]): string {
  const targetType = new Map(targetColumns.map((c) => [c.name, c.type]));
  const missing = backupColumns.filter((c) => !targetType.has(c.name)).map((c) => c.name);
  if (missing.length > 0) throw new BackupFileError(`The backup's table ${table} has columns the database does not: ${missing.join(', ')}.`);
  // Cast to the target's types, which are the backup's own since the schema was brought to its migrations.
  const columns = backupColumns.map((c) => ({ name: c.name, type: targetType.get(c.name) ?? c.type }));
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  return `INSERT INTO ${quoteIdent(table)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${castFromJsonList(columns, 'e.r')} FROM jsonb_array_elements($1::jsonb) AS e(r)`;
}

/** Serial and identity columns continue after the restored rows instead of colliding with them. */
async function resetSequences(session: SqlSession) {
  const owned = await session.query<{ table_name: string; column_name: string; sequence: string }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS sequence
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
        AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`,
  );
  for (const s of owned) {
    const column = quoteIdent(s.column_name);
    await session.query(`SELECT setval($1, COALESCE(MAX(${column}), 1), MAX(${column}) IS NOT NULL) FROM ${quoteIdent(s.table_name)}`, [s.sequence]);
  }
}

export async function restoreBackup(target: MigrationTarget, path: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const header = await readBackupHeader(path);
  await migrateToBackupSchema(target, header, migrationsDir);

  const rows = await inTransaction(target, 'BEGIN', async (session) => {
    await session.exec("SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'");
    // The history comes back with the rows: its triggers must not record the restored rows again (migrations/0008_activity.sql).
    await session.exec("SET LOCAL rental.restoring = 'on'");
    const tables = await listTables(session);
    const dataTables = tables.filter((t) => t.name !== MIGRATIONS_TABLE);
    // A server still running on this database waits until the restore is over instead of writing in between.
    await session.exec(`LOCK TABLE ${tables.map((t) => quoteIdent(t.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`);

    const holdingData: string[] = [];
    for (const t of dataTables) {
      const [row] = await session.query<{ has_rows: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quoteIdent(t.name)}) AS has_rows`);
      if (row?.has_rows) holdingData.push(t.name);
    }
    if (holdingData.length > 0 && !options.force) {
      throw new RestoreRefused(
        `The database is not empty (${holdingData.join(', ')} hold rows). Restore into an empty database, or add --force to replace everything in it.`,
      );
    }
    if (holdingData.length > 0) await session.exec(`TRUNCATE ${dataTables.map((t) => quoteIdent(t.name)).join(', ')}`);
    // The schema is the backup's, so the backup's own rows of applied migrations replace the ones just written.
    await session.exec(`DELETE FROM ${MIGRATIONS_TABLE}`);

    const byName = new Map(tables.map((t) => [t.name, t]));
    const loaded: Record<string, number> = {};
    const read: Record<string, number> = {};
    let loader: { table: string; rows: TableLoader } | undefined;
    const finishTable = async () => {
      if (!loader) return;
      await loader.rows.flush();
      loaded[loader.table] = loader.rows.count;
      read[loader.table] = loader.rows.read;
      loader = undefined;
    };
    let sawEnd = false;
    for await (const item of readBackup(path)) {
      if ('header' in item) continue;
      if ('table' in item) {
        await finishTable();
        const table = byName.get(item.table);
        if (!table) throw new BackupFileError(`The backup holds a table the database does not have: ${item.table}.`);
        if (item.table in loaded) throw new BackupFileError(`The backup holds table ${item.table} twice: the file is damaged.`);
        const tableRows = new TableLoader(
          session,
          insertStatement(item.table, item.columns, table.columns),
          secretRowTest(item.table, item.columns),
          secretColumnBlanker(item.table, item.columns),
        );
        loader = { table: item.table, rows: tableRows };
      } else if ('row' in item) {
        if (!loader) throw new BackupFileError('The backup has a row before any table: the file is damaged.');
        if (!Array.isArray(item.row)) throw new BackupFileError('The backup has a malformed row: the file is damaged.');
        await loader.rows.add(item.row);
      } else if ('end' in item) {
        await finishTable();
        for (const [table, count] of Object.entries(item.rows)) {
          if ((read[table] ?? 0) !== count)
            throw new BackupFileError(`The backup promises ${count} rows of ${table} but holds ${read[table] ?? 0}: the file is damaged.`);
        }
        sawEnd = true;
      }
    }
    // readBackup throws on a missing end line; this guards against a future change of that.
    if (!sawEnd) throw new BackupFileError('The backup file is incomplete: nothing was restored.');
    await resetSequences(session);
    // The kept figures (derived, left out of backups; their triggers stand aside while restoring) are
    // counted afresh from the rows restored, when the backup's schema has them: the fleet report's
    // (0045) and the dashboard's (0055). An older schema gets them from its migration, which fills them.
    for (const rebuild of ['derived.fleet_figures_rebuild', 'derived.booking_figures_rebuild']) {
      const [kept] = await session.query<{ has: boolean }>(`SELECT to_regproc($1) IS NOT NULL AS has`, [rebuild]);
      if (kept?.has) await session.exec(`SELECT ${rebuild}()`);
    }
    return loaded;
  });

  const migratedForward = await migrate(target, { migrationsDir });
  return { rows, migratedForward };
}
