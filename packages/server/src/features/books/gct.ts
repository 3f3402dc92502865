/**
 * The month's GCT (docs/decisions/115-gct-and-the-books.md), summed from the folio's lines as they
 * were written: a charge carries its GCT, a voiding line or a discount carries the GCT it gives
 * back (negative). A line belongs to the month of the day it was written, Jamaica time. The sums
 * are made here, in one statement, for the page and for the CSV's totals alike.
 */
import { COMPANY_TIME_ZONE, type GctMonth, monthBounds } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, readTogether } from '../../db/types';
import { getCompanySettings } from '../company';

/** The lines written from the first day to the day before `nextStart`, Jamaica time. */
export function writtenBetween(column: SQL, start: string, nextStart: string): SQL {
  return sql`${column} >= (${start}::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE}) AND ${column} < (${nextStart}::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE})`;
}

/** The company's day of a moment, as the database says it. */
export const companyDay = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD')`;

export async function gctMonth(db: Database, month: string): Promise<GctMonth> {
  const { start, nextStart } = monthBounds(`${month}-01`);
  const [[sums], company] = await readTogether(
    db,
    () =>
      queryRows<Record<'taxable' | 'charged' | 'creditBase' | 'credited' | 'untaxed' | 'lines', string>>(
        db,
        sql`SELECT coalesce(sum(amount) FILTER (WHERE gct > 0), 0) AS taxable,
                 coalesce(sum(gct) FILTER (WHERE gct > 0), 0) AS charged,
                 coalesce(-sum(amount) FILTER (WHERE gct < 0), 0) AS "creditBase",
                 coalesce(-sum(gct) FILTER (WHERE gct < 0), 0) AS credited,
                 coalesce(sum(amount) FILTER (WHERE gct = 0), 0) AS untaxed,
                 count(*) AS lines
            FROM folio_lines l
           WHERE ${writtenBetween(sql`l.created_at`, start, nextStart)}`,
      ),
    () => getCompanySettings(db),
  );
  const gctCharged = Number(sums?.charged ?? 0);
  const gctCredited = Number(sums?.credited ?? 0);
  return {
    month,
    currency: company.currency,
    trn: company.trn,
    gctPercent: company.gctPercent,
    taxableCharges: Number(sums?.taxable ?? 0),
    gctCharged,
    taxableCredits: Number(sums?.creditBase ?? 0),
    gctCredited,
    netGct: gctCharged - gctCredited,
    untaxedCharges: Number(sums?.untaxed ?? 0),
    lines: Number(sums?.lines ?? 0),
  };
}

export interface GctLine {
  day: string;
  reference: string;
  kind: string;
  label: string;
  amount: number;
  gct: number;
  voids: boolean;
  reason: string;
}

/** The month's lines, in the order they were written. */
export async function gctLines(db: Database, month: string): Promise<GctLine[]> {
  const { start, nextStart } = monthBounds(`${month}-01`);
  return queryRows<GctLine>(
    db,
    sql`SELECT ${companyDay(sql`l.created_at`)} AS day, b.reference, l.kind, l.label, l.amount, l.gct,
               l.voids_line_id IS NOT NULL AS voids, coalesce(l.reason, '') AS reason
          FROM folio_lines l JOIN bookings b ON b.id = l.booking_id
         WHERE ${writtenBetween(sql`l.created_at`, start, nextStart)}
         ORDER BY l.created_at, l.seq`,
  );
}
