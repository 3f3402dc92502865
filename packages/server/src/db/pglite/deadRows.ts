/**
 * Dead rows on PGlite. Every UPDATE and DELETE leaves the row's old version behind; PostgreSQL's
 * autovacuum cleans them, but PGlite has no background workers, so a long-lived install would keep
 * every booking's old statuses, every sent e-mail's queued copy and every kept figure's old counts,
 * and its tables and indexes would only grow (scans slower, the data directory and backups larger).
 * The server cleans them itself: often, a table at a time, and only tables with dead rows to clean.
 * VACUUM holds PGlite's one connection while it runs, so each is kept small: a table is cleaned once
 * 50 rows and 5% of its live rows are dead (autovacuum waits for 20%), and VACUUM reads only the pages
 * changed since the last one (the visibility map). Between two tables the connection goes to
 * whatever request waits for it. PostgreSQL runs its own autovacuum; this is not started there.
 * Measured in decision 126.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../jobs/sweeper';
import { type Database, queryRows } from '../types';

export const DEAD_ROWS_EVERY_MS = 10 * 60_000;

/** A VACUUM longer than this is written to the log: the connection was held long enough for a request to notice. */
export const LONG_HOLD_MS = 100;

export interface Cleaned {
  table: string;
  deadRows: number;
  ms: number;
}

/** The tables with enough dead rows to clean, most first (the statistics' own counts, as autovacuum reads them). */
async function tablesToClean(db: Database): Promise<{ schema: string; table: string; deadRows: number }[]> {
  return queryRows(
    db,
    sql`SELECT schemaname AS schema, relname AS "table", n_dead_tup::integer AS "deadRows"
          FROM pg_stat_user_tables
         WHERE n_dead_tup > 50 + 0.05 * n_live_tup
         ORDER BY n_dead_tup DESC`,
  );
}

/** One round: each table with dead rows to clean, one VACUUM at a time; answers what each took. */
export async function cleanDeadRows(db: Database): Promise<Cleaned[]> {
  const cleaned: Cleaned[] = [];
  for (const { schema, table, deadRows } of await tablesToClean(db)) {
    const started = performance.now();
    await db.execute(sql`VACUUM ${sql.identifier(schema)}.${sql.identifier(table)}`);
    cleaned.push({ table: schema === 'public' ? table : `${schema}.${table}`, deadRows, ms: Math.round(performance.now() - started) });
  }
  return cleaned;
}

export function startDeadRowsSweep(app: FastifyInstance, everyMs = DEAD_ROWS_EVERY_MS): void {
  startSweeper(app, {
    name: 'dead rows cleaning (VACUUM)',
    everyMs,
    round: async () => {
      const cleaned = await cleanDeadRows(app.db);
      const long = cleaned.filter(({ ms }) => ms > LONG_HOLD_MS);
      if (long.length > 0) app.log.warn({ cleaned: long }, `cleaning dead rows held the database more than ${LONG_HOLD_MS} ms`);
      else if (cleaned.length > 0) app.log.debug({ cleaned }, `dead rows cleaned in ${cleaned.length} tables`);
    },
  });
}
