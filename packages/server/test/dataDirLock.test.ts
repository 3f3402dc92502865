/** The data directory lock within one process: one holder at a time, and no file left to go stale. */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/db/dataDirLock';

describe('the data directory lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rental-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has one holder at a time, by whatever path the folder is named, and is free again once released', async () => {
    const data = join(dir, 'data');
    await mkdir(data);
    await symlink(data, join(dir, 'alias'));
    const release = await lockDataDir(data);
    await expect(lockDataDir(data)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(join(dir, 'alias'))).rejects.toThrow(/The data directory .* is in use by another process\. Stop the server first/);
    await release();
    await release();
    // Nothing is left behind in the folder.
    expect(await readdir(data)).toEqual([]);
    const again = await lockDataDir(join(dir, 'alias'));
    await again();
  });

  it('pays no attention to the old lock file, even one naming this very process (as PID 1 after a container restart)', async () => {
    // The old lock recorded a process id; a restarted container's server has the same id (1) as
    // the killed one had, so that file blocked it for ever.
    await writeFile(join(dir, 'rental.lock'), String(process.pid));
    const release = lockDataDir(dir);
    await expect(release).resolves.toBeTypeOf('function');
    await (
      await release
    )();
  });

  it('of two takers at once, exactly one wins', async () => {
    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir), lockDataDir(dir)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirInUseError);
    await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });
});
