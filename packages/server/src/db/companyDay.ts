/**
 * A moment column within one of the company's days (Jamaica's, COMPANY_TIME_ZONE), written as a
 * range of the column itself so that its index finds the rows: `(at AT TIME ZONE ...)::date = day`
 * would compute the day of every row (the desk's keys out and back today read every rental).
 */
import { COMPANY_TIME_ZONE } from '@rental/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The day's first moment, as a timestamptz. */
const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE})`;
/** The next day's first moment, as a timestamptz. */
const nextDayStart = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${COMPANY_TIME_ZONE})`;

/** `column` (a timestamptz column, or its name with its table's alias) falls within `day` (YYYY-MM-DD). */
export function withinCompanyDay(column: AnyColumn | SQL, day: string): SQL {
  return sql`${column} >= ${dayStart(day)} AND ${column} < ${nextDayStart(day)}`;
}
