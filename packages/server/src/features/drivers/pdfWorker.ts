/**
 * The PDF cleaner's thread (documents.ts): a PDF's compressed parts can unpack to far more than
 * its size, so it is read here, with a memory limit and a deadline, never on the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cleanPdfBytes, LockedPdf } from './pdfClean';

const bytes = workerData as Uint8Array;
// A worker's port, not a window: there is no origin to name (the lint rule is for windows).
const port = parentPort!;
cleanPdfBytes(bytes).then(
  (clean) => port.postMessage({ clean }, [clean.buffer as ArrayBuffer]),
  // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
  (err: unknown) => port.postMessage({ problem: err instanceof LockedPdf ? 'locked' : 'unreadable' }),
);
