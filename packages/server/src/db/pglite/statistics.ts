/**
 * The planner's statistics on PGlite. PGlite is Postgres without its background workers, so
 * autovacuum never runs ANALYZE: the tables' sizes stay unknown and every plan is a guess. At 1,000
 * cars x 100,000 bookings the guess took the fleet for 4 cars and looped over every car's bookings
 * where one index scan would do (bench/staff-pages.mjs). The server gathers them itself, as
 * PostgreSQL's autovacuum would: once when it is ready, then every few hours. ANALYZE reads a sample
 * (at most 30,000 rows a table), about a second at that size, during which PGlite's one connection
 * waits. PostgreSQL runs its own autovacuum; this is not started there.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startSweeper } from '../../jobs/sweeper';

export const STATISTICS_EVERY_MS = 6 * 60 * 60_000;

export function startStatisticsSweep(app: FastifyInstance, everyMs = STATISTICS_EVERY_MS): void {
  startSweeper(app, {
    name: 'planner statistics (ANALYZE)',
    everyMs,
    round: () => app.db.execute(sql`ANALYZE`),
  });
}
