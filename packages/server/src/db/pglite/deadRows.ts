/**
 * Dead rows on PGlite. Every UPDATE and DELETE leaves the row's old version behind; PostgreSQL's
 * autovacuum cleans them, but PGlite has no background workers, so a long-lived install would keep
 * every booking's old statuses, every sent e-mail's queued copy and every kept figure's old counts,
 * and its tables and indexes would only grow (scans slower, the data directory and backups larger).
 * The server cleans them itself, a table at a time (between two, the connection goes to whatever
 * request waits for it), in two kinds of round (decision 127, bench/dead-rows.mjs):
 * - every ten minutes, the tables with 50 dead rows or 1,000 new ones (which keeps their visibility
 *   map current, so the next VACUUM reads only changed pages), without index cleanup: the rows' space
 *   in the table is freed and the table's pages marked clean, a few ms a table. Cleaning an index
 *   reads the whole index: ~0.5 s for the bookings' at 100,000 bookings, too long for the day;
 * - once a night (the first round after 03:00 in Jamaica, when no one is at the counter), every table
 *   in full, indexes included.
 * PGlite keeps its counts of dead rows in memory only: a start knows nothing of what died before it,
 * so the first round after a start takes every table (cheap for a table cleaned before: its unchanged
 * pages are skipped). PostgreSQL runs its own autovacuum; this is not started there.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../jobs/sweeper';
import { type Database, queryRows } from '../types';

export const DEAD_ROWS_EVERY_MS = 10 * 60_000;

/** The hour (Jamaica) from which the night's full cleaning runs, once a day. */
export const NIGHT_HOUR = 3;

/** A VACUUM longer than this is written to the log: the connection was held long enough for a request to notice. */
export const LONG_HOLD_MS = 100;

export interface Cleaned {
  table: string;
  deadRows: number;
  ms: number;
}

export interface CleaningRound {
  /** Every table, whatever the counts say (the first round after a start, the night's). */
  everyTable?: boolean;
  /** Indexes cleaned too (the night's round). */
  indexes?: boolean;
}

/** The tables to clean, most dead rows first: every one, or those with dead rows or new rows enough. */
async function tablesToClean(db: Database, everyTable: boolean): Promise<{ schema: string; table: string; deadRows: number }[]> {
  return queryRows(
    db,
    sql`SELECT schemaname AS schema, relname AS "table", n_dead_tup::integer AS "deadRows"
          FROM pg_stat_user_tables
         WHERE ${everyTable} OR n_dead_tup >= 50 OR n_ins_since_vacuum >= 1000
         ORDER BY n_dead_tup DESC, relname`,
  );
}

/** One round, one VACUUM at a time; answers what each took. */
export async function cleanDeadRows(db: Database, { everyTable = false, indexes = false }: CleaningRound = {}): Promise<Cleaned[]> {
  const cleaned: Cleaned[] = [];
  const options = indexes ? sql`` : sql`(INDEX_CLEANUP OFF) `;
  for (const { schema, table, deadRows } of await tablesToClean(db, everyTable)) {
    const started = performance.now();
    await db.execute(sql`VACUUM ${options}${sql.identifier(schema)}.${sql.identifier(table)}`);
    cleaned.push({ table: schema === 'public' ? table : `${schema}.${table}`, deadRows, ms: Math.round(performance.now() - started) });
  }
  return cleaned;
}

const jamaica = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Jamaica',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The night a moment belongs to, once it is past NIGHT_HOUR in Jamaica ("2026-11-29"), else null. */
export function nightOf(now: Date): string | null {
  const parts = Object.fromEntries(jamaica.formatToParts(now).map(({ type, value }) => [type, value]));
  return Number(parts.hour) >= NIGHT_HOUR ? `${parts.year}-${parts.month}-${parts.day}` : null;
}

export function startDeadRowsSweep(app: FastifyInstance, everyMs = DEAD_ROWS_EVERY_MS, clock: () => Date = () => new Date()): void {
  let started = false;
  // The night whose full round is done: the day of the start counts as done unless the start is before NIGHT_HOUR.
  let lastNight = nightOf(clock());
  startSweeper(app, {
    name: 'dead rows cleaning (VACUUM)',
    everyMs,
    round: async () => {
      const night = nightOf(clock());
      const full = night !== null && night !== lastNight;
      const cleaned = await cleanDeadRows(app.db, { everyTable: !started || full, indexes: full });
      started = true;
      if (full) lastNight = night;
      const long = cleaned.filter(({ ms }) => ms > LONG_HOLD_MS);
      if (long.length > 0 && !full) app.log.warn({ cleaned: long }, `cleaning dead rows held the database more than ${LONG_HOLD_MS} ms`);
      else if (cleaned.length > 0) app.log.debug({ cleaned, full }, `dead rows cleaned in ${cleaned.length} tables`);
    },
  });
}
