/**
 * GCT and the books (docs/decisions/115): the month's GCT is the sum of the GCT of the folio lines
 * written in that month (Jamaica time), whatever made them (a booking, a staff charge, a void, a
 * cancellation); the journal for the accountant balances, entry by entry and in total, and names
 * the accounts the company saved; a bad month or range is refused with its code.
 */
import { addDays, BOOKS_REFUSALS, type BodyInputOf, COMPANY_TIME_ZONE, companyToday, DEFAULT_COMPANY, type Folio, gctOn, ROUTES } from '@rental/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import { addCharges, recordMoney, settleSecurityDeposit } from '../src/features/bookings';
import { voidLine as voidFolioLine } from '../src/features/bookings/folio';
import { bookings, rentals } from '../src/db/schema';
import { type Account, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, refusalOf, type TestApp, testApi } from './helpers';
import { addCar, customersWithTokens, day, ownerCall } from './support/fleet';

/** The company's month of an instant. */
const monthOf = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(at);
const previousMonth = (month: string) => monthOf(new Date(Date.parse(`${month}-01T12:00:00Z`) - 5 * 86_400_000));

/** "1234.56" in cents, exactly. */
const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));

describe(`GCT and the books (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    [manager, agent] = [await createStaff(t.app, 'manager'), await createStaff(t.app, 'agent')];
  });
  afterAll(() => t?.close());

  async function booked(pricePerDay: number, from: number) {
    const car = await addCar(t.app, owner.token, { pricePerDay });
    const [customer] = await customersWithTokens(t.app, 1);
    const res = await callWithStatus(t.app, customer!.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(from), returnDate: day(from + 3), paymentMethod: 'upfront' },
    });
    expect(res.status).toBe(201);
    return res.answer.booking;
  }
  async function ok(call: Promise<{ status: number; answer: { folio: Folio } }>): Promise<Folio> {
    const res = await call;
    expect(res.status).toBe(201);
    return res.answer.folio;
  }
  const charge = (id: string, body: BodyInputOf<'addCharge'>) => ok(callWithStatus(t.app, agent.token, 'addCharge', { params: { id }, body }));
  const voidLine = (id: string, lineId: string) =>
    ok(callWithStatus(t.app, manager.token, 'voidLine', { params: { id, lineId }, body: { reason: 'Charged by mistake' } }));
  const report = (month: string, token = manager.token) => testApi(t.app, token).call('gctReport', { query: { month } });

  /** Every folio line as the database keeps it, with the company's month it was written in. */
  async function allLines() {
    const rows = await queryRows<{ amount: number; gct: number; at: string | Date; reference: string }>(
      t.app.db,
      sql`SELECT l.amount, l.gct, l.created_at AS at, b.reference FROM folio_lines l JOIN bookings b ON b.id = l.booking_id`,
    );
    return rows.map((row) => ({ ...row, month: monthOf(new Date(row.at)) }));
  }

  it("sums a month's GCT from the folio lines written in it, and leaves other months' out", async () => {
    const month = monthOf(new Date());
    const before = await report(month);

    // Made, charged (with GCT and without), paid and part refunded.
    const a = await booked(6000, 30);
    await charge(a._id, { kind: 'damage', label: 'Scratch on the rear door', amount: 10_000, gctApplies: true });
    const withToll = await charge(a._id, { kind: 'toll', label: 'Highway 2000 toll', amount: 650, gctApplies: false });
    await ok(callWithStatus(t.app, owner.token, 'recordPayment', { params: { id: a._id }, body: { method: 'cash', amount: withToll.totals.balance } }));
    await ok(callWithStatus(t.app, manager.token, 'recordRefund', { params: { id: a._id }, body: { method: 'cash', amount: 500, note: 'Goodwill' } }));
    // A charge voided: its GCT given back in the same month.
    const b = await booked(4000, 40);
    const cleaned = await charge(b._id, { kind: 'cleaning', label: 'Sand in the car', amount: 3000, gctApplies: true });
    await voidLine(b._id, cleaned.lines.find((line) => line.kind === 'cleaning')!.id);
    // Cancelled: every charge voided.
    const c = await booked(5000, 50);
    await testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: c._id, status: 'cancelled' } });
    // A booking whose lines were written last month (moved there as if they had been).
    const d = await booked(7000, 60);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE folio_lines DISABLE TRIGGER folio_lines_append_only`);
      await tx.execute(sql`UPDATE folio_lines SET created_at = created_at - interval '40 days' WHERE booking_id = ${d._id}`);
      await tx.execute(sql`ALTER TABLE folio_lines ENABLE TRIGGER folio_lines_append_only`);
    });

    // Lines written at 22:00 on the last evening of last month, Jamaica time: already this month in UTC, still last month for the return.
    const e = await booked(3000, 70);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE folio_lines DISABLE TRIGGER folio_lines_append_only`);
      await tx.execute(
        sql`UPDATE folio_lines SET created_at = (date_trunc('month', now() AT TIME ZONE ${COMPANY_TIME_ZONE}) - interval '2 hours') AT TIME ZONE ${COMPANY_TIME_ZONE}
             WHERE booking_id = ${e._id}`,
      );
      await tx.execute(sql`ALTER TABLE folio_lines ENABLE TRIGGER folio_lines_append_only`);
    });
    const [evening] = await queryRows<{ utcMonth: string }>(
      t.app.db,
      sql`SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM') AS "utcMonth" FROM folio_lines WHERE booking_id = ${e._id}`,
    );
    expect(evening?.utcMonth).toBe(month);

    const lines = await allLines();
    const ours = new Set([a.reference, b.reference, c.reference]);
    const inMonth = lines.filter((line) => line.month === month);
    const sum = (rows: typeof lines, pick: (l: (typeof lines)[number]) => number) => rows.reduce((total, l) => total + pick(l), 0);
    const now = await report(month);
    expect(now.report.netGct).toBe(sum(inMonth, (l) => l.gct));
    expect(now.report.gctCharged).toBe(
      sum(
        inMonth.filter((l) => l.gct > 0),
        (l) => l.gct,
      ),
    );
    expect(now.report.gctCredited).toBe(
      -sum(
        inMonth.filter((l) => l.gct < 0),
        (l) => l.gct,
      ),
    );
    expect(now.report.taxableCharges).toBe(
      sum(
        inMonth.filter((l) => l.gct > 0),
        (l) => l.amount,
      ),
    );
    expect(now.report.untaxedCharges).toBe(
      sum(
        inMonth.filter((l) => l.gct === 0),
        (l) => l.amount,
      ),
    );
    expect(now.report.lines).toBe(inMonth.length);
    // What these bookings moved, as a user reads it: A's rental and damage; B's rental (its cleaning charge and its void cancel out); C's lines cancel out; D is elsewhere.
    const ourLines = inMonth.filter((l) => ours.has(l.reference));
    expect(
      sum(
        ourLines.filter((l) => l.reference === a.reference),
        (l) => l.gct,
      ),
    ).toBe(gctOn(18_000, 15) + gctOn(10_000, 15));
    expect(now.report.netGct - before.report.netGct).toBe(gctOn(18_000, 15) + gctOn(10_000, 15) + gctOn(12_000, 15));
    expect(now.report.untaxedCharges - before.report.untaxedCharges).toBe(650);
    expect(now.report.gctCredited - before.report.gctCredited).toBe(gctOn(3000, 15) + gctOn(15_000, 15));
    expect(now.report.trn).toBe(DEFAULT_COMPANY.trn);

    const last = await report(previousMonth(month));
    const inLast = lines.filter((line) => line.month === previousMonth(month));
    expect(last.report.netGct).toBe(sum(inLast, (l) => l.gct));
    expect(last.report.netGct).toBeGreaterThanOrEqual(gctOn(21_000, 15) + gctOn(9000, 15));
    expect(inLast.filter((l) => l.reference === e.reference)).not.toHaveLength(0);
    expect(inMonth.filter((l) => l.reference === e.reference)).toHaveLength(0);

    // The CSV: the month's lines, then the same totals.
    const res = await ownerCall(t.app, manager.token, 'GET', `${ROUTES.gctReportCsv.path}?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`gct-${month}.csv`);
    const rows: string[][] = parse(res.body, { bom: true });
    const lineRows = rows.slice(1, 1 + inMonth.length);
    expect(lineRows.map((row) => row[1])).toContain(a.reference);
    expect(lineRows.map((row) => row[1])).not.toContain(d.reference);
    expect(sum(inMonth, (l) => l.gct) * 100).toBe(lineRows.reduce((total, row) => total + cents(row[5]!), 0));
    expect(rows.find((row) => row[3] === 'Net GCT for the month')?.[4]).toBe(now.report.netGct.toFixed(2));
  });

  it('shows the TRN saved in the company settings', async () => {
    const { company } = await testApi(t.app).call('company');
    await testApi(t.app, owner.token).call('updateCompany', {
      body: { ...company, phone: '876 555 0199', email: 'desk@example.com', chatUrl: 'https://wa.me/18765550199', trn: '123-456-789' },
    });
    expect((await report(monthOf(new Date()))).report.trn).toBe('123-456-789');
  });

  it('keeps the account names a save leaves out, and refuses an empty one in plain words, changing nothing', async () => {
    // The settings as the Company settings page loads them: with the account names (staff only).
    const { company } = await testApi(t.app, owner.token).call('staffCompany');
    const contacts = { phone: '876 555 0199', email: 'desk@example.com', chatUrl: 'https://wa.me/18765550199' };
    await testApi(t.app, owner.token).call('updateCompany', { body: { ...company, ...contacts, accountBank: 'Scotiabank Chequing' } });
    // A client older than the accounts sends none of them: they stay.
    const { accountBank: _bank, accountCash: _cash, ...older } = { ...company, ...contacts };
    const kept = await testApi(t.app, owner.token).call('updateCompany', { body: older });
    expect(kept.company.accountBank).toBe('Scotiabank Chequing');
    const refused = await refusalOf(testApi(t.app, owner.token).call('updateCompany', { body: { ...company, ...contacts, accountBank: '  ' } }));
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ code: 'invalid_input', message: 'The bank account is required.' });
    expect((await testApi(t.app, owner.token).call('staffCompany')).company.accountBank).toBe('Scotiabank Chequing');
  });

  it('refuses a bad month or range with its code and words', async () => {
    for (const month of ['2026-13', 'november', '2026-1', '']) {
      const refused = await refusalOf(report(month));
      expect(refused.status).toBe(400);
      expect(refused.answer).toMatchObject({ code: 'month_not_valid', message: BOOKS_REFUSALS.month_not_valid });
    }
    const csv = await ownerCall(t.app, manager.token, 'GET', `${ROUTES.gctReportCsv.path}?month=2026-00`);
    expect(csv.json()).toMatchObject({ code: 'month_not_valid' });
    const today = companyToday();
    const journal = (query: string) => ownerCall(t.app, manager.token, 'GET', `${ROUTES.journalCsv.path}?${query}`);
    const cases: [string, string][] = [
      [`from=${today}`, 'date_not_valid'],
      [`from=2026-02-30&to=${today}`, 'date_not_valid'],
      [`from=${today}&to=${addDays(today, -1)}`, 'range_backwards'],
      [`from=${addDays(today, -366)}&to=${today}`, 'range_too_long'],
      [`from=${today}&to=${today}&layout=sage`, 'invalid_input'],
    ];
    for (const [query, code] of cases) {
      const res = await journal(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code });
      if (code in BOOKS_REFUSALS) expect(res.json().message).toBe(BOOKS_REFUSALS[code as keyof typeof BOOKS_REFUSALS]);
      else expect(res.json().message).toBe('Please choose the accounting program: QuickBooks Online or Xero.');
    }
    expect((await journal(`from=${addDays(today, -365)}&to=${today}`)).statusCode).toBe(200);
    // Counter agents do not see the books.
    expect((await refusalOf(report(monthOf(new Date()), agent.token))).status).toBe(403);
  });

  it('writes a journal that balances, entry by entry and in total, for 1,000 random bookings, in the accounts the company named', async () => {
    const { company } = await testApi(t.app).call('company');
    const names = {
      accountRentalIncome: '4000 Car Hire',
      accountExtrasIncome: '4100 Extras',
      accountGctPayable: 'Liabilities:GCT Payable',
      accountDepositsHeld: 'Security Deposits',
      accountCustomerBalances: 'Renters Owing',
      accountBank: 'NCB Current',
      accountCash: 'Petty Cash Drawer',
      accountCardClearing: 'WiPay Clearing',
    };
    await testApi(t.app, owner.token).call('updateCompany', {
      body: { ...company, phone: '876 555 0199', email: 'desk@example.com', chatUrl: 'https://wa.me/18765550199', ...names },
    });
    const cars = await Promise.all(Array.from({ length: 10 }, () => addCar(t.app, owner.token)));
    const [customer] = await customersWithTokens(t.app, 1);
    const plan = fc.record({
      days: fc.array(fc.integer({ min: 600, max: 20_000 }), { minLength: 1, maxLength: 3 }),
      discount: fc.integer({ min: 0, max: 500 }),
      charges: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 30_000 }), taxed: fc.boolean() }), { maxLength: 2 }),
      voidOne: fc.boolean(),
      paid: fc.double({ min: 0, max: 1.2, noNaN: true }),
      refund: fc.double({ min: 0, max: 1, noNaN: true }),
      method: fc.constantFrom('cash', 'card', 'bank_deposit', 'bank_transfer' as const),
      deposit: fc.option(fc.record({ amount: fc.integer({ min: 1, max: 50_000 }), method: fc.constantFrom('cash', 'card', 'bank_transfer' as const) })),
      cancelled: fc.boolean(),
    });
    const plans = fc.sample(plan, { numRuns: 1000, seed: 115 });
    // The bookings in one statement; the database's own trigger writes each quote's lines (GCT shared out as for every booking).
    const made = await t.app.db
      .insert(bookings)
      .values(
        plans.map((p, i) => {
          const lines = [
            ...p.days.map((amount, n) => ({ kind: n === 0 ? 'days' : 'extra', label: n === 0 ? 'Rental days' : `Extra ${n}`, amount })),
            ...(p.discount > 0 ? [{ kind: 'discount', label: 'Weekly discount', amount: -p.discount }] : []),
          ];
          const subtotal = lines.reduce((s, l) => s + l.amount, 0);
          const gct = gctOn(subtotal, 15);
          const pickup = day(10 + (i % 100) * 3);
          return {
            carId: cars[Math.floor(i / 100)]!._id,
            userId: customer!.id,
            pickupDate: pickup,
            returnDate: addDays(pickup, 2),
            price: subtotal + gct,
            status: 'confirmed' as const,
            paymentMethod: 'upfront' as const,
            quote: { lines, gctPercent: 15, subtotal, gct, total: subtotal + gct },
          };
        }) as (typeof bookings.$inferInsert)[],
      )
      .returning({ id: bookings.id });
    // Each booking's money through the bookings feature's own functions, as the routes record it.
    for (const [i, p] of plans.entries()) {
      const id = made[i]!.id;
      await t.app.db.transaction(async (tx) => {
        if (p.charges.length > 0) {
          await addCharges(
            tx,
            id,
            p.charges.map((c) => ({ kind: 'other', label: 'Charge at return', amount: c.amount, gct: c.taxed ? gctOn(c.amount, 15) : 0, by: owner.user._id })),
          );
        }
      });
      if (p.voidOne) {
        const [line] = await queryRows<{ id: string }>(t.app.db, sql`SELECT id FROM folio_lines WHERE booking_id = ${id} ORDER BY seq LIMIT 1`);
        await voidFolioLine(t.app.db, t.app.events, owner.user._id, id, line!.id, 'Entered twice');
      }
      await t.app.db.transaction(async (tx) => {
        const [totals] = await queryRows<{ balance: string }>(
          tx,
          sql`SELECT (SELECT coalesce(sum(amount + gct), 0) FROM folio_lines WHERE booking_id = ${id}) AS balance`,
        );
        const paid = Math.floor(Number(totals?.balance ?? 0) * p.paid);
        if (paid > 0) await recordMoney(tx, id, { kind: 'payment', method: p.method, amount: paid, by: owner.user._id });
        const back = Math.floor(paid * p.refund);
        if (back > 0) await recordMoney(tx, id, { kind: 'refund', method: p.method, amount: back, by: owner.user._id });
        if (p.deposit) {
          await tx.insert(rentals).values({
            bookingId: id,
            checkedOutBy: owner.user._id,
            licenceNumber: 'D1234567',
            odometerOut: 1000,
            fuelOut: 8,
            depositAmount: p.deposit.amount,
            depositMethod: p.deposit.method,
            signature: Buffer.from('signed'),
            agreementPdf: Buffer.from('%PDF'),
            checkedInAt: new Date(),
            receiptNumber: `R-${i}-${id.slice(0, 8)}`,
          });
          await settleSecurityDeposit(tx, id, owner.user._id);
        }
      });
    }
    const today = companyToday();
    const res = await ownerCall(t.app, manager.token, 'GET', `${ROUTES.journalCsv.path}?from=${addDays(today, -1)}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows]: string[][] = parse(res.body, { bom: true });
    expect(header).toEqual(['Journal No', 'Date', 'Account', 'Debit', 'Credit', 'Memo', 'Reference']);
    const entries = new Map<string, { debit: number; credit: number; dates: Set<string> }>();
    let debits = 0;
    let credits = 0;
    for (const [no, date, account, debit, credit] of rows) {
      expect(Object.values(names)).toContain(account);
      expect(debit === '' || credit === '', `entry ${no} has a debit and a credit on one row`).toBe(true);
      for (const amount of [debit!, credit!]) if (amount !== '') expect(amount).toMatch(/^\d+\.\d{2}$/);
      const entry = entries.get(no!) ?? { debit: 0, credit: 0, dates: new Set() };
      entry.debit += cents(debit!);
      entry.credit += cents(credit!);
      entry.dates.add(date!);
      entries.set(no!, entry);
      debits += cents(debit!);
      credits += cents(credit!);
    }
    for (const [no, entry] of entries) {
      expect(entry.debit, `entry ${no}`).toBe(entry.credit);
      expect(entry.dates.size).toBe(1);
    }
    expect(debits).toBe(credits);
    // Every account the company named is used, and the bookings' charges all reached the journal.
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(Object.values(names)));
    const ourRefs = new Set(
      (await queryRows<{ reference: string }>(t.app.db, sql`SELECT reference FROM bookings WHERE user_id = ${customer!.id}`)).map((r) => r.reference),
    );
    expect(ourRefs.size).toBe(1000);
    for (const reference of ourRefs) expect(rows.some((row) => row[6] === reference)).toBe(true);
    // Xero's layout: the same entries, one narration each, signed amounts adding up to nothing.
    const xero = await ownerCall(t.app, manager.token, 'GET', `${ROUTES.journalCsv.path}?from=${addDays(today, -1)}&to=${today}&layout=xero`);
    const [xeroHeader, ...xeroRows]: string[][] = parse(xero.body, { bom: true });
    expect(xeroHeader).toEqual(['Narration', 'Date', 'Description', 'AccountCode', 'TaxRate', 'Amount']);
    expect(xeroRows).toHaveLength(rows.length);
    const narrations = new Map<string, number>();
    for (const [narration, date, , account, , amount] of xeroRows) {
      expect(Object.values(names)).toContain(account);
      const key = `${narration}|${date}`;
      narrations.set(key, (narrations.get(key) ?? 0) + cents(amount!));
    }
    expect(narrations.size).toBe(entries.size);
    for (const [key, sum] of narrations) expect(sum, key).toBe(0);
    // The deposits: what was taken, less what was given back and kept, leaves nothing held.
    const held = rows.filter((row) => row[2] === names.accountDepositsHeld && ourRefs.has(row[6]!));
    expect(held.reduce((total, row) => total + cents(row[4]!) - cents(row[3]!), 0)).toBe(0);
  }, 240_000);
});
