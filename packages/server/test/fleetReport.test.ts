/**
 * What each car earns (docs/decisions/120): a car's rented days are the days of the bookings that
 * hold it, its utilisation those days over the days it was not blocked, its revenue its folios'
 * charges before GCT, net of voids, spread evenly over each booking's days; managers and owners
 * read it, a bad range is refused with its code, and the spreadsheet says what the report says.
 */
import { FLEET_REPORT_REFUSALS, type FleetReport } from '@rental/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import { type Account, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, refusalOf, type TestApp, testApi } from './helpers';
import { addCar, customersWithTokens, insertBooking } from './support/fleet';

const RANGE = { from: '2025-03-01', to: '2025-04-30' };

describe(`What each car earns (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let customer: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    [manager, agent] = [await createStaff(t.app, 'manager'), await createStaff(t.app, 'agent')];
    [customer] = (await customersWithTokens(t.app, 1)) as [{ id: string; token: string }];
  });
  afterAll(() => t?.close());

  const report = (query: Record<string, string>, token = manager.token) => testApi(t.app, token).call('fleetReport', { query });

  /** A booking of days gone by (the API rightly refuses them), in the status the counter would have left it. */
  async function pastBooking(carId: string, pickupDate: string, returnDate: string, price: number, status: 'on_rent' | 'returned' | 'cancelled') {
    const id = await insertBooking(t.app.db, { carId, userId: customer.id, pickupDate, returnDate, price, status: 'confirmed' });
    // Cancelling through the table: the folio's own trigger voids every charge, as it does for staff.
    await t.app.db.execute(sql`UPDATE bookings SET status = ${status} WHERE id = ${id}`);
    return id;
  }
  const lineIds = (bookingId: string) => queryRows<{ id: string }>(t.app.db, sql`SELECT id FROM folio_lines WHERE booking_id = ${bookingId} ORDER BY seq`);
  const netCharges = async (bookingId: string) =>
    (await queryRows<{ net: number }>(t.app.db, sql`SELECT coalesce(sum(amount), 0)::int AS net FROM folio_lines WHERE booking_id = ${bookingId}`))[0]!.net;

  /** One car with two rentals (one across the month's end), one before the range ending in it, a cancelled booking and a service block. */
  async function carWithAHistory() {
    const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', pricePerDay: 5000 });
    const march = await pastBooking(car._id, '2025-03-10', '2025-03-14', 50_000, 'returned');
    const acrossMonths = await pastBooking(car._id, '2025-03-29', '2025-04-02', 10_000, 'on_rent');
    const fromFebruary = await pastBooking(car._id, '2025-02-27', '2025-03-02', 8_000, 'returned');
    const cancelled = await pastBooking(car._id, '2025-04-10', '2025-04-12', 9_000, 'cancelled');
    // Staff charge after the return (GCT on top, which is the government's), and one charged by mistake, voided.
    const staff = testApi(t.app, manager.token);
    await staff.call('addCharge', { params: { id: march }, body: { kind: 'damage', label: 'Scratch on the bumper', amount: 3000, gctApplies: true } });
    const mistake = await staff.call('addCharge', {
      params: { id: march },
      body: { kind: 'cleaning', label: 'Sand in the car', amount: 2000, gctApplies: true },
    });
    const cleaning = mistake.folio.lines.find((line) => line.kind === 'cleaning')!;
    await staff.call('voidLine', { params: { id: march, lineId: cleaning.id }, body: { reason: 'Charged to the wrong car' } });
    await t.app.db.execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date, note) VALUES (${car._id}, '2025-04-20', '2025-04-24', 'Brakes')`);
    return { car, march, acrossMonths, fromFebruary, cancelled };
  }

  it('counts the days that hold the car, its utilisation over the days not blocked, and its charges before GCT spread over each booking’s days', async () => {
    const { car, march, acrossMonths, fromFebruary, cancelled } = await carWithAHistory();
    const [marchNet, acrossNet, februaryNet] = [await netCharges(march), await netCharges(acrossMonths), await netCharges(fromFebruary)];
    expect(await netCharges(cancelled)).toBe(0);
    expect((await lineIds(cancelled)).length).toBeGreaterThan(0);

    const { report: r } = await report(RANGE);
    expect(r).toMatchObject({ from: RANGE.from, to: RANGE.to, days: 61, months: ['2025-03', '2025-04'] });
    const row = r.cars.find((c) => c.carId === car._id)!;
    // 5 days in March, 3 + 2 across the month's end, the 1st and 2nd of March of February's; the cancelled booking's none.
    expect(row.rentedDays).toBe(5 + 5 + 2);
    expect(row.blockedDays).toBe(5);
    expect(row.availableDays).toBe(61 - 5);
    expect(row.utilisation).toBeCloseTo(12 / 56, 10);
    // Each booking's charges spread over its days: 3 of 5 days in March, 2 of February's 4 in the range.
    const acrossMarch = Math.floor((acrossNet * 3) / 5);
    const februaryInRange = februaryNet - Math.floor((februaryNet * 2) / 4);
    expect(row.byMonth.revenue).toEqual([marchNet + acrossMarch + februaryInRange, acrossNet - acrossMarch]);
    expect(row.revenue).toBe(marchNet + acrossNet + februaryInRange);
    expect(row.byMonth.rentedDays).toEqual([5 + 3 + 2, 2]);
    expect(row.byMonth.availableDays).toEqual([31, 30 - 5]);
    expect(row.costs).toEqual({ services: 0, repairs: 0, papers: 0, total: 0 });
    expect(row.difference).toBe(row.revenue - row.costs.total);
    expect(row).toMatchObject({ name: 'Nissan Note 2021', removed: false });

    // The fleet's totals are the cars' sums.
    const sum = (pick: (c: FleetReport['cars'][number]) => number) => r.cars.reduce((total, c) => total + pick(c), 0);
    expect(r.totals.rentedDays).toBe(sum((c) => c.rentedDays));
    expect(r.totals.revenue).toBe(sum((c) => c.revenue));
    expect(r.totals.availableDays).toBe(sum((c) => c.availableDays));
    expect(r.totals.byMonth.revenue.reduce((a, b) => a + b, 0)).toBe(r.totals.revenue);
  });

  it('adds the charges the GCT is not part of: the staff charge counts 3,000, its GCT nothing, a voided line nothing', async () => {
    const { car, march } = await carWithAHistory();
    const { report: r } = await report({ from: '2025-03-10', to: '2025-03-14' });
    const row = r.cars.find((c) => c.carId === car._id)!;
    const quoteOnly = await queryRows<{ amount: number }>(
      t.app.db,
      sql`SELECT sum(amount)::int AS amount FROM folio_lines WHERE booking_id = ${march} AND kind NOT IN ('damage', 'cleaning')`,
    );
    expect(row.revenue).toBe(quoteOnly[0]!.amount + 3000);
    expect(row.rentedDays).toBe(5);
    expect(row.utilisation).toBe(1);
  });

  it('counts a car’s services, repairs and papers on their own days, by month and kind, and takes them from the revenue', async () => {
    const { car } = await carWithAHistory();
    const db = t.app.db;
    await db.execute(sql`INSERT INTO car_services (car_id, service_date, odometer_km, cost, garage, created_by) VALUES
      (${car._id}, '2025-03-05', 10000, 12000, 'Portmore Auto', ${owner.user._id}),
      (${car._id}, '2025-04-30', 15000, 8000, 'Portmore Auto', ${owner.user._id}),
      (${car._id}, '2025-05-01', 20000, 99000, 'Outside the range', ${owner.user._id})`);
    // Repaired at 23:30 on 30 April in Jamaica (already 1 May in UTC): April's; 00:30 on 1 May Jamaica: not in the range.
    await db.execute(sql`INSERT INTO car_damages (car_id, zone, description, view, repaired_at, repair_cost) VALUES
      (${car._id}, 'front', 'Cracked bumper', 'front', '2025-05-01T04:30:00Z', 20000),
      (${car._id}, 'left', 'Dented door', 'left', '2025-05-01T05:30:00Z', 77000),
      (${car._id}, 'back', 'Scratch, repaired at no cost given', 'back', '2025-03-20T15:00:00Z', NULL)`);
    await db.execute(sql`INSERT INTO car_papers (car_id, kind, expires_on, insurer, policy_number, cost, paid_on) VALUES
      (${car._id}, 'insurance', '2026-03-01', 'GK Insurance', 'POL-1', 60000, '2025-03-01'),
      (${car._id}, 'fitness', '2026-03-01', NULL, NULL, NULL, '2025-03-02'),
      (${car._id}, 'registration', '2026-02-28', NULL, NULL, 5000, '2025-02-28')`);

    const { report: r } = await report(RANGE);
    const row = r.cars.find((c) => c.carId === car._id)!;
    expect(row.costs).toEqual({ services: 12000 + 8000, repairs: 20000, papers: 60000, total: 100000 });
    expect(row.byMonth.costs).toEqual([12000 + 60000, 8000 + 20000]);
    expect(row.difference).toBe(row.revenue - 100000);
    const sum = (pick: (c: FleetReport['cars'][number]) => number) => r.cars.reduce((total, c) => total + pick(c), 0);
    expect(r.totals.costs.total).toBe(sum((c) => c.costs.total));
    expect(r.totals.difference).toBe(r.totals.revenue - r.totals.costs.total);
    expect(r.totals.byMonth.costs.reduce((a, b) => a + b, 0)).toBe(r.totals.costs.total);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/owner/reports/fleet.csv?from=${RANGE.from}&to=${RANGE.to}`,
      headers: { authorization: owner.token },
    });
    const line = (parse(csv.body, { bom: true }) as string[][]).find(
      (cells) => cells[0] === row.name && cells[2] === String(row.rentedDays) && cells[10] === '100000',
    );
    expect(line?.slice(7, 12)).toEqual(['20000', '20000', '60000', '100000', String(row.revenue - 100000)]);
  });

  it('sorts by any column, either way, with the car’s name breaking ties', async () => {
    await carWithAHistory();
    const byRevenue = (await report({ ...RANGE, sort: 'revenue', order: 'desc' })).report.cars.map((c) => c.revenue);
    expect(byRevenue).toEqual([...byRevenue].sort((a, b) => b - a));
    const byUse = (await report({ ...RANGE, sort: 'utilisation' })).report.cars.map((c) => c.utilisation ?? -1);
    expect(byUse).toEqual([...byUse].sort((a, b) => a - b));
  });

  it('is for managers and owners only', async () => {
    expect((await callWithStatus(t.app, owner.token, 'fleetReport', { query: RANGE })).status).toBe(200);
    expect((await callWithStatus(t.app, manager.token, 'fleetReport', { query: RANGE })).status).toBe(200);
    expect((await refusalOf(testApi(t.app, agent.token).call('fleetReport', { query: RANGE }))).status).toBe(403);
    expect((await refusalOf(testApi(t.app, customer.token).call('fleetReport', { query: RANGE }))).status).toBe(403);
    expect((await refusalOf(testApi(t.app).call('fleetReport', { query: RANGE }))).status).toBe(401);
    expect((await refusalOf(testApi(t.app, agent.token).call('fleetReportCsv', { query: RANGE }))).status).toBe(403);
  });

  it.each([
    [{ to: '2025-04-30' }, 'fleet_dates_not_valid'],
    [{ from: '2025-02-30', to: '2025-04-30' }, 'fleet_dates_not_valid'],
    [{ from: 'last week', to: '2025-04-30' }, 'fleet_dates_not_valid'],
    [{ from: '2025-04-30', to: '2025-03-01' }, 'fleet_range_backwards'],
    [{ from: '2022-01-01', to: '2025-01-01' }, 'fleet_range_too_long'],
  ] as const)('refuses %o with %s, for the report and its spreadsheet', async (query, code) => {
    for (const name of ['fleetReport', 'fleetReportCsv'] as const) {
      const refusal = await refusalOf(testApi(t.app, owner.token).call(name, { query }));
      expect(refusal.status).toBe(400);
      expect(refusal.answer).toMatchObject({ code, message: FLEET_REPORT_REFUSALS[code] });
    }
  });

  it('takes three years exactly', async () => {
    const { report: r } = await report({ from: '2022-01-01', to: '2024-12-31' });
    expect(r.days).toBe(1096);
    expect(r.months).toHaveLength(36);
  });

  it('gives the same figures as a spreadsheet, in the order asked, with the totals last', async () => {
    const { car } = await carWithAHistory();
    const query = { ...RANGE, sort: 'difference', order: 'desc' } as const;
    const { report: r } = await report(query);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/owner/reports/fleet.csv?${new URLSearchParams(query)}`,
      headers: { authorization: owner.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fleet-report-${RANGE.from}-to-${RANGE.to}.csv"`);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'Car',
      'Plate',
      'Rented days',
      'Blocked days',
      'Days to rent',
      'Utilisation',
      'Revenue before GCT',
      'Services',
      'Repairs',
      'Papers',
      'Costs',
      'Difference',
    ]);
    expect(rows).toHaveLength(r.cars.length + 1);
    const asRow = (c: FleetReport['totals']) =>
      [
        c.rentedDays,
        c.blockedDays,
        c.availableDays,
        c.utilisation === null ? '–' : `${(Math.round(c.utilisation * 1000) / 10).toFixed(1)}%`,
        c.revenue,
        c.costs.services,
        c.costs.repairs,
        c.costs.papers,
        c.costs.total,
        c.difference,
      ].map(String);
    r.cars.forEach((c, i) => expect(rows[i]).toEqual([c.name, c.plate ?? '', ...asRow(c)]));
    expect(rows.at(-1)).toEqual([`All ${r.cars.length} cars, ${RANGE.from} to ${RANGE.to} (JMD)`, '', ...asRow(r.totals)]);
    expect(rows.some((row) => row[0] === 'Nissan Note 2021' && row[2] === '12')).toBe(true);
    expect(car._id).toBeTruthy();
  });
});
