/** Vitest global setup: one migrated PGlite snapshot for the whole run (see pgliteSnapshot.ts). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSnapshot, SNAPSHOT_ENV } from './pgliteSnapshot';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'rental-test-snapshot-'));
  const path = join(dir, 'migrated.tar');
  await makeSnapshot(path);
  // The test workers start after this and inherit the environment.
  process.env[SNAPSHOT_ENV] = path;
  return async () => {
    delete process.env[SNAPSHOT_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
