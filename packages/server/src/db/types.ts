import type { SQL } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** One type for both drivers (PGlite and node-postgres), so features never care which runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database, as a feature receives it from the caller that opened it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** SQLSTATE of a database error; drizzle 0.45 wraps driver errors, so look at the cause too. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
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
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the shared Database type cannot
 * say so (its result type is the drivers' common denominator), hence this one narrow cast.
 */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Reads that do not depend on each other: together on the pool (each on a client of its own), but
 * one after another inside a transaction, whose one client takes one query at a time (pg queues a
 * second one, warns that this is deprecated, and pg@9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(db: Database, ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
