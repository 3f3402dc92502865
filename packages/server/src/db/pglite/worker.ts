/**
 * PGlite in its own thread (decision 078). Postgres compiled to WebAssembly runs each statement
 * synchronously: on the server's thread every query stopped every other request for its duration.
 * Here it runs beside the server, which reaches it as it reaches PostgreSQL: node-postgres speaking
 * the wire protocol, over a MessagePort instead of a socket (thread.ts).
 *
 * PGlite is one backend, so it serves one connection at a time; the pool on the other side holds
 * exactly one. A connection that goes away mid-transaction has it rolled back, as a server would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { joinBytes, type ThreadRequest, type ThreadStart } from './protocol';

const SSL_REQUEST = 80877103;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // 'X'

const start = workerData as ThreadStart;
// Started by thread.ts as a worker thread, never on its own: that is where its messages go.
const parent = parentPort;
if (!parent) throw new Error('The PGlite worker runs only as a worker thread (db/pglite/thread.ts starts it).');
const db = await PGlite.create(start.dataDir, {
  extensions: { btree_gist },
  pgliteWasmModule: start.artifacts.pgliteWasmModule,
  initdbWasmModule: start.artifacts.initdbWasmModule,
  fsBundle: new Blob([start.artifacts.fsBundle]),
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
});

/** The byte length of the first whole message in `buffer`, or 0 if it is not all there yet. */
function firstMessageLength(buffer: Buffer, startup: boolean): number {
  if (startup) {
    if (buffer.length < 4) return 0;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : 0;
  }
  if (buffer.length < 5) return 0;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

/**
 * Everything PGlite does, one piece after another in arrival order, whichever connection asked:
 * a connection's reset, its messages and its hang-up must never interleave with another's.
 */
let work: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const next = work.then(task);
  work = next.catch(() => {});
  return next;
}

/** The connection whose session PGlite's one backend holds now. */
let sessionOwner: MessagePort | undefined;

/**
 * A new connection gets a backend as fresh as PostgreSQL would give it: node-postgres drops a
 * connection after any failed pool.query, and the next one must not find the previous one's open
 * transaction or its prepared statements ("already exists").
 */
async function freshSession(owner: MessagePort): Promise<void> {
  await db.exec('ROLLBACK');
  await db.exec('DISCARD ALL');
  sessionOwner = owner;
}

function serve(port: MessagePort): void {
  let pending: Buffer = Buffer.alloc(0);
  let startup = true;
  let open = true;

  const hangUp = () => {
    if (!open) return;
    open = false;
    port.close();
    void inTurn(async () => {
      // What a connection left half done must not hold the next one's session.
      if (sessionOwner === port) {
        sessionOwner = undefined;
        await db.exec('ROLLBACK');
      }
    }).catch(() => {});
  };

  const run = async (incoming: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, incoming]) : incoming;
    const replies: Uint8Array[] = [];
    const reply = (data: Uint8Array) => replies.push(data.slice()); // a view of PGlite's memory
    while (startup) {
      const length = firstMessageLength(pending, true);
      if (!length) break;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      if (message.length === 8 && message.readInt32BE(4) === SSL_REQUEST) {
        replies.push(Buffer.from('N')); // no TLS between two threads of one process
        continue;
      }
      if (message.readInt32BE(4) !== PROTOCOL_3) {
        hangUp(); // a cancel request or an unknown protocol: nothing we serve
        return;
      }
      await freshSession(port);
      await db.execProtocolRawStream(message, { onRawData: reply });
      startup = false;
    }
    // Every whole message that arrived, in one call: PGlite runs its main loop until all are
    // consumed, which saves a crossing into WebAssembly per message (a query is five of them).
    let whole = 0;
    for (let length = startup ? 0 : firstMessageLength(pending, false); length; length = firstMessageLength(pending.subarray(whole), false)) {
      if (pending[whole] === TERMINATE) {
        if (whole) await db.execProtocolRawStream(pending.subarray(0, whole), { onRawData: reply });
        hangUp();
        return;
      }
      whole += length;
    }
    if (whole) {
      const messages = pending.subarray(0, whole);
      pending = pending.subarray(whole);
      await db.execProtocolRawStream(messages, { onRawData: reply });
    }
    if (replies.length && open) {
      const out = joinBytes(replies); // one reply per batch of messages
      port.postMessage(out, [out.buffer]);
    }
  };

  port.on('message', (bytes: Uint8Array) => {
    if (!open) return;
    const incoming = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    inTurn(() => run(incoming)).catch((err: unknown) => {
      // PGlite itself failed (not a statement: those are answered in the protocol).
      if (open) port.postMessage({ error: err instanceof Error ? err.message : JSON.stringify(err) });
      hangUp();
    });
  });
  port.on('close', hangUp);
}

parent.on('message', (request: ThreadRequest) => {
  if (request.type === 'connect') serve(request.port);
  else if (request.type === 'dump') {
    void inTurn(() => db.dumpDataDir('none'))
      .then((dump) => dump.arrayBuffer())
      .then((buffer: ArrayBuffer) => parent.postMessage({ type: 'dumped', bytes: new Uint8Array(buffer) }, [buffer]));
  } else if (request.type === 'close') {
    void inTurn(() => db.close()).then(
      () => parent.postMessage({ type: 'closed' }),
      (err: unknown) => parent.postMessage({ type: 'closed', error: String(err) }),
    );
  }
});
parent.postMessage({ type: 'ready' });
