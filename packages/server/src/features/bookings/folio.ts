/**
 * The folio (docs/decisions/099-the-folio-and-the-booking-life.md): a booking's charges, payments and refunds, one line
 * each, never edited. This module is the only code that writes them; the database writes the
 * quote's own lines as the booking is made, changed, cancelled or re-opened (0024_folio.sql) and
 * derives bookings.payment_status from the sums. Other features (the card payments, the counter)
 * record money through the functions below, inside their own transaction, with the booking locked.
 */
import {
  type CompanySettings,
  type FolioChargeBody,
  type FolioLineKind,
  type FolioMethod,
  type FolioPaymentBody,
  type FolioRefundBody,
  type Folio,
  type FolioLine,
  type FolioPayment,
  folioTotals,
  type FolioTotals,
  FOLIO_METHOD_OF,
  gctOn,
  MESSAGES,
  type PaymentMethod,
  paymentStatusOf,
  refundableOf,
  refundPlan,
  type RefundPlan,
  REFUSAL_CODES,
  settleDeposit,
  DEPOSIT_KEPT_REFERENCE,
} from '@rental/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { bookings, folioLines, folioPayments, rentals } from '../../db/schema';
import { type Database, queryRows, raisedReason, readTogether } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import type { EventLog, RecordedEvent } from '../../events';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

export interface FolioReader {
  id: string;
  role: string;
}

/** The sums of a booking's folio (one query), for rules that need the balance. */
export async function folioTotalsOf(db: Reader, bookingId: string): Promise<FolioTotals> {
  const [row] = await queryRows<{ charged: string; gct: string; paid: string; refunded: string }>(
    db,
    sql`SELECT (SELECT coalesce(sum(amount + gct), 0) FROM folio_lines WHERE booking_id = ${bookingId}) AS charged,
               (SELECT coalesce(sum(gct), 0) FROM folio_lines WHERE booking_id = ${bookingId}) AS gct,
               (SELECT coalesce(sum(amount), 0) FROM folio_payments WHERE booking_id = ${bookingId} AND kind = 'payment') AS paid,
               (SELECT coalesce(sum(amount), 0) FROM folio_payments WHERE booking_id = ${bookingId} AND kind = 'refund') AS refunded`,
  );
  const charged = Number(row!.charged);
  const paid = Number(row!.paid);
  const refunded = Number(row!.refunded);
  return { charged, gct: Number(row!.gct), paid, refunded, balance: charged - paid + refunded };
}

/** A folio's rows as the database gives them in JSON (times as text). */
export type StoredLine = Omit<FolioLine, 'createdAt' | 'voided'> & { createdAt: string; voidsLineId: string | null; seq: number };
export type StoredPayment = Omit<FolioPayment, 'createdAt'> & { createdAt: string; seq: number };
export interface StoredDeposit {
  held: number;
  returned: number | null;
  kept: number | null;
}

