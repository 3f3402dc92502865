/**
 * A freshly migrated PGlite database kept as a file, made once per test run (globalSnapshot.ts) and
 * loaded by every new in-memory test database: loading it takes about 0.4 s of CPU where creating
 * a database (initdb) and migrating it takes about 2 s, and a run makes dozens of them.
 * Without the file (a single file run through another config, the web tests' server), tests make
 * their databases the usual way.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from '../../src/db/migrate';
import type { OpenedDatabase } from '../../src/db/open';
import * as schema from '../../src/db/schema';
import type { Database } from '../../src/db/types';

/** Where the snapshot is, for the test workers (set by the global setup). */
export const SNAPSHOT_ENV = 'RENTAL_TEST_PGLITE_SNAPSHOT';

const pgliteOptions = { extensions: { btree_gist } };

/** Writes the snapshot of a database with every migration applied (and which ones, beside it). */
export async function makeSnapshot(path: string): Promise<void> {
  const client = await PGlite.create(pgliteOptions);
  try {
    const applied = await migrate({ kind: 'pglite', client });
    const dump = await client.dumpDataDir('none');
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
    await writeFile(`${path}.json`, JSON.stringify(applied));
  } finally {
    await client.close();
  }
}

/** A new in-memory database from the snapshot, as openDatabase({ inMemory: true }) would give; undefined without one. */
export async function openFromSnapshot(): Promise<OpenedDatabase | undefined> {
  const path = process.env[SNAPSHOT_ENV];
  if (!path) return undefined;
  const [bytes, applied] = await Promise.all([readFile(path), readFile(`${path}.json`, 'utf8')]).catch(() => [undefined, undefined] as const);
  if (!bytes || !applied) return undefined;
  const client = await PGlite.create({ ...pgliteOptions, loadDataDir: new Blob([new Uint8Array(bytes)]) });
  try {
    const raw = { kind: 'pglite' as const, client };
    // Nothing to apply unless a migration was added after the snapshot was made.
    const appliedNow = await migrate(raw);
    const db: Database = drizzle(client, { schema });
    return { db, kind: 'pglite', raw, appliedMigrations: [...(JSON.parse(applied) as string[]), ...appliedNow], close: () => client.close() };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}
