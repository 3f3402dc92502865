import type { SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * One type for both databases: PGlite is reached through a node-postgres pool to its thread
 * (decision 078), so both answer as node-postgres does and features never care which runs.
 */
export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;
/** A transaction of the database, as a feature receives it from the caller that opened it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database error and its causes, outermost first: drizzle 0.45 wraps the driver's error. */
function* errorAndCauses(err: unknown): Generator<object> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = 'cause' in e ? e.cause : undefined, depth++) yield e;
}

/** SQLSTATE of a database error. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const e of errorAndCauses(err)) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names. */
export function violatedConstraint(err: unknown): string | undefined {
  for (const e of errorAndCauses(err)) {
    if ('constraint' in e && typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

/** The reason a booking function raised (RAISE EXCEPTION 'extra_sold_out'). */
export function raisedReason(err: unknown): string | undefined {
  for (const e of errorAndCauses(err)) {
    if ('code' in e && e.code === 'P0001') return 'message' in e && typeof e.message === 'string' ? e.message : undefined;
  }
  return undefined;
}

/** The bookings' exclusion constraint refused an overlap (exclusion_violation). */
export function isOverlapViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23P01';
}

/** A unique constraint refused a duplicate (unique_violation). */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}

/**
 * Rows of a raw SQL query, typed as the caller's SELECT names its columns: nothing checks them
 * against Row, so this is the one place that trust is written down.
 */
export async function queryRows<Row>(db: Database | Tx, query: SQL): Promise<Row[]> {
  const { rows } = await db.execute(query);
  return rows as Row[];
}

/**
 * Reads that do not depend on each other: together on the pool (each on a client of its own), but
 * one after another inside a transaction, whose one client takes one query at a time (pg queues a
 * second one, warns that this is deprecated, and pg@9 refuses it).
 */
export function readTogether<A, B>(db: Database | Tx, a: () => PromiseLike<A>, b: () => PromiseLike<B>): Promise<[A, B]>;
export function readTogether<A, B, C>(db: Database | Tx, a: () => PromiseLike<A>, b: () => PromiseLike<B>, c: () => PromiseLike<C>): Promise<[A, B, C]>;
export async function readTogether<A, B, C>(
  db: Database | Tx,
  a: () => PromiseLike<A>,
  b: () => PromiseLike<B>,
  c?: () => PromiseLike<C>,
): Promise<[A, B] | [A, B, C]> {
  if (!(db instanceof PgTransaction)) return c ? Promise.all([a(), b(), c()]) : Promise.all([a(), b()]);
  const first = await a();
  const second = await b();
  return c ? [first, second, await c()] : [first, second];
}
