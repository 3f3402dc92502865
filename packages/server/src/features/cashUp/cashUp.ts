/**
 * The day's cash-up (docs/decisions/114-the-days-cash-up.md): the folios' money of one company day
 * (Jamaica) by method, the security deposits taken and given back, what the cash drawer should
 * hold, and its closing. Reads the folio and rental tables; writes only its own closings (money is
 * the bookings feature's to write). The database refuses to void a closed day's lines (0038_cash_up.sql).
 */
import {
  CASH_UP_MESSAGES,
  type CashUp,
  type CashUpDepositRow,
  type CashUpMoneyRow,
  cashUpNeedsNote,
  cashUpTotals,
  companyToday,
  DEPOSIT_KEPT_REFERENCE,
  REFUSAL_CODES,
  type StaffRole,
} from '@rental/contract';
import { sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { withinCompanyDay } from '../../db/companyDay';
import { isId } from '../../db/ids';
import { type Database, isUniqueViolation, queryRows, type Tx } from '../../db/types';
import type { EventLog } from '../../events';
import { HttpError } from '../../http/errors';

export interface CashUpCaller {
  id: string;
  staffRole: StaffRole | null;
}

/** Whose day: a staff member's (their id) or the whole desk's (null). */
type Scope = string | null;

/** The start of a company day and of the next, as the database compares times. */
const within = (column: string, day: string) => withinCompanyDay(sql.raw(column), day);
const byWhom = (column: string, scope: Scope) => (scope === null ? sql`true` : sql`${sql.raw(column)} = ${scope}`);
/** The closings of a day for the scope: the staff member's own, or the desk's. */
const closingsOf = (scope: Scope) => (scope === null ? sql`c.staff_id IS NULL` : sql`c.staff_id = ${scope}`);

/**
 * The caller's scope, checked: a counter agent only their own day; anyone else any staff member's
 * or the desk's. A day not yet come is refused, as is a staff member unknown.
 */
async function scopeOf(db: Database | Tx, caller: CashUpCaller, day: string, staffId: string | undefined): Promise<Scope> {
  if (day > companyToday()) throw new HttpError(400, REFUSAL_CODES.cash_up_future_day, 'cash_up_future_day');
  const scope = staffId === undefined || staffId === '' ? null : staffId;
  if (caller.staffRole === 'agent' && scope !== caller.id) throw new HttpError(403, REFUSAL_CODES.cash_up_own_day_only, 'cash_up_own_day_only');
  if (scope !== null) {
    const known = isId(scope) && (await queryRows(db, sql`SELECT 1 FROM users WHERE id = ${scope} AND role = 'owner'`)).length > 0;
    if (!known) throw new HttpError(404, CASH_UP_MESSAGES.staffNotFound);
  }
  return scope;
}

interface Person {
  _id: string;
  name: string;
}

interface Sums {
  money: CashUpMoneyRow[];
  deposits: CashUpDepositRow[];
  staff: Person | null;
  closings: ClosingRow[];
  choices: Person[];
}

interface ClosingRow {
  countedCash: number;
  expectedCash: number;
  difference: number;
  note: string;
  closedBy: Person;
  closedAt: string;
  reopenedBy: Person | null;
  reopenedAt: string | null;
  reason: string | null;
}

const person = (column: string) => sql.raw(`(SELECT json_build_object('_id', u.id, 'name', u.name) FROM users u WHERE u.id = ${column})`);

/** Everything the cash-up shows, in one statement. */
async function sumsOf(db: Database | Tx, caller: CashUpCaller, day: string, scope: Scope): Promise<Sums> {
  const [row] = await queryRows<Sums>(
    db,
    sql`SELECT
      (SELECT coalesce(json_agg(m), '[]') FROM (
         SELECT CASE WHEN p.kind = 'payment' AND p.reference = ${DEPOSIT_KEPT_REFERENCE} THEN 'kept' ELSE p.kind END AS kind,
                p.method, sum(p.amount)::integer AS amount
           FROM folio_payments p
          WHERE ${within('p.created_at', day)} AND ${byWhom('p.created_by', scope)}
          GROUP BY 1, 2) m) AS money,
      (SELECT coalesce(json_agg(d), '[]') FROM (
         SELECT 'taken' AS kind, r.deposit_method AS method, sum(r.deposit_amount)::integer AS amount
           FROM rentals r WHERE ${within('r.checked_out_at', day)} AND ${byWhom('r.checked_out_by', scope)} GROUP BY 2
         UNION ALL
         SELECT k.kind, r.deposit_method, sum(CASE k.kind WHEN 'returned' THEN r.deposit_refunded ELSE r.deposit_kept END)::integer
           FROM rentals r CROSS JOIN (VALUES ('returned'), ('kept')) AS k(kind)
          WHERE r.deposit_kept IS NOT NULL AND ${within('r.checked_in_at', day)} AND ${byWhom('r.checked_in_by', scope)}
          GROUP BY 1, 2) d) AS deposits,
      (SELECT json_build_object('_id', u.id, 'name', u.name) FROM users u WHERE u.id = ${scope}) AS staff,
      (SELECT coalesce(json_agg(c ORDER BY c."closedAt"), '[]') FROM (
         SELECT c.counted_cash AS "countedCash", c.expected_cash AS "expectedCash", c.difference, c.note,
                ${person('c.closed_by')} AS "closedBy", c.closed_at AS "closedAt",
                ${person('c.reopened_by')} AS "reopenedBy", c.reopened_at AS "reopenedAt", c.reopen_reason AS reason
           FROM cash_ups c WHERE c.day = ${day}::date AND ${closingsOf(scope)}) c) AS closings,
      (SELECT coalesce(json_agg(json_build_object('_id', u.id, 'name', u.name) ORDER BY u.name), '[]')
         FROM users u WHERE u.role = 'owner' AND u.staff_role IS NOT NULL
          AND ${caller.staffRole === 'agent' ? sql`u.id = ${caller.id}` : sql`true`}) AS choices`,
  );
  if (!row) throw new Error('A SELECT with no FROM answered no row');
  return row;
}

const iso = (at: string) => new Date(at).toISOString();

function cashUpFrom(caller: CashUpCaller, day: string, sums: Sums): CashUp {
  const inForce = sums.closings.find((closing) => closing.reopenedAt === null);
  const closingOf = (c: ClosingRow) => ({
    countedCash: c.countedCash,
    expectedCash: c.expectedCash,
    difference: c.difference,
    note: c.note,
    closedBy: c.closedBy,
    closedAt: iso(c.closedAt),
  });
  return {
    date: day,
    staff: sums.staff,
    ...cashUpTotals(sums.money, sums.deposits),
    closing: inForce ? closingOf(inForce) : null,
    reopened: sums.closings
      .filter((c) => c.reopenedAt !== null && c.reopenedBy !== null)
      .map((c) => ({ ...closingOf(c), reopenedBy: c.reopenedBy!, reopenedAt: iso(c.reopenedAt!), reason: c.reason ?? '' })),
    staffChoices: sums.choices,
    mayChooseDesk: caller.staffRole !== 'agent',
    mayReopen: caller.staffRole === 'owner',
  };
}

/** The day's cash-up for a staff member or the whole desk. */
export async function readCashUp(db: Database, caller: CashUpCaller, day: string, staffId: string | undefined): Promise<CashUp> {
  const scope = await scopeOf(db, caller, day, staffId);
  return cashUpFrom(caller, day, await sumsOf(db, caller, day, scope));
}

export interface CloseDay {
  date: string;
  staffId?: string;
  countedCash: number;
  note: string;
}

/**
 * Closes the day: what the drawer should hold is summed in the same transaction that stores the
 * count, so the difference is the one the counter saw. Closed once (the database's unique index
 * settles two closing at once); a difference only with a note.
 */
export async function closeDay(db: Database, events: EventLog, caller: CashUpCaller, body: CloseDay): Promise<CashUp> {
  try {
    return await db.transaction(async (tx) => {
      await actAs(tx, caller.id);
      const scope = await scopeOf(tx, caller, body.date, body.staffId);
      const sums = await sumsOf(tx, caller, body.date, scope);
      if (sums.closings.some((closing) => closing.reopenedAt === null)) throw new HttpError(409, REFUSAL_CODES.day_already_closed, 'day_already_closed');
      const expected = cashUpTotals(sums.money, sums.deposits).drawer.expected;
      if (cashUpNeedsNote(body.countedCash, expected, body.note)) {
        throw new HttpError(400, REFUSAL_CODES.cash_difference_needs_note, 'cash_difference_needs_note', { expectedCash: expected });
      }
      const difference = body.countedCash - expected;
      await tx.execute(sql`
        INSERT INTO cash_ups (day, staff_id, counted_cash, expected_cash, difference, note, closed_by)
        VALUES (${body.date}::date, ${scope}, ${body.countedCash}, ${expected}, ${difference}, ${body.note.trim()}, ${caller.id})`);
      await events.record(tx, [
        {
          kind: 'cash_up_closed',
          bookingId: null,
          actorId: caller.id,
          data: { day: body.date, staffId: scope, countedCash: body.countedCash, expectedCash: expected, difference },
        },
      ]);
      return cashUpFrom(caller, body.date, await sumsOf(tx, caller, body.date, scope));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, REFUSAL_CODES.day_already_closed, 'day_already_closed');
    throw err;
  }
}

/** An owner opens a closed day again: the closing is kept with who, when and why. */
export async function reopenDay(
  db: Database,
  events: EventLog,
  caller: CashUpCaller,
  day: string,
  staffId: string | undefined,
  reason: string,
): Promise<CashUp> {
  return db.transaction(async (tx) => {
    await actAs(tx, caller.id);
    const scope = await scopeOf(tx, caller, day, staffId);
    const reopened = await queryRows(
      tx,
      sql`UPDATE cash_ups c SET reopened_by = ${caller.id}, reopened_at = now(), reopen_reason = ${reason}
           WHERE c.day = ${day}::date AND ${closingsOf(scope)} AND c.reopened_at IS NULL RETURNING c.id`,
    );
    if (reopened.length === 0) throw new HttpError(409, REFUSAL_CODES.day_not_closed, 'day_not_closed');
    await events.record(tx, [{ kind: 'cash_up_reopened', bookingId: null, actorId: caller.id, data: { day, staffId: scope, reason } }]);
    return cashUpFrom(caller, day, await sumsOf(tx, caller, day, scope));
  });
}
