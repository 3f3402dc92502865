/**
 * `npm run backup`: every row of every table, read in one REPEATABLE READ transaction so the file is
 * one consistent moment of the database even while customers keep booking. Secrets (the session
 * signing secret, password reset e-mails' tokens: backup/tables.ts) are left out, and the file is readable by its owner only (0600): it holds every
 * customer's data and password hash.
 */
import type { MigrationTarget } from '../db/migrate';
import { inTransaction } from '../db/rawTransaction';
import { quoteIdent } from './connection';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, openLineWriter } from './format';
import { listTables, MIGRATIONS_TABLE, secretColumnBlanker, secretRowTest, textSelectList } from './tables';

export interface BackupResult {
  path: string;
  rows: Record<string, number>;
}

/** Rows fetched per round trip; pictures are large, so their table goes in smaller steps. */
const FETCH_ROWS = 500;
const FETCH_ROWS_WITH_BYTES = 20;

export async function writeBackup(target: MigrationTarget, path: string): Promise<BackupResult> {
  const writer = await openLineWriter(path);
  try {
    const rows = await inTransaction(target, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async (session) => {
      // Text forms of dates and times independent of the server's settings.
      await session.exec(
        "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 3",
      );
      const tables = await listTables(session);
      if (!tables.some((t) => t.name === MIGRATIONS_TABLE)) {
        throw new Error('This database has no schema yet (no schema_migrations table): there is nothing to back up.');
      }
      const migrations = (await session.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY name`)).map((r) => r.name);
      const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), source: target.kind, migrations };
      await writer.line(header);

      const counts: Record<string, number> = {};
      for (const table of tables) {
        await writer.line({ table: table.name, columns: table.columns });
        const step = table.columns.some((c) => c.type === 'bytea') ? FETCH_ROWS_WITH_BYTES : FETCH_ROWS;
        await session.exec(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${textSelectList(table.columns)} FROM ${quoteIdent(table.name)}`);
        const isSecret = secretRowTest(table.name, table.columns);
        const blank = secretColumnBlanker(table.name, table.columns);
        let count = 0;
        for (;;) {
          const batch = await session.query<Record<string, string | null>>(`FETCH FORWARD ${step} FROM backup_rows`);
          for (const row of batch) {
            const values = table.columns.map((_, i) => row[`c${i}`] ?? null);
            if (isSecret?.(values)) continue;
            await writer.line({ row: blank ? blank(values) : values });
            count += 1;
          }
          if (batch.length < step) break;
        }
        await session.exec('CLOSE backup_rows');
        counts[table.name] = count;
      }
      return counts;
    });
    await writer.finish({ end: true, rows, sha256: writer.digest() });
    return { path, rows };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}
