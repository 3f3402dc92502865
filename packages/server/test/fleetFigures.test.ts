/**
 * The fleet report's kept figures (docs/decisions/121, migration 0045) always say what the tables
 * say: after bookings are made, moved to other days or cars, cancelled and re-opened, folio lines
 * added and voided, blocks, services, repairs and papers added, changed and removed, the report read
 * from the kept months (and the cut ones from the tables) is the report computed from the tables
 * alone, for whole months, cut months, one day and three years; a rebuild from scratch changes
 * nothing. On PostgreSQL, two transactions writing one car's month at once both count. Each booking
 * is counted by its key, whatever the planner's statistics say (migration 0050).
 */
import { type FleetReport } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types';
import { queryRows } from '../src/db/types';
import { fleetReport } from '../src/features/fleetReport/report';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp, TEST_DATABASE_URL, testApi } from './helpers';
import { addCar, customersWithTokens, insertBooking } from './support/fleet';

const RANGES: [string, string][] = [
  ['2025-01-01', '2025-06-30'], // whole months only
  ['2025-01-15', '2025-06-10'], // both ends cut
  ['2025-03-01', '2025-03-31'], // one whole month
  ['2025-03-05', '2025-03-20'], // inside one month
  ['2025-02-28', '2025-03-01'], // across a month's end, a day each side
  ['2025-04-30', '2025-04-30'], // one day
  ['2024-12-01', '2025-12-31'], // reaching past every booking
  ['2023-01-01', '2025-12-31'], // three years
];

/** A fixed sequence of numbers that looks random (mulberry32): the same changes every run. */
function randomFrom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dayOf(offset: number): string {
  return new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10);
}

