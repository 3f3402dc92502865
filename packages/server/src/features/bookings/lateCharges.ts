/**
 * Tolls and tickets after the return (docs/decisions/119-tolls-and-tickets-after-the-return.md): a
 * folio line of the toll or fine passed through at cost (no GCT: the company collects it for the
 * toll operator or the state, it sells nothing), its day, plaza or ticket number and the scan of
 * the record, kept beside the line in late_charges. Written here, as every folio line is; the scan
 * arrives already cleaned (features/lateCharges reads the upload and cleans it with the drivers'
 * document cleaning). One Idempotency-Key makes one charge: a second send answers the first.
 */
import { createHash } from 'node:crypto';
import {
  type Folio,
  type LateCharge,
  type LateChargeFields,
  LATE_CHARGE_MESSAGES,
  LATE_CHARGE_REFUSALS,
  type LateChargeRefusal,
  lateChargeLabel,
  MESSAGES,
} from '@rental/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { bookings, lateCharges } from '../../db/schema';
import { type Database, queryRows, type Tx } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';
import { chargesAdded, folioTotalsOf, lockBooking, readFolio } from './folio';

const STATUS: Record<LateChargeRefusal, number> = {
  late_charge_not_returned: 409,
  late_charge_kind_unknown: 400,
  late_charge_amount_not_positive: 400,
  late_charge_scan_needed: 400,
  late_charge_scan_too_large: 413,
  late_charge_key_reused: 422,
};
export const refuseLateCharge = (code: LateChargeRefusal) => new HttpError(STATUS[code], LATE_CHARGE_REFUSALS[code], code);

/** The scan as it is kept: a photo re-encoded to WebP or a PDF rewritten, without metadata. */
export interface CleanScan {
  content: Buffer;
  mimeType: 'image/webp' | 'application/pdf';
}

export interface LateChargeAdded {
  lateCharge: LateCharge;
  folio: Folio;
  /** The same Idempotency-Key was sent before: nothing was added, the first charge is answered. */
  replayed: boolean;
}

const columns = {
  id: lateCharges.id,
  kind: lateCharges.kind,
  offenceDate: lateCharges.offenceDate,
  amount: lateCharges.amount,
  description: lateCharges.description,
  lineId: lateCharges.lineId,
  scanType: lateCharges.scanType,
  createdAt: lateCharges.createdAt,
};
interface Row {
  id: string;
  kind: LateCharge['kind'];
  offenceDate: string;
  amount: number;
  description: string;
  lineId: string;
  scanType: 'image/webp' | 'application/pdf' | null;
  createdAt: Date;
}

const toLateCharge = (row: Row): LateCharge => ({
  ...row,
  scanUrl: row.scanType ? `/api/late-charges/${row.id}/scan` : null,
  createdAt: row.createdAt.toISOString(),
});

/** What the charge is, for the key: the same key with other fields is another charge (422). */
const hashOf = (fields: LateChargeFields) =>
  createHash('sha256')
    .update(JSON.stringify([fields.kind, fields.offenceDate, fields.amount, fields.description]))
    .digest('hex');

/** Refused before the form is read (a PDF's cleaning takes a thread): no such booking, or not returned. Checked again under the lock. */
export async function checkLateChargeWanted(db: Database, bookingId: unknown): Promise<void> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, MESSAGES.bookingNotFound);
  if (booking.status !== 'returned') throw refuseLateCharge('late_charge_not_returned');
}

