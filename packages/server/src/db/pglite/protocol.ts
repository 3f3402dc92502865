/** What the server's thread and PGlite's thread (worker.ts) say to each other. */
import type { MessagePort } from 'node:worker_threads';

export interface ThreadStart {
  /** The data directory; none for a database in memory. */
  dataDir?: string;
  /** A dumped data directory (PGlite's dumpDataDir) to start from, for an in-memory database. */
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** PGlite's parts, compiled and read once per process (thread.ts), not by every thread. */
  artifacts: PgliteArtifacts;
}

export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** pglite.data: the files Postgres needs (share/, lib/). */
  fsBundle: Uint8Array<ArrayBuffer>;
}

/**
 * To the worker: a new connection (its wire-protocol bytes go over `port`), a copy of the whole
 * data directory (a tarball, as PGlite's dumpDataDir makes it), or close the database.
 */
export type ThreadRequest = { type: 'connect'; port: MessagePort } | { type: 'dump' } | { type: 'close' };

/** From the worker. */
export type ThreadEvent = { type: 'ready' } | { type: 'dumped'; bytes: Uint8Array } | { type: 'closed'; error?: string };

/** Parts in one buffer of its own, which postMessage can move to the other thread instead of copying. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
