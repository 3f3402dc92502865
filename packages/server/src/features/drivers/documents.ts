/**
 * A customer's documents (licence, passport, work ID, proof of address), and the slips of their bank
 * deposits, each tied to its booking (features/paymentSlips keeps their rules). Kept apart from the
 * pictures (images), whose addresses are public and cached for ever: a document is read only
 * through its own route, by its customer or staff. A photo is re-encoded as the car pictures are
 * (its EXIF, GPS position included, is dropped); a PDF is rewritten without its metadata and its
 * scripts and actions, in a thread of its own with a memory limit and a deadline (pdfClean.ts,
 * pdfWorker.ts), its turn taken fairly among customers (fairQueue.ts). An account's documents
 * together fit in its quota (DOCUMENT_QUOTA_MB, docs/decisions/106-storage-that-cannot-be-filled.md).
 */
import {
  type CustomerDocument,
  type DocumentKind,
  type DocumentStorage,
  documentsFullMessage,
  DRIVER_MESSAGES,
  MAX_FILES_PER_DOCUMENT,
  MAX_SLIPS_PER_BOOKING,
  SLIP_MESSAGES,
  type StoredDocumentKind,
} from '@rental/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { actAs } from '../../db/actor';
import { documents } from '../../db/schema';
import type { Database, Tx } from '../../db/types';
import { HttpError } from '../../http/errors';
import { processImage } from '../images';
import { FairQueue } from './fairQueue';

export const MESSAGE_PDF_LOCKED = 'This PDF is protected by a password. Please send it without the password, or a photo of the document.';

const documentColumns = { id: documents.id, kind: documents.kind, uploadedAt: documents.uploadedAt, mimeType: documents.mimeType, size: documents.size };

type StoredRow = { id: string; kind: StoredDocumentKind; uploadedAt: Date; mimeType: string; size: number };
/** A driver's document, not a deposit slip (slips belong to a booking and are listed with it). */
export const isDriverDocument = <Row extends { kind: StoredDocumentKind }>(row: Row): row is Row & { kind: DocumentKind } => row.kind !== 'payment_slip';

/** A kept file as its customer reads it: a driver's document (CustomerDocument) or a deposit slip. */
type KeptDocument<Kind extends StoredDocumentKind> = Omit<CustomerDocument, 'kind'> & { kind: Kind };

function toDocument<Kind extends StoredDocumentKind>(row: StoredRow & { kind: Kind }): KeptDocument<Kind> {
  return { _id: row.id, kind: row.kind, uploadedAt: row.uploadedAt.toISOString(), mimeType: row.mimeType, size: row.size };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** PDFs read at once (each may hold its thread's memory limit), turns taken fairly among customers. */
export const pdfQueue = new FairQueue(2);
/** A PDF that takes longer to read than this is refused (an honest scan takes well under a second). */
export const PDF_DEADLINE_MS = 20_000;
const PDF_MEMORY_MB = 256;

/** The worker's code: beside the bundle when running from dist (build.mjs), or pdfWorker.ts through tsx from source. */
function pdfWorker(bytes: Buffer): Worker {
  const options = { workerData: new Uint8Array(bytes), resourceLimits: { maxOldGenerationSizeMb: PDF_MEMORY_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pdfWorker.js', import.meta.url), options);
  const source = new URL('./pdfWorker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`, {
    ...options,
    eval: true,
  });
}

/** The PDF rewritten without its metadata and actions (pdfClean.ts), in a thread of its own, in `account`'s turn; refused in words if it cannot be. */
function cleanPdf(bytes: Buffer, account: string): Promise<Buffer> {
  return pdfQueue.run(
    account,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const worker = pdfWorker(bytes);
        const refuse = (message: string) => {
          clearTimeout(deadline);
          void worker.terminate();
          reject(new HttpError(400, message, 'document_unreadable'));
        };
        const deadline = setTimeout(() => refuse(DRIVER_MESSAGES.documentInvalid), PDF_DEADLINE_MS);
        worker.once('message', (answer: { clean?: Uint8Array; problem?: 'locked' | 'unreadable' }) => {
          if (answer.clean) {
            clearTimeout(deadline);
            void worker.terminate();
            resolve(Buffer.from(answer.clean));
          } else refuse(answer.problem === 'locked' ? MESSAGE_PDF_LOCKED : DRIVER_MESSAGES.documentInvalid);
        });
        // Out of memory, or any other end before an answer: the file is not one we can keep.
        worker.once('error', () => refuse(DRIVER_MESSAGES.documentInvalid));
        worker.once('exit', () => refuse(DRIVER_MESSAGES.documentInvalid));
      }),
  );
}

/** The bytes and type kept for an upload of `account`'s; anything that is neither a readable photo nor a PDF is refused. */
export async function cleanDocument(bytes: Buffer, account: string): Promise<{ content: Buffer; mimeType: 'image/webp' | 'application/pdf' }> {
  if (isPdf(bytes)) return { content: await cleanPdf(bytes, account), mimeType: 'application/pdf' };
  try {
    const image = await processImage(bytes, 'document');
    return { content: image.content, mimeType: 'image/webp' };
  } catch (err) {
    // The picture checks' own words speak of "a picture"; a document may also be a PDF.
    if (err instanceof HttpError && err.statusCode === 400) throw new HttpError(400, DRIVER_MESSAGES.documentInvalid, 'document_unreadable');
    throw err;
  }
}

export async function listDocuments(db: Database, userId: string): Promise<CustomerDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.userId, userId), isNull(documents.bookingId)))
    .orderBy(asc(documents.uploadedAt), asc(documents.id));
  return rows.filter(isDriverDocument).map(toDocument);
}

