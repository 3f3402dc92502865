/**
 * One transaction on either driver, seen through the same two calls, for the code that speaks SQL
 * directly (the migrator, backup and restore) and so runs unchanged on PGlite and on PostgreSQL.
 */
import type { Pool } from 'pg';

/** Either database through node-postgres: PGlite's pool is one connection to its thread (pglite/thread.ts). */
export type MigrationTarget = { kind: 'pglite' | 'postgres'; pool: Pool };

export interface SqlSession {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Statements without parameters (several allowed). */
  exec(sql: string): Promise<void>;
}

/** Runs `work` inside BEGIN ... COMMIT (ROLLBACK on any error). `begin` is the full BEGIN statement. */
export async function inTransaction<T>(target: MigrationTarget, begin: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = await target.pool.connect();
  try {
    await client.query(begin);
    try {
      const result = await work({
        query: async <R>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as R[],
        exec: async (sql) => {
          await client.query(sql);
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  } finally {
    client.release();
  }
}
