/**
 * A small SQL session on a benchmark's database, whichever kind: `target` is { databaseUrl } or
 * { dataDir } (PGlite only while no server holds the folder). `query` answers the rows, `write` the
 * number of rows the statement wrote.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';

export async function session(target) {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      write: async (sql, params) => (await client.query(sql, params)).rowCount,
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(target.dataDir, { extensions: { btree_gist } });
  return {
    query: async (sql, params) => (await db.query(sql, params)).rows,
    write: async (sql, params) => (await db.query(sql, params)).affectedRows,
    close: () => db.close(),
  };
}
