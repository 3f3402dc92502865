/**
 * Every test file of the server runs with this (vitest.config.ts setupFiles): a query sent on a
 * node-postgres client that is still running another one (Promise.all on one transaction) fails
 * the test that did it, with the stack of the second query. pg queues such a query today, warns
 * that it is deprecated, and will refuse it in pg@9. PGlite is reached through a pg client too
 * (db/pglite/thread.ts), so both databases are watched.
 */
import pg from 'pg';
import { afterEach } from 'vitest';

type Watched = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };

const seen: string[] = [];
Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 40);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Watched, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
    seen.push(new Error('A query was sent on a database client still running another').stack ?? '');
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

afterEach(() => {
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`${found.length} queries overlapped on one client (one query at a time per client):\n${found[0]}`);
});