/** What the account's documents take of its quota (`limit`, bytes). */
export async function documentStorage(db: Database, userId: string, limit: number): Promise<DocumentStorage> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${documents.size}), 0)` })
    .from(documents)
    .where(eq(documents.userId, userId));
  return { used: Number(row?.used ?? 0), limit };
}

/** Refused (413, documents_full, with used and limit) when `fileBytes` more would not fit. */
export function checkRoomFor(storage: DocumentStorage, fileBytes: number): void {
  if (storage.used + fileBytes > storage.limit) {
    throw new HttpError(413, documentsFullMessage(storage.used, storage.limit, fileBytes), 'documents_full', { ...storage });
  }
}

/** What a deposit slip adds to keeping a document: its booking, and the booking's own checks and event in the same transaction. */
export interface SlipKeeping {
  bookingId: string;
  /** Runs after the file is kept, before the commit: refuses (the file is then not kept) or records the event. */
  inTransaction(tx: Tx, document: { id: string }): Promise<void>;
}

export async function addDocument<Kind extends StoredDocumentKind>(
  db: Database,
  userId: string,
  kind: Kind,
  file: { content: Buffer; mimeType: 'image/webp' | 'application/pdf' },
  quotaBytes: number,
  /** Who sends it, for the history (the customer, or staff at the desk). */
  actorId = userId,
  /** A deposit slip's booking (kind payment_slip); none for a driver's document. */
  slip?: SlipKeeping,
): Promise<{ document: KeptDocument<Kind>; storage: DocumentStorage }> {
  if ((kind === 'payment_slip') !== Boolean(slip)) throw new Error('a deposit slip, and only a slip, is kept with its booking');
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    // Two uploads at once must not both pass the count or the quota: they queue on the customer's row.
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
    // A driver's document: a few files of each kind; a slip: a few per booking.
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(documents)
      .where(slip ? eq(documents.bookingId, slip.bookingId) : and(eq(documents.userId, userId), eq(documents.kind, kind)));
    if (slip && n >= MAX_SLIPS_PER_BOOKING) throw new HttpError(409, SLIP_MESSAGES.tooMany, 'payment_slips_too_many');
    if (!slip && n >= MAX_FILES_PER_DOCUMENT) throw new HttpError(409, DRIVER_MESSAGES.documentTooMany);
    const storage = await documentStorage(tx, userId, quotaBytes);
    checkRoomFor(storage, file.content.length);
    const [row] = await tx
      .insert(documents)
      .values({ userId, kind, bookingId: slip?.bookingId ?? null, content: file.content, mimeType: file.mimeType, size: file.content.length })
      .returning(documentColumns);
    await slip?.inTransaction(tx, row!);
    return { document: toDocument({ ...row!, kind }), storage: { used: storage.used + file.content.length, limit: quotaBytes } };
  });
}

/** A driver's own document removed (a deposit slip is removed with its booking's rules, features/paymentSlips). */
export async function deleteDocument(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await actAs(tx, userId);
    const removed = await tx
      .delete(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, userId), isNull(documents.bookingId)))
      .returning({ id: documents.id });
    return removed.length > 0;
  });
}

/** The file, when `reader` may see it: its own customer, or staff. Anyone else learns nothing (undefined). */
export async function readDocumentFile(db: Database, reader: { id: string; role: string }, id: string) {
  const [row] = await db
    .select({ userId: documents.userId, kind: documents.kind, content: documents.content, mimeType: documents.mimeType })
    .from(documents)
    .where(eq(documents.id, id));
  if (!row || (row.userId !== reader.id && reader.role !== 'owner')) return undefined;
  return row;
}
