/**
 * The data directory lock across processes: the kernel frees it when its holder dies (kill -9), so
 * the next start takes it at once; of processes starting together, exactly one gets it; and a
 * holder in another network namespace (another container on the same volume) is seen too.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_SOCKET_FILE, lockDataDir } from '../src/db/dataDirLock';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Holder {
  child: ChildProcess;
  /** The first line it prints: "locked" or "refused: ...". */
  said: Promise<string>;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** test/support/lockHolder.ts in its own process, optionally under a command such as `unshare --net`. */
function startHolder(dataDir: string, wrapper: string[] = []): Holder {
  const args = [process.execPath, '--import', 'tsx', 'test/support/lockHolder.ts', dataDir];
  const [command, ...rest] = [...wrapper, ...args];
  const child = spawn(command!, rest, { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const said = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const line = output.split('\n')[0]!;
      if (output.includes('\n')) resolve(line);
    });
    child.stderr!.on('data', (d) => {
      output += d;
    });
    void exited.then((how) => reject(new Error(`the lock holder exited (${how}) without a word:\n${output}`)));
  });
  return { child, said, exited };
}

async function kill9(holder: Holder): Promise<void> {
  holder.child.kill('SIGKILL');
  expect(await holder.exited).toBe('SIGKILL');
}

const canUnshareNet = spawnSync('unshare', ['--net', 'true']).status === 0;

describe('the data directory lock across processes', () => {
  let dir: string;
  const holders: Holder[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rental-lock-'));
  });
  afterEach(async () => {
    for (const h of holders.splice(0)) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('is taken at once after its holder is killed with SIGKILL, whatever the old lock file says', async () => {
    const holder = startHolder(dir);
    holders.push(holder);
    expect(await holder.said).toBe('locked');
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);

    await kill9(holder);
    // What a kill -9 leaves: the socket file, and (from the old version) a lock file naming a
    // process that runs, as PID 1 does in a restarted container. Neither holds anything now.
    expect(await readdir(dir)).toContain(LOCK_SOCKET_FILE);
    await writeFile(join(dir, 'rental.lock'), String(process.pid));
    const release = await lockDataDir(dir);
    await release();
  }, 60_000);

  it('of four processes starting together, exactly one holds it', async () => {
    const racers = Array.from({ length: 4 }, () => startHolder(dir));
    holders.push(...racers);
    const said = await Promise.all(racers.map((r) => r.said));
    expect(said.filter((s) => s === 'locked')).toHaveLength(1);
    expect(said.filter((s) => s.startsWith('refused: The data directory'))).toHaveLength(3);
  }, 60_000);

  it.skipIf(!canUnshareNet)(
    'refuses a holder in another network namespace (another container on the same volume), until it dies',
    async () => {
      // The abstract socket is per network namespace; the socket file in the folder is not.
      const other = startHolder(dir, ['unshare', '--net']);
      holders.push(other);
      expect(await other.said).toBe('locked');
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
      await kill9(other);
      const release = await lockDataDir(dir);
      await release();
    },
    60_000,
  );
});
