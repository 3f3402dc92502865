/** Reading a whole database as PostgreSQL prints it, to compare two databases (or one, before and after). */
import type { MigrationTarget } from '../../src/db/migrate';

export async function query<R>(target: MigrationTarget, sql: string): Promise<R[]> {
  return (await target.pool.query(sql)).rows as R[];
}

/**
 * Every row of every table, as PostgreSQL itself prints it (row::text, generated columns and bytea
 * included), in a stable order. Independent of the backup code, which never reads rows this way.
 */
export async function everyRow(target: MigrationTarget): Promise<Record<string, string[]>> {
  const read = async (run: <R>(sql: string) => Promise<R[]>) => {
    await run("SET TimeZone = 'UTC'");
    const tables = await run<{ name: string }>(
      "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1",
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) result[name] = (await run<{ r: string }>(`SELECT t::text AS r FROM "${name}" t ORDER BY 1`)).map((row) => row.r);
    await run('RESET TimeZone');
    return result;
  };
  const client = await target.pool.connect();
  try {
    return await read(async <R>(sql: string) => (await client.query(sql)).rows as R[]);
  } finally {
    client.release();
  }
}