/** The whole folio of a booking, for its customer or staff (404 for anyone else). */
export async function readFolio(db: Reader, reader: FolioReader | null, bookingId: unknown): Promise<Folio> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [booking] = await db.select({ userId: bookings.userId, reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || (reader && reader.role !== 'owner' && reader.id !== booking.userId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  return folioOf(db, bookingId, booking.reference);
}

/** A folio's rows as one statement reads them: its lines, its payments and the rental's deposit. */
export interface FolioRows {
  lines: StoredLine[];
  payments: StoredPayment[];
  deposit: StoredDeposit | null;
}

/**
 * The folio of a booking its caller has locked and read already (the counter, inside its
 * transaction): the reference and the company's settings are not read again.
 */
export async function folioOf(db: Reader, bookingId: string, reference: string, company?: CompanySettings): Promise<Folio> {
  const rows = await folioRowsOf(db, bookingId);
  return folioFrom(rows, bookingId, reference, company ?? (await getCompanySettings(db)));
}

/** The payment columns as a folio reads them (the payment kept from a deposit is answered so too). */
export const PAYMENT_COLUMNS = sql.raw(
  `id, kind, method, amount, reference, note, created_at AS "createdAt", (SELECT name FROM users WHERE id = created_by) AS by, seq`,
);

/** The line columns as a folio reads them (the lines a statement adds are answered so too). */
export const LINE_COLUMNS = sql.raw(
  `id, kind, label, amount, gct, created_at AS "createdAt", (SELECT name FROM users WHERE id = created_by) AS by, voids_line_id AS "voidsLineId", reason, seq`,
);

/** The body of a data-modifying WITH that adds charges to a folio, answering the lines it made. */
export function chargesAdded(bookingId: string, charges: readonly Charge[]): SQL {
  return sql`INSERT INTO folio_lines (booking_id, kind, label, amount, gct, created_by)
    SELECT "bookingId", kind, label, amount, gct, "createdBy"
      FROM jsonb_to_recordset(${JSON.stringify(chargeRows(bookingId, charges))}::jsonb)
        AS c("bookingId" uuid, kind text, label text, amount integer, gct integer, "createdBy" uuid)
    RETURNING *`;
}

/**
 * The folio's rows in one statement. With `charges`, the same statement adds them first (a
 * data-modifying WITH), and the lines read include them: the charges and the folio the receipt
 * prints cost one round trip, not two.
 */
export async function folioRowsOf(db: Reader, bookingId: string, charges: readonly Charge[] = []): Promise<FolioRows> {
  const adding = chargeRows(bookingId, charges).length > 0;
  const lines = adding
    ? sql`SELECT * FROM folio_lines WHERE booking_id = ${bookingId} UNION ALL SELECT * FROM added`
    : sql`SELECT * FROM folio_lines WHERE booking_id = ${bookingId}`;
  const [row] = await queryRows<FolioRows>(
    db,
    sql`${adding ? sql`WITH added AS (${chargesAdded(bookingId, charges)})` : sql``}
        SELECT
          (SELECT coalesce(json_agg(l ORDER BY l.seq), '[]') FROM (SELECT ${LINE_COLUMNS} FROM (${lines}) line) l) AS lines,
          (SELECT coalesce(json_agg(p ORDER BY p.seq), '[]') FROM (
             SELECT ${PAYMENT_COLUMNS} FROM folio_payments WHERE booking_id = ${bookingId}) p) AS payments,
          (SELECT json_build_object('held', deposit_amount, 'returned', deposit_refunded, 'kept', deposit_kept)
             FROM rentals WHERE booking_id = ${bookingId}) AS deposit`,
  );
  if (!row) throw new Error('A SELECT with no FROM answered no row');
  return row;
}

/** The folio its rows make: the totals and the payment state are worked out here, from the lines. */
export function folioFrom(rows: FolioRows, bookingId: string, reference: string, company: CompanySettings): Folio {
  const lines = rows.lines.map(({ seq: _seq, ...line }) => line);
  const voided = new Set(lines.map((line) => line.voidsLineId).filter((id): id is string => id !== null));
  const held = rows.deposit;
  return assemble(
    { bookingId, reference, currency: company.currency },
    lines.map((line) => ({ ...line, createdAt: new Date(line.createdAt).toISOString(), voided: voided.has(line.id) })),
    rows.payments.map(paymentOf),
    held ? { held: held.held, returned: held.returned ?? 0, kept: held.kept ?? 0 } : { held: 0, returned: 0, kept: 0 },
  );
}

/** The folio with a payment just recorded in it (recordMoney's answer), without reading it again. */
export function folioWithPayment(folio: Folio, payment: StoredPayment): Folio {
  return assemble(folio, folio.lines, [...folio.payments, paymentOf(payment)], folio.deposit);
}

const paymentOf = ({ seq: _seq, ...payment }: StoredPayment): FolioPayment => ({ ...payment, createdAt: new Date(payment.createdAt).toISOString() });

function assemble(of: Pick<Folio, 'bookingId' | 'reference' | 'currency'>, lines: Folio['lines'], payments: FolioPayment[], deposit: Folio['deposit']): Folio {
  const totals = folioTotals({ lines, payments });
  return { bookingId: of.bookingId, reference: of.reference, currency: of.currency, lines, payments, totals, paymentStatus: paymentStatusOf(totals), deposit };
}

/** Locks the booking's row (the usual order: booking first), 404 when there is none. */
export async function lockBooking(tx: Tx, bookingId: unknown): Promise<{ id: string; userId: string; paymentMethod: PaymentMethod; status: string }> {
  if (!isId(bookingId)) throw new HttpError(404, MESSAGES.bookingNotFound);
  const [row] = await tx
    .select({ id: bookings.id, userId: bookings.userId, paymentMethod: bookings.paymentMethod, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .for('update');
  if (!row) throw new HttpError(404, MESSAGES.bookingNotFound);
  return row;
}

export interface MoneyMoved {
  kind: 'payment' | 'refund';
  method: FolioMethod;
  amount: number;
  reference?: string;
  note?: string;
  /** A card payment's attempt: the database records one payment per attempt. */
  attemptId?: string;
  by: string | null;
}

/** Records money received or given back, in the caller's transaction (the booking locked); answers the payment as the folio reads it. */
export async function recordMoney(tx: Tx, bookingId: string, money: MoneyMoved): Promise<StoredPayment> {
  if (!Number.isInteger(money.amount) || money.amount <= 0) throw new Error(`A folio payment must be a whole positive amount, not ${money.amount}.`);
  if (money.kind === 'refund') {
    const totals = await folioTotalsOf(tx, bookingId);
    if (money.amount > refundableOf(totals)) throw new HttpError(409, REFUSAL_CODES.refund_too_much, 'refund_too_much');
  }
  const [row] = await queryRows<{ payment: StoredPayment }>(
    tx,
    sql`WITH made AS (
          INSERT INTO folio_payments (booking_id, kind, method, amount, reference, note, attempt_id, created_by)
          VALUES (${bookingId}, ${money.kind}, ${money.method}, ${money.amount}, ${money.reference ?? ''}, ${money.note ?? ''}, ${money.attemptId ?? null}, ${money.by})
          RETURNING *)
        SELECT row_to_json(p) AS payment FROM (SELECT ${PAYMENT_COLUMNS} FROM made) p`,
  );
  if (!row) throw new Error('An INSERT ... RETURNING answered no row');
  return row.payment;
}

export interface Charge {
  kind: FolioLineKind;
  label: string;
  /** Before GCT; a discount is given as a positive amount and recorded negative. */
  amount: number;
  gct: number;
  by: string | null;
}

/** Adds charges (a discount lowers the balance), in the caller's transaction. */
export async function addCharges(tx: Tx, bookingId: string, charges: readonly Charge[]): Promise<void> {
  // The statement the return's settlement runs inside its own (returnMoney.ts): one way to write a charge.
  if (chargeRows(bookingId, charges).length > 0) await tx.execute(chargesAdded(bookingId, charges));
}

/** A charge as its folio line is stored: a discount is recorded negative; a line of nothing is not recorded. */
export function chargeRows(bookingId: string, charges: readonly Charge[]) {
  return charges
    .filter((charge) => charge.amount !== 0 || charge.gct !== 0)
    .map((charge) => {
      const sign = charge.kind === 'discount' ? -1 : 1;
      return { bookingId, kind: charge.kind, label: charge.label, amount: sign * charge.amount, gct: sign * charge.gct, createdBy: charge.by };
    });
}

/** A charge typed by staff, with GCT at the company's rate when it applies. */
export async function staffCharge(tx: Tx, body: FolioChargeBody, by: string): Promise<Charge> {
  const company = await getCompanySettings(tx);
  return { kind: body.kind, label: body.label, amount: body.amount, gct: body.gctApplies ? gctOn(body.amount, company.gctPercent) : 0, by };
}

async function voidOne(tx: Tx, bookingId: string, lineId: unknown, reason: string, by: string): Promise<RecordedEvent> {
  if (!isId(lineId)) throw new HttpError(404, REFUSAL_CODES.line_not_found, 'line_not_found');
  const [line] = await tx
    .select()
    .from(folioLines)
    .where(and(eq(folioLines.id, lineId), eq(folioLines.bookingId, bookingId)));
  if (!line) throw new HttpError(404, REFUSAL_CODES.line_not_found, 'line_not_found');
  if (line.voidsLineId) throw new HttpError(409, REFUSAL_CODES.void_of_void, 'void_of_void');
  const [already] = await tx.select({ id: folioLines.id }).from(folioLines).where(eq(folioLines.voidsLineId, lineId));
  if (already) throw new HttpError(409, REFUSAL_CODES.line_already_voided, 'line_already_voided');
  await tx
    .insert(folioLines)
    .values({
      bookingId,
      kind: line.kind,
      label: `Voided: ${line.label}`.slice(0, 300),
      amount: -line.amount,
      gct: -line.gct,
      voidsLineId: line.id,
      reason,
      createdBy: by,
    })
    .catch((err: unknown) => {
      // The line's day is closed at the cash-up (0038_cash_up.sql refuses the voiding line) until an owner reopens it.
      if (raisedReason(err) === 'day_closed') throw new HttpError(409, REFUSAL_CODES.day_closed, 'day_closed');
      throw err;
    });
  return { kind: 'line_voided', bookingId, actorId: by, data: { lineKind: line.kind, label: line.label, amount: line.amount + line.gct, reason } };
}

type Locked = Awaited<ReturnType<typeof lockBooking>>;

/**
 * One staff action on the folio: the booking locked, the actor named, what happened recorded (its
 * history; a charge's letter to the customer), the folio answered.
 */
async function folioAction(
  db: Database,
  events: EventLog,
  actorId: string,
  bookingId: unknown,
  act: (tx: Tx, booking: Locked) => Promise<RecordedEvent>,
): Promise<Folio> {
  return db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const booking = await lockBooking(tx, bookingId);
    await events.record(tx, [await act(tx, booking)]);
    return readFolio(tx, null, booking.id);
  });
}

async function moneyIn(tx: Tx, booking: Locked, money: MoneyMoved): Promise<RecordedEvent> {
  await recordMoney(tx, booking.id, money);
  const data = { method: money.method, amount: money.amount };
  return money.kind === 'payment'
    ? { kind: 'payment_recorded', bookingId: booking.id, actorId: money.by, data }
    : { kind: 'refund_recorded', bookingId: booking.id, actorId: money.by, data };
}

export function recordPayment(db: Database, events: EventLog, actorId: string, bookingId: unknown, body: FolioPaymentBody): Promise<Folio> {
  return folioAction(db, events, actorId, bookingId, (tx, booking) =>
    moneyIn(tx, booking, { kind: 'payment', method: body.method, amount: body.amount, reference: body.reference, note: body.note, by: actorId }),
  );
}

export function recordRefund(db: Database, events: EventLog, actorId: string, bookingId: unknown, body: FolioRefundBody): Promise<Folio> {
  return folioAction(db, events, actorId, bookingId, (tx, booking) =>
    moneyIn(tx, booking, { kind: 'refund', method: body.method, amount: body.amount, note: body.note, by: actorId }),
  );
}

export function addCharge(db: Database, events: EventLog, actorId: string, bookingId: unknown, body: FolioChargeBody): Promise<Folio> {
  return folioAction(db, events, actorId, bookingId, async (tx, booking) => {
    const charge = await staffCharge(tx, body, actorId);
    await addCharges(tx, booking.id, [charge]);
    // The damage that was to be assessed at return is priced now: the deposit held for it settles.
    if (body.kind === 'damage') await settleHeldDeposit(tx, booking.id, actorId);
    // The customer is told the balance this leaves (after any deposit settled just now).
    const sign = charge.kind === 'discount' ? -1 : 1;
    const { balance } = await folioTotalsOf(tx, booking.id);
    return {
      kind: 'charge_added',
      bookingId: booking.id,
      actorId,
      data: { lineKind: charge.kind, label: charge.label, amount: sign * charge.amount, gct: sign * charge.gct, balance },
    };
  });
}

export function voidLine(db: Database, events: EventLog, actorId: string, bookingId: unknown, lineId: unknown, reason: string): Promise<Folio> {
  return folioAction(db, events, actorId, bookingId, (tx, booking) => voidOne(tx, booking.id, lineId, reason, actorId));
}

/** "Record the balance as paid": a payment of the whole balance, by the method given or the booking's own. */
export function recordBalancePaid(db: Database, events: EventLog, actorId: string, bookingId: unknown, method?: FolioMethod): Promise<Folio> {
  return folioAction(db, events, actorId, bookingId, async (tx, booking) => {
    const { balance } = await folioTotalsOf(tx, booking.id);
    if (balance <= 0) throw new HttpError(409, REFUSAL_CODES.nothing_owing, 'nothing_owing');
    return moneyIn(tx, booking, {
      kind: 'payment',
      method: method ?? FOLIO_METHOD_OF[booking.paymentMethod],
      amount: balance,
      note: 'The balance, recorded as paid',
      by: actorId,
    });
  });
}

// ---- The security deposit ----

/** The folio's method for money kept from the security deposit: it was taken as it was taken. */
export const DEPOSIT_FOLIO_METHOD = { cash: 'cash', card: 'card', bank_transfer: 'bank_transfer' } as const satisfies Record<string, FolioMethod>;

/** The note of the payment kept from a security deposit at return, as staff read it on the folio. */
export const KEPT_NOTE = 'Kept from the security deposit';

export interface DepositSettled {
  kept: number;
  refunded: number;
  held: number;
  /** The folio's balance after the deposit: what the customer still has to pay (0 when none). */
  owing: number;
}

/** The security deposit a rental holds; `kept` stays null until it is settled. */
export interface HeldDeposit {
  amount: number;
  method: keyof typeof DEPOSIT_FOLIO_METHOD;
  kept: number | null;
}

const heldDepositOf = async (tx: Tx, bookingId: string): Promise<HeldDeposit | undefined> =>
  (
    await tx
      .select({ amount: rentals.depositAmount, method: rentals.depositMethod, kept: rentals.depositKept })
      .from(rentals)
      .where(eq(rentals.bookingId, bookingId))
  )[0];

/**
 * Settles the security deposit of a returned car against the folio's whole balance, once: what is
 * kept is recorded as a payment (the customer's money, taken from the deposit), the rest goes back.
 * The security deposit itself is never a folio payment: it is held, not income. Answers null when
 * there is no rental or its deposit was settled already (deposit_kept is written once).
 */
export async function settleSecurityDeposit(tx: Tx, bookingId: string, by: string | null, known?: HeldDeposit): Promise<DepositSettled | null> {
  const rental = known ?? (await heldDepositOf(tx, bookingId));
  if (!rental || rental.kept !== null) return null;
  const { balance } = await folioTotalsOf(tx, bookingId);
  const settled = settleDeposit(rental.amount, balance, false);
  if (settled.kept > 0) {
    await recordMoney(tx, bookingId, {
      kind: 'payment',
      method: DEPOSIT_FOLIO_METHOD[rental.method],
      amount: settled.kept,
      reference: DEPOSIT_KEPT_REFERENCE,
      note: KEPT_NOTE,
      by,
    });
  }
  const owing = Math.max(0, settled.owing);
  await tx
    .update(rentals)
    .set({ depositKept: settled.kept, depositRefunded: settled.refunded, owing })
    .where(and(eq(rentals.bookingId, bookingId), isNull(rentals.depositKept)));
  return { kept: settled.kept, refunded: settled.refunded, held: 0, owing };
}

/** A deposit held at return for a damage to be assessed settles once the damage is charged. */
async function settleHeldDeposit(tx: Tx, bookingId: string, by: string): Promise<void> {
  const [rental] = await tx
    .select({ toBeAssessed: rentals.toBeAssessed, checkedInAt: rentals.checkedInAt, kept: rentals.depositKept })
    .from(rentals)
    .where(eq(rentals.bookingId, bookingId));
  if (rental?.toBeAssessed && rental.checkedInAt && rental.kept === null) await settleSecurityDeposit(tx, bookingId, by);
}

/**
 * What a cancellation of this booking pays back (contract refunds.ts): read before the step, from
 * the payments and refunds, which a cancellation leaves alone (it voids the charges only). Its
 * event carries it, so the letter says it without reading the folio again.
 */
export async function refundOnCancel(tx: Tx, bookingId: string): Promise<RefundPlan> {
  const [payments, company] = await readTogether(
    tx,
    () =>
      tx
        .select({ kind: folioPayments.kind, method: folioPayments.method, amount: folioPayments.amount })
        .from(folioPayments)
        .where(eq(folioPayments.bookingId, bookingId)),
    () => getCompanySettings(tx),
  );
  return refundPlan(payments, company.refundBankDays);
}

/**
 * A bank deposit read from the bank's statement (features/statements): recorded as staff record a
 * payment by hand (POST /api/bookings/{id}/payments), in the caller's transaction with the booking
 * locked, and answered with the event its history keeps. The payment state follows from the folio,
 * so a pending booking it pays is no longer one whose hold runs out (holds.ts).
 */
export async function recordBankDeposit(
  tx: Tx,
  bookingId: string,
  deposit: { amount: number; reference: string; note: string; by: string },
): Promise<{ payment: StoredPayment; event: RecordedEvent }> {
  const booking = await lockBooking(tx, bookingId);
  const money: MoneyMoved = {
    kind: 'payment',
    method: 'bank_deposit',
    amount: deposit.amount,
    reference: deposit.reference,
    note: deposit.note,
    by: deposit.by,
  };
  const payment = await recordMoney(tx, booking.id, money);
  return { payment, event: { kind: 'payment_recorded', bookingId: booking.id, actorId: deposit.by, data: { method: 'bank_deposit', amount: deposit.amount } } };
}
