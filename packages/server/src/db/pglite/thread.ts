/**
 * The server's side of PGlite's thread (worker.ts, decision 078): starts the worker and gives a
 * node-postgres pool whose one connection is a MessagePort to it, so Drizzle, the migrator and the
 * backup tools use PGlite exactly as they use PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import pg from 'pg';
import { joinBytes, type PgliteArtifacts, type ThreadEvent, type ThreadRequest, type ThreadStart } from './protocol';

/** A wire-protocol connection to the worker, shaped like the socket node-postgres expects. */
class ThreadConnection extends Duplex {
  #port: MessagePort | undefined;

  constructor(
    private readonly worker: Worker,
    /** Why the thread is gone, if it is: a connection to it would wait for an answer forever. */
    private readonly stopped: () => Error | undefined,
  ) {
    super();
  }

  connect(): this {
    const stopped = this.stopped();
    if (stopped) {
      process.nextTick(() => this.destroy(stopped));
      return this;
    }
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.on('message', (reply: Uint8Array | { error: string }) => {
      if (reply instanceof Uint8Array) this.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
      else this.destroy(new Error(`PGlite: ${reply.error}`));
    });
    port1.on('close', () => this.destroy());
    this.worker.postMessage({ type: 'connect', port: port2 } satisfies ThreadRequest, [port2]);
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this._writev([{ chunk }], done);
  }

  // node-postgres corks the socket around a query's messages (parse, bind, describe, execute,
  // sync): one postMessage for all of them, where each is a wake-up of the other thread.
  override _writev(chunks: Array<{ chunk: Buffer }>, done: (error?: Error | null) => void): void {
    const bytes = joinBytes(chunks.map(({ chunk }) => chunk)); // a copy of its own, moved to the worker
    this.#port?.postMessage(bytes, [bytes.buffer]);
    done();
  }

  override _read(): void {}

  override _final(done: (error?: Error | null) => void): void {
    this.#port?.close();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#port?.close();
    done(error);
  }

  // What node-postgres calls on a socket; a port has no Nagle and nothing to keep alive.
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    this.#port?.ref();
    return this;
  }
  unref(): this {
    this.#port?.unref();
    return this;
  }
}

export interface PgliteThread {
  /** node-postgres pool of one connection: PGlite is one backend. */
  pool: pg.Pool;
  /** The whole data directory as a tarball (for the tests' migrated snapshot). */
  dump(): Promise<Uint8Array>;
  /** Closes the pool, then PGlite (which writes its data directory), then the thread. */
  close(): Promise<void>;
}

let artifacts: Promise<PgliteArtifacts> | undefined;
/**
 * Compiling Postgres's WebAssembly is most of a start (about a second); a compiled module can be
 * handed to any number of threads, so a process compiles it once (the tests open dozens).
 */
function pgliteArtifacts(): Promise<PgliteArtifacts> {
  return (artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'initdb.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(fsBundle) };
  })());
}

/**
 * The worker's code: beside the bundle when running from dist (build.mjs), or this folder's
 * worker.ts when running from source (the tests), loaded through tsx since Node 20 runs no TypeScript.
 */
function newWorker(start: ThreadStart): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pgliteWorker.js', import.meta.url), { workerData: start });
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`, {
    eval: true,
    workerData: start,
  });
}

const threadStopped = (code: number) => new Error(`PGlite's thread stopped (exit code ${code})`);

function nextEvent(worker: Worker): Promise<ThreadEvent> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: ThreadEvent) => {
      cleanUp();
      resolve(event);
    };
    const onError = (err: Error) => {
      cleanUp();
      reject(err);
    };
    const onExit = (code: number) => {
      cleanUp();
      reject(threadStopped(code));
    };
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

export async function startPgliteThread(database: Omit<ThreadStart, 'artifacts'>): Promise<PgliteThread> {
  const worker = newWorker({ ...database, artifacts: await pgliteArtifacts() });
  try {
    await nextEvent(worker);
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  // The thread must not keep a finished process alive; close() holds it while PGlite writes.
  worker.unref();
  let stopped: Error | undefined;
  worker.once('exit', (code) => {
    stopped = threadStopped(code);
  });
  const pool = new pg.Pool({
    // PGlite's only role and database; a role it does not know ends its backend (exit(1)).
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    stream: () => new ThreadConnection(worker, () => stopped),
  });
  pool.on('error', () => {});
  let closing: Promise<void> | undefined;
  return {
    pool,
    dump: async () => {
      worker.ref();
      try {
        const dumped = nextEvent(worker);
        worker.postMessage({ type: 'dump' } satisfies ThreadRequest);
        const event = await dumped;
        if (event.type !== 'dumped') throw new Error(`PGlite's thread answered ${event.type} to a dump`);
        return event.bytes;
      } finally {
        worker.unref();
      }
    },
    close: () =>
      (closing ??= (async () => {
        worker.ref();
        try {
          await pool.end();
          const closed = nextEvent(worker);
          worker.postMessage({ type: 'close' } satisfies ThreadRequest);
          const event = await closed;
          if (event.type === 'closed' && event.error) throw new Error(`PGlite did not close cleanly: ${event.error}`);
        } finally {
          await worker.terminate();
        }
      })()),
  };
}
