/**
 * PGlite in its own thread (decision 078): reached through node-postgres like PostgreSQL, it must
 * behave like a server would: a connection that goes away takes its unfinished transaction with it,
 * the next connection starts clean, the data directory keeps what was committed, and the server's
 * thread stays free while a statement runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from '../src/db/pglite/thread';

describe('PGlite in its own thread', () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await startPgliteThread({});
    await thread.pool.query('CREATE TABLE cars (plate text PRIMARY KEY)');
  });
  afterAll(() => thread?.close());

  it('rolls back what a dropped connection left unfinished, and the next connection starts clean', async () => {
    const first = await thread.pool.connect();
    await first.query('BEGIN');
    await first.query('INSERT INTO cars VALUES ($1)', ['LEFT-1']);
    first.release(new Error('connection dropped')); // destroys it, as pg-pool does after an error
    const { rows } = await thread.pool.query('SELECT count(*)::int AS n FROM cars WHERE plate = $1', ['LEFT-1']);
    expect(rows[0].n).toBe(0);
    const { rows: state } = await thread.pool.query("SELECT current_setting('transaction_isolation') AS level, now() = statement_timestamp() AS fresh");
    expect(state[0].fresh).toBe(true); // not inside the dropped connection's transaction
  });

  it('a failed statement costs its connection, and the next one can prepare the same statements again', async () => {
    const named = { name: 'car_by_plate', text: 'SELECT plate FROM cars WHERE plate = $1' };
    await thread.pool.query('INSERT INTO cars VALUES ($1)', ['KEPT-1']);
    expect((await thread.pool.query({ ...named, values: ['KEPT-1'] })).rows).toEqual([{ plate: 'KEPT-1' }]);
    await expect(thread.pool.query('INSERT INTO cars VALUES ($1)', ['KEPT-1'])).rejects.toThrow(/duplicate key/);
    // A new connection on the same backend: "prepared statement already exists" unless it was reset.
    expect((await thread.pool.query({ ...named, values: ['KEPT-1'] })).rows).toEqual([{ plate: 'KEPT-1' }]);
  });

  it("keeps the server's thread free while a statement runs", async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await thread.pool.query('SELECT pg_sleep(0.3)');
    counting = false;
    // On the server's own thread the statement would have held every turn until it ended.
    expect(turns).toBeGreaterThan(10);
  });
});

describe('PGlite in its own thread, on a data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rental-pglite-thread-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps what was committed after it is closed and opened again', async () => {
    const first = await startPgliteThread({ dataDir: dir });
    await first.pool.query('CREATE TABLE bookings (reference text)');
    await first.pool.query('INSERT INTO bookings VALUES ($1)', ['WR-ABCDEF']);
    await first.close();
    const again = await startPgliteThread({ dataDir: dir });
    try {
      expect((await again.pool.query('SELECT reference FROM bookings')).rows).toEqual([{ reference: 'WR-ABCDEF' }]);
    } finally {
      await again.close();
    }
  });
});
