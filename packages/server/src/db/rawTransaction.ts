/**
 * One transaction on either driver, seen through the same two calls, for the code that speaks SQL
 * directly (the migrator, backup and restore) and so runs unchanged on PGlite and on PostgreSQL.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';

export type MigrationTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool };

export interface SqlSession {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Statements without parameters (several allowed). */
  exec(sql: string): Promise<void>;
}

/** Runs `work` inside BEGIN ... COMMIT (ROLLBACK on any error). `begin` is the full BEGIN statement. */
export async function inTransaction<T>(target: MigrationTarget, begin: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
  if (target.kind === 'postgres') {
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
  // PGlite has one connection: its own transaction() serialises us against the app's queries.
  return target.client.transaction(async (tx) => {
    const characteristics = begin.replace(/^BEGIN\s*/i, '').trim();
    if (characteristics) await tx.exec(`SET TRANSACTION ${characteristics}`);
    return work({
      query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows,
      exec: async (sql) => {
        await tx.exec(sql);
      },
    });
  });
}
