/**
 * PGlite is one process's database: a second process opening the same data directory (a second
 * server, or the owner tool while the server runs) would corrupt it. This lock refuses that.
 *
 * The lock is a listening Unix socket, which the kernel takes away when its process dies, however
 * it dies (kill -9, out of memory), so nothing is left to take over and no process id is compared:
 * a restarted container's server is PID 1 again and simply takes the lock. Binding is atomic: the
 * process that binds owns the lock, with no window between making it and owning it.
 *  - An abstract-namespace socket (Linux) named after the folder's real path: atomic, leaves no
 *    file. It is shared by the processes of one network namespace (a host, or one container with
 *    the tools run in it through `docker exec`).
 *  - A socket file in the folder, for processes that see the folder but not that namespace (two
 *    containers mounting one volume). A file left by a dead process answers no connection, so it
 *    is replaced; a live holder in another container answers, and the second opener is refused.
 * See docs/decisions/030-data-folder-lock.md.
 */
import { createHash } from 'node:crypto';
import { realpath, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** The socket file inside the data directory. */
export const LOCK_SOCKET_FILE = 'rental.lock.sock';
/** Longest path a Unix socket address holds (sun_path is 108 bytes with its final NUL). */
const MAX_SOCKET_PATH = 107;

function inUse(dataDir: string): DataDirInUseError {
  return new DataDirInUseError(
    `The data directory ${dataDir} is in use by another process. ` +
      'Stop the server first, or use a PostgreSQL server (DATABASE_URL) to run several processes.',
  );
}

/** The abstract socket's name: the same for every process that names the folder, by whatever path. */
export function lockName(realDir: string): string {
  return `\0waterford-rental-lock-${createHash('sha256').update(realDir).digest('hex')}`;
}

/** Listens on `path`; resolves to the server, or to the error code that refused it. */
function listen(path: string): Promise<Server | string> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'EUNKNOWN'));
    server.listen({ path, exclusive: true }, () => {
      // The lock must not keep the process alive on its own.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a live process is listening on the socket file (a connection is accepted by its kernel). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    // ECONNREFUSED: nobody listens any more; ENOENT: the file went away meanwhile. Any other
    // error (a full backlog, no permission) cannot prove the holder dead, so the folder counts as taken.
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT'));
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/**
 * The socket file in the folder; undefined when the folder cannot hold one (a path too long for a
 * socket address, a file system without sockets), in which case the abstract socket alone guards it.
 */
async function lockSocketFile(realDir: string, dataDir: string): Promise<Server | undefined> {
  const path = join(realDir, LOCK_SOCKET_FILE);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await listen(path);
    if (typeof result !== 'string') return result;
    if (result !== 'EADDRINUSE') return undefined;
    if (await answers(path)) throw inUse(dataDir);
    // Left by a process that died: remove it and bind again; if another process binds first, the
    // second attempt finds it alive and refuses.
    await rm(path, { force: true });
  }
  throw inUse(dataDir);
}

/** Takes the lock; the returned function releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const realDir = await realpath(dataDir);
  let abstract: Server | undefined;
  if (process.platform === 'linux') {
    const result = await listen(lockName(realDir));
    if (result === 'EADDRINUSE') throw inUse(dataDir);
    if (typeof result === 'string') throw new DataDirInUseError(`Could not lock the data directory ${dataDir} (${result}).`);
    abstract = result;
  }
  let file: Server | undefined;
  try {
    file = await lockSocketFile(realDir, dataDir);
  } catch (err) {
    await close(abstract);
    throw err;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Closing a listening socket file also removes it.
    await close(file);
    await close(abstract);
  };
}
