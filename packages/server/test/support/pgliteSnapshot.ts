/**
 * A freshly migrated PGlite database kept as a file, made once per test run (globalSnapshot.ts) and
 * loaded by every new in-memory test database: loading it takes about 0.4 s of CPU where creating
 * a database (initdb) and migrating it takes about 2 s, and a run makes dozens of them.
 * Without the file (a single file run through another config, the web tests' server), tests make
 * their databases the usual way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { migrate } from '../../src/db/migrate';
import { type OpenedDatabase, openDatabase } from '../../src/db/open';
import { startPgliteThread } from '../../src/db/pglite/thread';

/** Where the snapshot is, for the test workers (set by the global setup). */
export const SNAPSHOT_ENV = 'RENTAL_TEST_PGLITE_SNAPSHOT';

/** Writes the snapshot of a database with every migration applied (and which ones, beside it). */
export async function makeSnapshot(path: string): Promise<void> {
  const thread = await startPgliteThread({});
  try {
    const applied = await migrate({ kind: 'pglite', pool: thread.pool });
    await writeFile(path, await thread.dump());
    await writeFile(`${path}.json`, JSON.stringify(applied));
  } finally {
    await thread.close();
  }
}

/** A new in-memory database from the snapshot, as openDatabase({ inMemory: true }) would give; undefined without one. */
export async function openFromSnapshot(): Promise<OpenedDatabase | undefined> {
  const path = process.env[SNAPSHOT_ENV];
  if (!path) return undefined;
  const [bytes, applied] = await Promise.all([readFile(path), readFile(`${path}.json`, 'utf8')]).catch(() => [undefined, undefined] as const);
  if (!bytes || !applied) return undefined;
  // Nothing to apply unless a migration was added after the snapshot was made.
  const opened = await openDatabase({ inMemory: true, loadDataDir: new Uint8Array(bytes) });
  return { ...opened, appliedMigrations: [...(JSON.parse(applied) as string[]), ...opened.appliedMigrations] };
}