describe(`The fleet report's kept figures (${describeDatabase})`, () => {
  let t: TestApp;
  let db: Database;
  let owner: Account;
  let customer: { id: string };
  const cars: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db;
    owner = await createOwner(t.app);
    [customer] = (await customersWithTokens(t.app, 1)) as [{ id: string; token: string }];
    for (const model of ['Axio', 'Fit', 'Rio']) cars.push((await addCar(t.app, owner.token, { brand: 'Test', model, pricePerDay: 4000 }))._id);
  });
  afterAll(() => t?.close());

  /** Every range's report, kept and from the tables, with the cars in one order. */
  async function expectKeptEqualsTables(when: string) {
    const byCar = (r: FleetReport) => ({ ...r, cars: [...r.cars].sort((a, b) => a.carId.localeCompare(b.carId)) });
    for (const [from, to] of RANGES) {
      const kept = byCar(await fleetReport(db, from, to, 'JMD'));
      const tables = byCar(await fleetReport(db, from, to, 'JMD', { fromTables: true }));
      expect(kept, `${when}: ${from} to ${to}`).toEqual(tables);
    }
  }

  /** A write the database may refuse (two bookings or a block on one day): refused, it changes nothing. */
  async function tryWrite(write: () => Promise<unknown>) {
    try {
      await write();
    } catch {
      // The overlap constraints said no; the figures must not have moved either.
    }
  }

  const bookingIds = () => queryRows<{ id: string }>(db, sql`SELECT id FROM bookings ORDER BY id`).then((rows) => rows.map((r) => r.id));
  const chargeIds = () =>
    queryRows<{ id: string }>(
      db,
      sql`SELECT l.id FROM folio_lines l WHERE l.amount > 0 AND NOT EXISTS (SELECT 1 FROM folio_lines v WHERE v.voids_line_id = l.id) ORDER BY l.id`,
    ).then((rows) => rows.map((r) => r.id));

  it('follows random changes of bookings, folios, blocks and costs, and equals a rebuild from scratch', async () => {
    const random = randomFrom(20261129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const span = () => {
      const start = Math.floor(random() * 170);
      // Mostly short rentals, some long ones across one or two months' ends.
      const length = random() < 0.7 ? 1 + Math.floor(random() * 6) : 10 + Math.floor(random() * 50);
      return [dayOf(start), dayOf(start + length - 1)] as const;
    };
    const steps: Record<string, () => Promise<unknown>> = {
      book: async () => {
        const [pickupDate, returnDate] = span();
        await insertBooking(db, { carId: pick(cars), userId: customer.id, pickupDate, returnDate, price: 1000 + Math.floor(random() * 90_000) });
      },
      move: async () => {
        const [pickupDate, returnDate] = span();
        await db.execute(sql`UPDATE bookings SET pickup_date = ${pickupDate}, return_date = ${returnDate} WHERE id = ${pick(await bookingIds())}`);
      },
      moveToAnotherCar: async () => db.execute(sql`UPDATE bookings SET car_id = ${pick(cars)} WHERE id = ${pick(await bookingIds())}`),
      cancel: async () => db.execute(sql`UPDATE bookings SET status = ${pick(['cancelled', 'no_show'])} WHERE id = ${pick(await bookingIds())}`),
      reopen: async () =>
        db.execute(sql`UPDATE bookings SET status = 'confirmed' WHERE id = ${pick(await bookingIds())} AND status IN ('cancelled', 'no_show')`),
      charge: async () => {
        // Two bookings' charges in one statement: the folio's trigger counts each once.
        const [a, b] = [pick(await bookingIds()), pick(await bookingIds())];
        await db.execute(sql`INSERT INTO folio_lines (booking_id, kind, label, amount, gct) VALUES
          (${a}, 'toll', 'Highway 2000', ${1 + Math.floor(random() * 5000)}, 0),
          (${b}, 'damage', 'Scratch', ${1 + Math.floor(random() * 20_000)}, 0),
          (${a}, 'discount', 'Good customer', ${-Math.floor(random() * 700)}, 0)`);
      },
      voidLine: async () => {
        const line = pick(await chargeIds());
        await db.execute(sql`INSERT INTO folio_lines (booking_id, kind, label, amount, gct, voids_line_id, reason)
          SELECT booking_id, kind, label, -amount, -gct, id, 'Charged by mistake' FROM folio_lines WHERE id = ${line}`);
      },
      block: async () => {
        const [pickupDate, returnDate] = span();
        await db.execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date, note) VALUES (${pick(cars)}, ${pickupDate}, ${returnDate}, 'Brakes')`);
      },
      moveBlock: async () => {
        const [pickupDate, returnDate] = span();
        await db.execute(sql`UPDATE car_blocks SET pickup_date = ${pickupDate}, return_date = ${returnDate}, car_id = ${pick(cars)}
          WHERE id = (SELECT id FROM car_blocks ORDER BY id LIMIT 1 OFFSET ${Math.floor(random() * 3)})`);
      },
      unblock: async () => db.execute(sql`DELETE FROM car_blocks WHERE id = (SELECT id FROM car_blocks ORDER BY id LIMIT 1)`),
      service: async () =>
        db.execute(sql`INSERT INTO car_services (car_id, service_date, odometer_km, cost, garage, created_by)
          VALUES (${pick(cars)}, ${span()[0]}, 10000, ${Math.floor(random() * 30_000)}, 'Portmore Auto', ${owner.user._id})`),
      changeService: async () =>
        db.execute(sql`UPDATE car_services SET service_date = ${span()[0]}, cost = ${Math.floor(random() * 30_000)}, car_id = ${pick(cars)}
          WHERE id = (SELECT id FROM car_services ORDER BY id LIMIT 1 OFFSET ${Math.floor(random() * 2)})`),
      removeService: async () => db.execute(sql`DELETE FROM car_services WHERE id = (SELECT id FROM car_services ORDER BY id LIMIT 1)`),
      repair: async () => {
        // Late in the evening in Jamaica on a month's last day: the next month's in UTC.
        const at = random() < 0.5 ? `${span()[0]}T15:00:00Z` : `${pick(['2025-01-31', '2025-02-28', '2025-03-31'])}T04:30:00Z`;
        await db.execute(sql`INSERT INTO car_damages (car_id, zone, description, view, repaired_at, repair_cost)
          VALUES (${pick(cars)}, 'front', 'Cracked bumper', 'front', ${at}, ${random() < 0.8 ? Math.floor(random() * 40_000) : null})`);
      },
      changeRepair: async () =>
        db.execute(sql`UPDATE car_damages SET repair_cost = ${random() < 0.5 ? null : 999}, repaired_at = coalesce(repaired_at, now())
          WHERE id = (SELECT id FROM car_damages ORDER BY id LIMIT 1)`),
      paper: async () =>
        db.execute(sql`INSERT INTO car_papers (car_id, kind, expires_on, cost, paid_on)
          VALUES (${pick(cars)}, 'registration', '2027-01-01', ${random() < 0.8 ? Math.floor(random() * 60_000) : null}, ${random() < 0.9 ? span()[0] : null})`),
      changePaper: async () =>
        db.execute(sql`UPDATE car_papers SET paid_on = ${span()[0]}, cost = ${random() < 0.3 ? null : 1234}
          WHERE id = (SELECT id FROM car_papers ORDER BY id LIMIT 1)`),
    };

    // A booking across two months' ends to begin with, and one of each kind of change.
    await insertBooking(db, { carId: cars[0]!, userId: customer.id, pickupDate: '2025-01-25', returnDate: '2025-03-04', price: 77_777 });
    for (const step of Object.values(steps)) await tryWrite(step);
    await expectKeptEqualsTables('one change of each kind');

    const names = Object.keys(steps);
    for (let round = 1; round <= 6; round++) {
      for (let i = 0; i < 25; i++) {
        const name = random() < 0.3 ? 'book' : pick(names);
        await tryWrite(steps[name]!);
      }
      await expectKeptEqualsTables(`round ${round}`);
    }

    // And one of each cost and a block, on days the changes above did not leave to chance.
    await db.execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date) VALUES (${cars[2]!}, '2025-11-28', '2025-12-02')`);
    await steps.service!();
    await db.execute(sql`INSERT INTO car_damages (car_id, zone, description, view, repaired_at, repair_cost)
      VALUES (${cars[1]!}, 'back', 'Dent', 'back', '2025-11-30T23:30:00-05:00', 15000)`);
    await db.execute(sql`INSERT INTO car_papers (car_id, kind, expires_on, cost, paid_on) VALUES (${cars[0]!}, 'fitness', '2026-11-30', 4000, '2025-11-30')`);
    await expectKeptEqualsTables('a cost of each kind');

    // Something happened: rented days, revenue and each kind of cost.
    const year = await fleetReport(db, '2025-01-01', '2025-12-31', 'JMD');
    expect(year.totals.rentedDays).toBeGreaterThan(100);
    expect(year.totals.blockedDays).toBeGreaterThan(0);
    expect(year.totals.revenue).toBeGreaterThan(0);
    expect(Object.values(year.totals.costs).every((amount) => amount > 0)).toBe(true);

    // What the triggers kept is what a count from scratch keeps, row for row.
    const kept = () =>
      queryRows(db, sql`SELECT * FROM derived.fleet_month_figures WHERE items <> 0 ORDER BY month, car_id`).then((rows) => JSON.stringify(rows));
    const before = await kept();
    await db.execute(sql`SELECT derived.fleet_figures_rebuild()`);
    expect(await kept()).toBe(before);

    // And the call answers what the tables say.
    const { report } = await testApi(t.app, owner.token).call('fleetReport', { query: { from: '2025-01-15', to: '2025-06-10' } });
    const tables = await fleetReport(db, '2025-01-15', '2025-06-10', 'JMD', { fromTables: true });
    expect(report.totals).toEqual(tables.totals);
  });

  /** Waits until another session of this database waits on a lock (the second writer is queued). */
  async function untilSomeoneWaits() {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ waiting: number }>(
        db,
        sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (row!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The second writer never waited for the first');
  }

  /** The first write's transaction stays open until the second is waiting for it; then both commit. */
  async function writeAtOnce(first: (tx: Database) => Promise<unknown>, second: (tx: Database) => Promise<unknown>) {
    let wrote!: () => void;
    let release!: () => void;
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const one = db.transaction(async (tx) => {
      await first(tx as unknown as Database);
      wrote();
      await released;
    });
    await firstWrote;
    const two = db.transaction(async (tx) => second(tx as unknown as Database));
    try {
      // The second writer must queue behind the first (its lock), not finish nor fail on its own.
      await Promise.race([untilSomeoneWaits(), two.then(() => Promise.reject(new Error('The second writer did not wait for the first')))]);
    } finally {
      release();
    }
    await Promise.all([one, two]);
  }

  it('counts each new booking by its key, never by reading every booking counted before', async () => {
    const car = (await addCar(t.app, owner.token, { brand: 'Test', model: 'Vitz', pricePerDay: 4000 }))._id;
    const read = await db.transaction(async (tx) => {
      // What this connection has read of the table and not yet reported (PGlite reports seldom:
      // what it read before this transaction is in it too, hence the difference).
      const tableRead = async () => {
        const [row] = await queryRows<{ rows: number }>(
          tx,
          sql`SELECT coalesce(sum(seq_tup_read), 0)::int AS rows FROM pg_stat_xact_user_tables WHERE schemaname = 'derived' AND relname = 'fleet_booking_counted'`,
        );
        return row!.rows;
      };
      const before = await tableRead();
      // One day each, far from the ranges above; one statement, as a seed or an import writes them.
      await tx.execute(sql`
        INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method)
        SELECT ${car}::uuid, ${customer.id}::uuid, date '1950-01-01' + i, date '1950-01-01' + i, 4000, 'confirmed', 'upfront'
        FROM generate_series(1, 300) AS i`);
      return (await tableRead()) - before;
    });
    // A plan kept from when the table was empty read it whole for every booking: 300 bookings read
    // tens of thousands of rows, and 100,000 took half an hour. By key, none.
    expect(read).toBe(0);
    const [counted] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM derived.fleet_booking_counted WHERE car_id = ${car}`);
    expect(counted!.n).toBe(300);
  });

  it.runIf(TEST_DATABASE_URL)('counts two transactions writing one car’s month at once', async () => {
    const car = (await addCar(t.app, owner.token, { brand: 'Test', model: 'Note', pricePerDay: 4000 }))._id;
    const a = await insertBooking(db, { carId: car, userId: customer.id, pickupDate: '2025-08-20', returnDate: '2025-09-06', price: 10_001 });
    const b = await insertBooking(db, { carId: car, userId: customer.id, pickupDate: '2025-08-10', returnDate: '2025-08-12', price: 5_003 });
    const line = (booking: string, amount: number) =>
      sql`INSERT INTO folio_lines (booking_id, kind, label, amount, gct) VALUES (${booking}, 'toll', 'Toll', ${amount}, 0)`;

    // Two charges on one booking (its spread is not linear in them: each must see the other's).
    await writeAtOnce(
      (tx) => tx.execute(line(a, 1_001)),
      (tx) => tx.execute(line(a, 2_003)),
    );
    // A block and another booking's charge in the same car's August.
    await writeAtOnce(
      (tx) => tx.execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date) VALUES (${car}, '2025-08-01', '2025-08-03')`),
      (tx) => tx.execute(line(b, 707)),
    );
    // A booking moved from August into September while a service is logged for September.
    await writeAtOnce(
      (tx) => tx.execute(sql`UPDATE bookings SET pickup_date = '2025-09-14', return_date = '2025-09-16' WHERE id = ${b}`),
      (tx) =>
        tx.execute(sql`INSERT INTO car_services (car_id, service_date, odometer_km, cost, garage, created_by)
          VALUES (${car}, '2025-09-15', 5000, 9000, 'Portmore Auto', ${owner.user._id})`),
    );

    for (const [from, to] of [
      ['2025-08-01', '2025-09-30'],
      ['2025-08-05', '2025-09-02'],
    ] as const) {
      const kept = await fleetReport(db, from, to, 'JMD');
      const tables = await fleetReport(db, from, to, 'JMD', { fromTables: true });
      expect(kept.cars.find((c) => c.carId === car)).toEqual(tables.cars.find((c) => c.carId === car));
    }
    const [august, september] = (await fleetReport(db, '2025-08-01', '2025-09-30', 'JMD')).cars.find((c) => c.carId === car)!.byMonth.rentedDays;
    expect([august, september]).toEqual([12, 6 + 3]);
    const both = (await fleetReport(db, '2025-08-01', '2025-09-30', 'JMD')).cars.find((c) => c.carId === car)!;
    expect(both.blockedDays).toBe(3);
    expect(both.costs.services).toBe(9000);
    // Every charge counted once: the two made at once on one booking, the other booking's.
    const [lines] = await queryRows<{ net: number; tolls: number }>(
      db,
      sql`SELECT sum(amount)::int AS net, (sum(amount) FILTER (WHERE kind = 'toll'))::int AS tolls FROM folio_lines WHERE booking_id IN (${a}, ${b})`,
    );
    expect(lines!.tolls).toBe(1_001 + 2_003 + 707);
    expect(both.revenue).toBe(lines!.net);
  });
});
