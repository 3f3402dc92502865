/**
 * A process that takes the data directory lock (argv[2]) and holds it until killed; it prints
 * "locked" or "refused: <message>" once. Run with `node --import tsx`.
 */
import { DataDirInUseError, lockDataDir } from '../../src/db/dataDirLock';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lockHolder.ts <data dir>');
try {
  await lockDataDir(dataDir);
  console.log('locked');
  // The lock does not keep a process alive by itself (it is unref'd); this does, until killed.
  setInterval(() => {}, 1 << 30);
} catch (err) {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.log(`refused: ${err.message}`);
}
