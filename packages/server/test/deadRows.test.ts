/**
 * PGlite has no autovacuum: the server cleans dead rows itself (db/pglite/deadRows.ts), a table at a
 * time, once enough of a table's rows are dead to be worth the connection's time.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanDeadRows, nightOf } from '../src/db/pglite/deadRows';
import { queryRows } from '../src/db/types';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';

describe(`dead rows cleaned (${describeDatabase})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.execute(sql`CREATE TABLE upkeep_probe (id integer PRIMARY KEY, status text NOT NULL)`);
    await t.db.execute(sql`INSERT INTO upkeep_probe SELECT i, 'confirmed' FROM generate_series(1, 2000) i`);
  }, 120_000);
  afterAll(() => t?.close());

  /** Changes rows, then has their counts written where pg_stat_user_tables reads them. */
  async function change(rows: number, status: string) {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE upkeep_probe SET status = ${status} WHERE id <= ${rows}`);
      await tx.execute(sql`SELECT pg_stat_force_next_flush()`);
    });
  }
  const deadRows = async () =>
    (await queryRows<{ dead: number }>(t.db, sql`SELECT n_dead_tup::integer AS dead FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'`))[0]?.dead ?? 0;

  it('cleans a table with many dead rows, and leaves it until it has more', async () => {
    await change(1000, 'returned');
    await expect.poll(deadRows, { timeout: 30_000 }).toBeGreaterThanOrEqual(1000);
    const cleaned = await cleanDeadRows(t.db);
    const probe = cleaned.find(({ table }) => table === 'upkeep_probe');
    expect(probe?.deadRows).toBeGreaterThanOrEqual(1000);
    expect(probe?.ms).toBeGreaterThanOrEqual(0);
    await expect.poll(deadRows, { timeout: 30_000 }).toBe(0);
    const [size] = await queryRows<{ live: number }>(t.db, sql`SELECT count(*)::integer AS live FROM upkeep_probe WHERE status = 'returned'`);
    expect(size?.live).toBe(1000);
    // Nothing dead now: the next round passes it by.
    expect((await cleanDeadRows(t.db)).map(({ table }) => table)).not.toContain('upkeep_probe');
  });

  it('leaves a table whose dead rows are too few to be worth holding the database for', async () => {
    await change(40, 'cancelled');
    await expect.poll(deadRows, { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    expect((await cleanDeadRows(t.db)).map(({ table }) => table)).not.toContain('upkeep_probe');
    expect(await deadRows()).toBeGreaterThanOrEqual(40);
  });

  it('cleans every table in the first round after a start, whatever the counts say (PGlite forgets them when it stops)', async () => {
    await expect.poll(deadRows, { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    const tables = (await cleanDeadRows(t.db, { everyTable: true })).map(({ table }) => table);
    expect(tables).toContain('upkeep_probe');
    expect(tables).toContain('bookings');
    await expect.poll(deadRows, { timeout: 30_000 }).toBe(0);
  });

  it("cleans indexes too in the night's round, every table", async () => {
    await change(300, 'returned');
    await expect.poll(deadRows, { timeout: 30_000 }).toBeGreaterThanOrEqual(300);
    const cleaned = await cleanDeadRows(t.db, { everyTable: true, indexes: true });
    expect(cleaned.map(({ table }) => table)).toEqual(expect.arrayContaining(['upkeep_probe', 'bookings', 'outbox']));
    await expect.poll(deadRows, { timeout: 30_000 }).toBe(0);
  });
});

describe('the night of the full cleaning', () => {
  it('starts at 03:00 in Jamaica (UTC-5), and belongs to that day', () => {
    expect(nightOf(new Date('2026-11-29T07:59:59Z'))).toBeNull();
    expect(nightOf(new Date('2026-11-29T08:00:00Z'))).toBe('2026-11-29');
    expect(nightOf(new Date('2026-11-30T04:30:00Z'))).toBe('2026-11-29');
  });
});