/** Adds a toll or ticket to a returned booking's folio, with its scan; the customer's letter is made from its event. */
export async function addLateCharge(
  db: Database,
  events: EventLog,
  actorId: string,
  bookingId: unknown,
  fields: LateChargeFields,
  scan: CleanScan,
  key?: string,
): Promise<LateChargeAdded> {
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    // Two sends of one form queue here: the second then finds the first's key.
    const booking = await lockBooking(tx, bookingId);
    if (key) {
      const [earlier] = await tx
        .select({ ...columns, requestHash: lateCharges.requestHash })
        .from(lateCharges)
        .where(and(eq(lateCharges.bookingId, booking.id), eq(lateCharges.requestKey, key)));
      if (earlier) {
        if (earlier.requestHash !== hashOf(fields)) throw refuseLateCharge('late_charge_key_reused');
        const { requestHash: _hash, ...row } = earlier;
        return { lateCharge: toLateCharge(row), folio: await readFolio(tx, null, booking.id), replayed: true };
      }
    }
    if (booking.status !== 'returned') throw refuseLateCharge('late_charge_not_returned');
    const label = lateChargeLabel(fields.kind, fields.description, fields.offenceDate);
    const [line] = await queryRows<{ id: string }>(tx, chargesAdded(booking.id, [{ kind: fields.kind, label, amount: fields.amount, gct: 0, by: actorId }]));
    if (!line) throw new Error('An INSERT ... RETURNING answered no row');
    const [row] = await tx
      .insert(lateCharges)
      .values({
        bookingId: booking.id,
        lineId: line.id,
        kind: fields.kind,
        offenceDate: fields.offenceDate,
        amount: fields.amount,
        description: fields.description,
        scan: scan.content,
        scanType: scan.mimeType,
        requestKey: key ?? null,
        requestHash: key ? hashOf(fields) : null,
        createdBy: actorId,
      })
      .returning(columns);
    if (!row) throw new Error('An INSERT ... RETURNING answered no row');
    const { balance } = await folioTotalsOf(tx, booking.id);
    await events.record(tx, [
      {
        kind: 'charge_added',
        bookingId: booking.id,
        actorId,
        data: {
          lineKind: fields.kind,
          label,
          amount: fields.amount,
          gct: 0,
          balance,
          late: { lateChargeId: row.id, kind: fields.kind, offenceDate: fields.offenceDate, description: fields.description, scan: true },
        },
      },
    ]);
    return { lateCharge: toLateCharge(row), folio: await readFolio(tx, null, booking.id), replayed: false };
  });
}

/** Who asks: the booking's customer, or staff (role owner). */
export interface LateChargeReader {
  id: string;
  role: string;
}

/** The booking's tolls and tickets, oldest first; someone else's booking is not found. */
export async function listLateCharges(db: Database, reader: LateChargeReader, bookingId: unknown): Promise<LateCharge[]> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [booking] = await db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || (reader.role !== 'owner' && reader.id !== booking.userId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const rows = await db.select(columns).from(lateCharges).where(eq(lateCharges.bookingId, bookingId)).orderBy(asc(lateCharges.createdAt), asc(lateCharges.id));
  return rows.map(toLateCharge);
}

/** A scan, to the booking's customer or staff; anyone else (or an erased scan) is told it does not exist. */
export async function readLateChargeScan(db: Database, reader: LateChargeReader, id: unknown): Promise<{ content: Buffer; mimeType: string; kind: string }> {
  const notFound = new HttpError(404, LATE_CHARGE_MESSAGES.scanNotFound);
  if (!isId(id)) throw notFound;
  const [row] = await db
    .select({ userId: bookings.userId, scan: lateCharges.scan, scanType: lateCharges.scanType, kind: lateCharges.kind })
    .from(lateCharges)
    .innerJoin(bookings, eq(bookings.id, lateCharges.bookingId))
    .where(eq(lateCharges.id, id));
  if (!row || !row.scan || !row.scanType || (reader.role !== 'owner' && reader.id !== row.userId)) throw notFound;
  return { content: row.scan, mimeType: row.scanType, kind: row.kind };
}

/**
 * An erased customer's scans go (the charge, its day and amount stay in the books); the plaza or
 * ticket number is scrubbed of their words as the folio's labels are. In the erasure's transaction.
 */
export async function eraseLateChargeScans(tx: Tx, bookingIds: readonly string[], scrub: (text: string) => string): Promise<void> {
  if (bookingIds.length === 0) return;
  const rows = await tx
    .update(lateCharges)
    .set({ scan: null, scanType: null, scanErasedAt: sql`coalesce(${lateCharges.scanErasedAt}, now())` })
    .where(inArray(lateCharges.bookingId, [...bookingIds]))
    .returning({ id: lateCharges.id, description: lateCharges.description });
  for (const row of rows) {
    const description = scrub(row.description);
    if (description !== row.description) await tx.update(lateCharges).set({ description }).where(eq(lateCharges.id, row.id));
  }
}
