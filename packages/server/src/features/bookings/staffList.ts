/**
 * The staff's bookings at any size: filters and search as SQL, keyset pages newest first on
 * (created_at, id), and the whole list read a chunk at a time so that listing 100,000 bookings
 * never holds the server for more than one chunk (nor PGlite's one connection, decision 078).
 * See docs/decisions/055-owner-bookings-at-scale.md.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MESSAGES, type StaffBooking, type StaffBookingFilters } from '@rental/contract';
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { bookings, cars, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { absolutizeImageUrls } from '../../http/absoluteImageUrls';
import { HttpError } from '../../http/errors';
import { newestFirst, staffBookingColumns, type StaffBookingRow, toStaffBooking } from './read';

/** Rows read at a time when the whole list (or the export) is asked for. */
export const CHUNK_ROWS = 250;

/** Where a page ends: the last booking's created_at (UTC, to the microsecond) and id. */
interface Position {
  at: string;
  id: string;
}

const AT_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Opaque to clients: they only hand it back. */
export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !AT_PATTERN.test(at) || !UUID_PATTERN.test(id)) throw new HttpError(400, MESSAGES.bookingsPageInvalid);
  return { at, id };
}

/** Strictly older than the position in the list's order (created_at, then id, both descending). */
function olderThan(position: Position): SQL {
  return sql`(${bookings.createdAt}, ${bookings.id}) < (${position.at}::timestamp AT TIME ZONE 'UTC', ${position.id}::uuid)`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The characters of a reference after "WR-" (no 0, 1, I or O: they are misread). */
const REFERENCE_PART = /^[2-9A-HJ-NP-Z]{3,6}$/;

/** The part of a reference staff may have typed ("WR7K3M9Q", "7K3M"), or null when it cannot be one. */
function referencePart(q: string): { prefix: boolean; part: string } | null {
  const typed = q.toUpperCase().replace(/[^0-9A-Z]/g, '');
  // "WR-7K": its start, however short.
  if (typed.startsWith('WR') && /^[2-9A-HJ-NP-Z]{1,6}$/.test(typed.slice(2))) return { prefix: true, part: typed.slice(2) };
  return REFERENCE_PART.test(typed) ? { prefix: false, part: typed } : null;
}

/**
 * What staff typed: a reference however it is written ("wr 7k3m9q", "7K3M"), words found in the
 * customer's name or e-mail (all of them, any case), or 4 or more digits of the phone. The
 * customers (a table far smaller than bookings) are searched first, once (ARRAY(...) is computed
 * before the bookings are read), then their bookings come by the (user_id, created_at) index. Text that could be part of a reference is also looked up there:
 * as "id IN (by reference UNION of those customers)" rather than one OR, so each half keeps its
 * index instead of a walk through every booking testing both.
 */
export function searchWhere(q: string): SQL | undefined {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const customer: SQL[] = [and(...words.map((word) => sql`lower(${users.name} || ' ' || coalesce(${users.email}, '')) LIKE ${`%${escapeLike(word)}%`}`))!];
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 4) customer.push(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`);
  const customers = sql`SELECT ${users.id} FROM ${users} WHERE ${or(...customer)}`;
  const reference = referencePart(q);
  if (!reference) return sql`${bookings.userId} = ANY(ARRAY(${customers}))`;
  // "WR7K3" is typed from the reference's start: an index prefix match; "7K3M" may be any part of it.
  const pattern = reference.prefix ? `WR-${reference.part}%` : `%${reference.part}%`;
  return sql`${bookings.id} IN (SELECT r.id FROM bookings r WHERE r.reference LIKE ${pattern} UNION SELECT c.id FROM bookings c WHERE c.user_id = ANY(ARRAY(${customers})))`;
}

/**
 * Returned bookings that still owe: a toll or ticket added later, a return not paid in full. The
 * payment state (indexed) narrows to those owing something; the folio's own sums say how much.
 */
const owingAfterReturn = sql`${bookings.status} = 'returned' AND ${bookings.paymentStatus} IN ('unpaid', 'part_paid')
  AND (SELECT coalesce(sum(l.amount + l.gct), 0) FROM folio_lines l WHERE l.booking_id = ${bookings.id})
    > (SELECT coalesce(sum(CASE p.kind WHEN 'payment' THEN p.amount ELSE -p.amount END), 0) FROM folio_payments p WHERE p.booking_id = ${bookings.id})`;

/** The filters as one condition (undefined: every booking). Throws a 400 for days given the wrong way round. */
export function filtersWhere(filters: StaffBookingFilters): SQL | undefined {
  const { status, paymentStatus, from, to, q, balance } = filters;
  if (from && to && from > to) throw new HttpError(400, MESSAGES.bookingDatesReversed);
  const parts: (SQL | undefined)[] = [
    status && eq(bookings.status, status),
    paymentStatus && eq(bookings.paymentStatus, paymentStatus),
    // Rentals touching the window: the inclusive period overlaps [from, to].
    from && to ? sql`${bookings}.period && daterange(${from}::date, ${to}::date, '[]')` : undefined,
    from && !to ? gte(bookings.returnDate, from) : undefined,
    to && !from ? lte(bookings.pickupDate, to) : undefined,
    q ? searchWhere(q) : undefined,
    balance === 'owing_after_return' ? owingAfterReturn : undefined,
  ];
  return and(...parts.filter((part): part is SQL => part !== undefined));
}

async function readRows(db: Database, where: SQL | undefined, after: Position | undefined, limit: number) {
  return db
    .select({
      ...staffBookingColumns,
      // To the microsecond: a JavaScript Date keeps milliseconds, and two bookings made in one
      // millisecond must still sort (and page) apart.
      position: sql<string>`to_char(${bookings.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(where, after && olderThan(after)))
    .orderBy(...newestFirst)
    .limit(limit);
}

type PositionedRow = StaffBookingRow & { position: string };
const positionOf = (row: PositionedRow): Position => ({ at: row.position, id: row.id });

/** One page, newest first, and the cursor of the next (null on the last page). */
export async function staffBookingsPage(
  db: Database,
  filters: StaffBookingFilters,
  page: { limit: number; cursor?: string },
): Promise<{ bookings: StaffBooking[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  // One more than asked: whether it exists says whether there is a next page.
  const rows = (await readRows(db, filtersWhere(filters), after, page.limit + 1)) as PositionedRow[];
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return { bookings: shown.map(toStaffBooking), nextCursor: rows.length > page.limit && last ? encodeCursor(positionOf(last)) : null };
}

/**
 * Every matching booking, newest first, CHUNK_ROWS at a time; between chunks other requests run.
 * Not one snapshot: a booking made meanwhile may or may not be included, but none comes twice.
 */
export async function* eachStaffBooking(db: Database, where: SQL | undefined): AsyncGenerator<StaffBooking[]> {
  let after: Position | undefined;
  for (;;) {
    const rows = (await readRows(db, where, after, CHUNK_ROWS)) as PositionedRow[];
    if (rows.length > 0) yield rows.map(toStaffBooking);
    if (rows.length < CHUNK_ROWS) return;
    after = positionOf(rows.at(-1)!);
    await nextTurn();
  }
}

/**
 * The whole list as JSON text, `{"success":true,"bookings":[...]}`, written as it is read: never
 * one 50 MB string. Each booking is exactly what the endpoint's schema would serialise (toOwnerBooking
 * builds only the schema's fields). `where` comes from filtersWhere, called before the answer starts,
 * so that a bad filter is still a 400.
 */
export async function* staffBookingsJson(db: Database, where: SQL | undefined, publicUrl?: string): AsyncGenerator<string> {
  yield '{"success":true,"bookings":[';
  let first = true;
  for await (const chunk of eachStaffBooking(db, where)) {
    let text = '';
    for (const booking of chunk) {
      // A stream skips the preSerialization hook that makes picture URLs absolute elsewhere.
      if (publicUrl) absolutizeImageUrls(booking, publicUrl);
      text += (first ? '' : ',') + JSON.stringify(booking);
      first = false;
    }
    yield text;
  }
  yield ']}';
}
