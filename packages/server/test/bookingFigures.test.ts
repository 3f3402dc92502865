/**
 * The dashboard's kept booking figures (docs/decisions/131, migration 0055) always say what the
 * bookings say: after bookings are made, change status, price and pickup day, and are removed, the
 * kept counts and revenue by month equal a count of the bookings table itself, and the dashboard
 * answers what the one pass over every booking answered before. On PostgreSQL, two transactions
 * booking in one month at once both count, and the second does not wait for the first unless their
 * connections share a slot.
 */
import { companyToday } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types';
import { queryRows } from '../src/db/types';
import { monthStarts } from '../src/features/backOffice/dashboard';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp, TEST_DATABASE_URL, testApi } from './helpers';
import { addCar, customersWithTokens, insertBooking } from './support/fleet';

const STATUSES = ['pending', 'confirmed', 'cancelled', 'on_rent', 'returned', 'no_show'] as const;

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

/** `offset` days from today, company time: the changes fall around the dashboard's twelve months. */
function dayFrom(today: string, offset: number): string {
  const [y = NaN, m = NaN, d = NaN] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** Month -> [bookings, pending, confirmed, revenue], months with nothing left out. */
type Figures = Record<string, [number, number, number, number]>;

function figuresOf(rows: { month: string; bookings: unknown; pending: unknown; confirmed: unknown; revenue: unknown }[]): Figures {
  const figures: Figures = {};
  for (const row of rows) {
    const values = [row.bookings, row.pending, row.confirmed, row.revenue].map(Number) as Figures[string];
    if (values.some((v) => v !== 0)) figures[row.month] = values;
  }
  return figures;
}

describe(`The dashboard's kept booking figures (${describeDatabase})`, () => {
  let t: TestApp;
  let db: Database;
  let owner: Account;
  let customer: { id: string };
  const cars: string[] = [];
  const today = companyToday();

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db;
    owner = await createOwner(t.app);
    [customer] = (await customersWithTokens(t.app, 1)) as [{ id: string; token: string }];
    for (const model of ['Axio', 'Fit', 'Rio', 'Vitz']) cars.push((await addCar(t.app, owner.token, { brand: 'Test', model, pricePerDay: 4000 }))._id);
  });
  afterAll(() => t?.close());

  const kept = async () =>
    figuresOf(
      await queryRows(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, sum(bookings) AS bookings, sum(pending) AS pending,
                   sum(confirmed) AS confirmed, sum(revenue) AS revenue
            FROM derived.booking_figures GROUP BY month ORDER BY month`,
      ),
    );
  const fromBookings = async () =>
    figuresOf(
      await queryRows(
        db,
        sql`SELECT to_char(pickup_date, 'YYYY-MM') AS month, count(*) AS bookings, count(*) FILTER (WHERE status = 'pending') AS pending,
                   count(*) FILTER (WHERE status = 'confirmed') AS confirmed, coalesce(sum(price) FILTER (WHERE status = 'confirmed'), 0) AS revenue
            FROM bookings GROUP BY 1 ORDER BY 1`,
      ),
    );

  /** The dashboard's figures as the one pass over every booking computed them before 0055. */
  async function dashboardFromBookings() {
    const starts = monthStarts(today);
    const months = starts.map((s) => s.slice(0, 7));
    const figures = await fromBookings();
    const all = Object.values(figures);
    const sum = (i: number) => all.reduce((n, f) => n + f[i]!, 0);
    const revenueByMonth = months.map((month) => ({ month, revenue: figures[month]?.[3] ?? 0 }));
    return {
      totalBookings: sum(0),
      pendingBookings: sum(1),
      completedBookings: sum(2),
      monthlyRevenue: revenueByMonth.at(-1)!.revenue,
      revenueByMonth,
    };
  }

  async function expectKeptEqualsBookings(when: string) {
    expect(await kept(), when).toEqual(await fromBookings());
    const data = (await testApi(t.app, owner.token).call('dashboard')).dashboardData;
    const { totalBookings, pendingBookings, completedBookings, monthlyRevenue, revenueByMonth } = data;
    expect({ totalBookings, pendingBookings, completedBookings, monthlyRevenue, revenueByMonth }, when).toEqual(await dashboardFromBookings());
  }

  /** A write the database may refuse (two bookings of one car on one day): refused, it changes nothing. */
  async function tryWrite(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch {
      return false;
    }
  }

  const bookingIds = () => queryRows<{ id: string }>(db, sql`SELECT id FROM bookings ORDER BY id`).then((rows) => rows.map((r) => r.id));

  it('follows random bookings, status, price and day changes and removals, and equals a rebuild from scratch', async () => {
    const random = randomFrom(20261129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    // From 14 months back to 3 ahead: inside and outside the chart's twelve months.
    const span = () => {
      const start = Math.floor(random() * 510) - 420;
      const length = random() < 0.8 ? 1 + Math.floor(random() * 5) : 20 + Math.floor(random() * 30);
      return [dayFrom(today, start), dayFrom(today, start + length - 1)] as const;
    };
    let removed = 0;
    const steps: Record<string, () => Promise<unknown>> = {
      book: async () => {
        const [pickupDate, returnDate] = span();
        const status = pick(['pending', 'confirmed', 'cancelled'] as const);
        await insertBooking(db, { carId: pick(cars), userId: customer.id, pickupDate, returnDate, price: 1000 + Math.floor(random() * 90_000), status });
      },
      status: async () => db.execute(sql`UPDATE bookings SET status = ${pick(STATUSES)} WHERE id = ${pick(await bookingIds())}`),
      price: async () => db.execute(sql`UPDATE bookings SET price = ${1 + Math.floor(random() * 120_000)} WHERE id = ${pick(await bookingIds())}`),
      move: async () => {
        const [pickupDate, returnDate] = span();
        await db.execute(sql`UPDATE bookings SET pickup_date = ${pickupDate}, return_date = ${returnDate} WHERE id = ${pick(await bookingIds())}`);
      },
      // Status and price in one statement, and where it was made alone (which counts nothing).
      statusAndPrice: async () => db.execute(sql`UPDATE bookings SET status = 'confirmed', price = price + 1 WHERE id = ${pick(await bookingIds())}`),
      madeFrom: async () => db.execute(sql`UPDATE bookings SET made_from = 'phone' WHERE id = ${pick(await bookingIds())}`),
      // The app never removes a booking; someone at the database might. Its folio goes first, its
      // append-only guard (a trigger) set aside for that statement alone; the booking's own triggers fire.
      remove: async () => {
        const id = pick(await bookingIds());
        await db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL session_replication_role = replica`);
          await tx.execute(sql`DELETE FROM folio_lines WHERE booking_id = ${id}`);
          await tx.execute(sql`SET LOCAL session_replication_role = origin`);
          await tx.execute(sql`DELETE FROM bookings WHERE id = ${id}`);
        });
        removed++;
      },
    };

    for (let i = 0; i < 12; i++) await tryWrite(steps.book!);
    for (const step of Object.values(steps)) await tryWrite(step);
    await expectKeptEqualsBookings('one change of each kind');

    const names = Object.keys(steps);
    for (let round = 1; round <= 6; round++) {
      for (let i = 0; i < 25; i++) await tryWrite(steps[random() < 0.3 ? 'book' : pick(names)]!);
      await expectKeptEqualsBookings(`round ${round}`);
    }

    // Something happened: bookings of each counted kind, revenue this month and in earlier ones.
    const data = (await testApi(t.app, owner.token).call('dashboard')).dashboardData;
    expect(data.totalBookings).toBeGreaterThan(30);
    expect(data.pendingBookings).toBeGreaterThan(0);
    expect(data.completedBookings).toBeGreaterThan(0);
    expect(data.revenueByMonth.filter((m) => m.revenue > 0).length).toBeGreaterThan(3);
    expect(removed).toBeGreaterThan(0);

    // A rebuild from scratch (a restore's end) gives the same sums.
    const before = await kept();
    await db.execute(sql`SELECT derived.booking_figures_rebuild()`);
    expect(await kept()).toEqual(before);
  });

  /** Whether another session of this database waits on a lock now. */
  async function someoneWaits() {
    const [row] = await queryRows<{ waiting: number }>(
      db,
      sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return row!.waiting > 0;
  }

  it.runIf(TEST_DATABASE_URL)('counts two transactions booking in one month at once, each on its own row', async () => {
    const before = await kept();
    const month = today.slice(0, 7);
    const book = async (tx: Database, car: string, price: number) => {
      await insertBooking(tx, {
        carId: car,
        userId: customer.id,
        pickupDate: dayFrom(today, 200),
        returnDate: dayFrom(today, 201),
        price,
        status: 'confirmed',
      });
      await insertBooking(tx, { carId: car, userId: customer.id, pickupDate: today, returnDate: today, price, status: 'confirmed' });
      const [row] = await queryRows<{ slot: number }>(tx, sql`SELECT (pg_backend_pid() % 64)::int AS slot`);
      return row!.slot;
    };
    const first = await addCar(t.app, owner.token, { brand: 'Test', model: 'Note', pricePerDay: 4000 });
    const second = await addCar(t.app, owner.token, { brand: 'Test', model: 'Demio', pricePerDay: 4000 });

    let wrote!: (slot: number) => void;
    let release!: () => void;
    const firstWrote = new Promise<number>((resolve) => (wrote = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const one = db.transaction(async (tx) => {
      wrote(await book(tx as unknown as Database, first._id, 10_001));
      await released;
    });
    const firstSlot = await firstWrote;
    let secondSlot: number | undefined;
    const two = db.transaction(async (tx) => (secondSlot = await book(tx as unknown as Database, second._id, 20_003)));
    // The second either ends while the first is still open (its own row) or queues behind it (a shared slot).
    let waited = false;
    try {
      const deadline = Date.now() + 20_000;
      let done = false;
      void two.then(() => (done = true)).catch(() => (done = true));
      while (!done && !waited && Date.now() < deadline) {
        waited = await someoneWaits();
        if (!waited) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      release();
    }
    await Promise.all([one, two]);
    expect(waited).toBe(secondSlot === firstSlot);

    const after = await kept();
    const grew = (m: string) => after[m]!.map((v, i) => v - (before[m]?.[i] ?? 0));
    expect(grew(month)).toEqual([2, 0, 2, 10_001 + 20_003]);
    expect(grew(dayFrom(today, 200).slice(0, 7))).toEqual([2, 0, 2, 10_001 + 20_003]);
    expect(after).toEqual(await fromBookings());
  });

  it('counts nothing once the bookings are emptied, and counts again after', async () => {
    await db.execute(sql`TRUNCATE bookings CASCADE`);
    expect(await kept()).toEqual({});
    await insertBooking(db, { carId: cars[0]!, userId: customer.id, pickupDate: today, returnDate: today, price: 5000, status: 'confirmed' });
    await expectKeptEqualsBookings('after emptying');
    expect(await kept()).toEqual({ [today.slice(0, 7)]: [1, 0, 1, 5000] });
  });
});
