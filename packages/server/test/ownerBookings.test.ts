/**
 * Manage Bookings at scale: keyset pages without overlap or gap (also while
 * bookings are being made), every filter and the search, refusals in plain words, payments
 * received as staff and customers see them, and the CSV export read back with a CSV parser.
 */
import { randomBytes } from 'node:crypto';
import { API, FOLIO_MESSAGES, MESSAGES, type StaffBooking, PAYMENT_STATUS_WORDS, type QueryOf, responses, ROUTES } from '@rental/contract';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../src/db/schema';
import { CSV_HEADER } from '../src/features/bookings/bookingsCsv';
import {
  type Account,
  authHeader,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day, ownerCall } from './support/fleet';

const PAYMENT = ROUTES.changePaymentStatus.path;
const CSV = ROUTES.ownerBookingsCsv.path;

describe(`owner bookings: pages, filters, payments, export (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let carId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    carId = (await addCar(t.app, owner.token, { brand: 'Suzuki', model: 'Swift', year: 2022 }))._id;
  });
  afterAll(() => t?.close());

  /** A customer of this test only (a unique word in the name), written straight to the table. */
  async function customer(name = `Client ${randomBytes(4).toString('hex')}`, phone: string | null = null) {
    const [row] = await t.db
      .insert(users)
      .values({ name, email: `${randomBytes(6).toString('hex')}@example.com`, passwordHash: 'not-a-hash', phone })
      .returning({ id: users.id, name: users.name, email: users.email });
    return { ...row!, email: row!.email! };
  }

  /** Bookings far in the past, one day each, on days no other test uses (the day's offset is unique). */
  let nextDay = -4000;
  async function insertBookings(userId: string, count: number, values: Partial<typeof bookings.$inferInsert> = {}) {
    const rows = Array.from({ length: count }, () => {
      nextDay -= 1;
      return {
        carId,
        userId,
        pickupDate: day(nextDay),
        returnDate: day(nextDay),
        price: 8500,
        status: 'confirmed' as const,
        paymentMethod: 'upfront' as const,
        ...values,
      };
    });
    return (await t.db.insert(bookings).values(rows).returning({ id: bookings.id, reference: bookings.reference })).map((r) => r);
  }

  const get = (url: string) => ownerCall(t.app, owner.token, 'GET', url);

  /** Money received at the desk, into the booking's folio (what is paid is never set by hand). */
  async function pay(bookingId: string, amount: number, method: 'cash' | 'bank_deposit' = 'cash') {
    const res = await callWithStatus(t.app, owner.token, 'recordPayment', { params: { id: bookingId }, body: { method, amount } });
    expect(res.status).toBe(201);
  }
  /** The whole balance recorded as paid, as the list's "Paid" button does. */
  const markPaid = (bookingId: string, token = owner.token) =>
    callWithStatus(t.app, token, 'changePaymentStatus', { body: { bookingId, paymentStatus: 'paid' } });
  async function payBalance(bookingId: string) {
    expect((await markPaid(bookingId)).status).toBe(200);
  }
  const folioOf = async (id: string) => (await testApi(t.app, owner.token).call('folio', { params: { id } })).folio;
  const query = (params: Record<string, string>) => `${API.ownerBookings}?${new URLSearchParams(params)}`;

  async function page(params: QueryOf<'ownerBookings'>) {
    const res = await callWithStatus(t.app, owner.token, 'ownerBookings', { query: params });
    expect(res.status).toBe(200);
    return responses.ownerBookings.parse(res.answer);
  }

  async function allPages(params: QueryOf<'ownerBookings'>): Promise<StaffBooking[][]> {
    const pages: StaffBooking[][] = [];
    let cursor: string | null | undefined;
    do {
      const answer = await page({ ...params, ...(cursor ? { cursor } : {}) });
      pages.push(answer.bookings);
      cursor = answer.nextCursor;
      expect(answer.nextCursor === null || typeof answer.nextCursor === 'string').toBe(true);
    } while (cursor);
    return pages;
  }

  const ids = (list: StaffBooking[]) => list.map((b) => b._id);
  const newestFirst = (list: StaffBooking[]) => {
    for (let i = 1; i < list.length; i++) expect(Date.parse(list[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[i]!.createdAt));
  };

  describe('pages', () => {
    it('cover every booking once, newest first, with bookings made in the same instant kept apart', async () => {
      const who = await customer();
      // 40 in one statement share one created_at (now() is the transaction's start): only the id orders them.
      await insertBookings(who.id, 40);
      for (let i = 0; i < 23; i++) await insertBookings(who.id, 1);
      const pages = await allPages({ limit: 10, q: who.name });
      expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 10, 3]);
      const listed = pages.flat();
      expect(new Set(ids(listed)).size).toBe(63);
      expect(listed.every((b) => b.user._id === who.id)).toBe(true);
      newestFirst(listed);
      // The same order as the whole list (no limit) gives.
      const whole = await page({ q: who.name });
      expect(ids(whole.bookings)).toEqual(ids(listed));
      expect(whole.nextCursor).toBeUndefined();
    });

    it('a page exactly at the end says there is no next one', async () => {
      const who = await customer();
      await insertBookings(who.id, 4);
      const pages = await allPages({ limit: 2, q: who.name });
      expect(pages.map((p) => p.length)).toEqual([2, 2]);
      const single = await page({ limit: 200, q: who.name });
      expect(single.bookings).toHaveLength(4);
      expect(single.nextCursor).toBeNull();
    });

    it('while bookings are being made: none twice, and every booking made before the paging began is listed', async () => {
      const who = await customer();
      const before = new Set((await insertBookings(who.id, 30)).map((r) => r.id));
      for (let i = 0; i < 10; i++) before.add((await insertBookings(who.id, 1))[0]!.id);
      const seen: string[] = [];
      let cursor: string | null | undefined;
      do {
        // Each page is read while new bookings of the same customer are being written.
        const [answer] = await Promise.all([
          page({ limit: 7, q: who.name, ...(cursor ? { cursor } : {}) }),
          insertBookings(who.id, 2),
          insertBookings(who.id, 1),
        ]);
        seen.push(...ids(answer.bookings));
        cursor = answer.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
    });
  });

  describe('filters and search', () => {
    let who: { id: string; name: string; email: string };
    let refs: Record<'a' | 'b' | 'c', { id: string; reference: string }>;

    beforeAll(async () => {
      const word = `Zebedee${randomBytes(3).toString('hex')}`;
      who = await customer(`Marcia ${word} Campbell`, '+1 (876) 555-0199');
      const [a] = await insertBookings(who.id, 1, { status: 'pending', pickupDate: day(-300), returnDate: day(-296) });
      const [b] = await insertBookings(who.id, 1, { status: 'confirmed', pickupDate: day(-280), returnDate: day(-280) });
      const [c] = await insertBookings(who.id, 1, { status: 'confirmed', pickupDate: day(-290), returnDate: day(-285) });
      // b part paid; c paid in full, then cancelled: its charges voided, the money is owed back.
      await pay(b!.id, 3000);
      await payBalance(c!.id);
      await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, c!.id));
      refs = { a: a!, b: b!, c: c! };
    });

    const found = async (params: QueryOf<'ownerBookings'>) => {
      const answer = await page({ limit: 50, ...params });
      return ids(answer.bookings.filter((booking) => booking.user._id === who.id)).sort();
    };
    const idsOf = (...keys: ('a' | 'b' | 'c')[]) => keys.map((k) => refs[k].id).sort();

    it('by status and by payment state', async () => {
      expect(await found({ q: who.name, status: 'pending' })).toEqual(idsOf('a'));
      expect(await found({ q: who.name, status: 'cancelled' })).toEqual(idsOf('c'));
      expect(await found({ q: who.name, paymentStatus: 'unpaid' })).toEqual(idsOf('a'));
      expect(await found({ q: who.name, paymentStatus: 'part_paid' })).toEqual(idsOf('b'));
      // The filter's older name for part paid, as saved links have it (raw: the typed client sends today's names).
      const legacy = responses.ownerBookings.parse((await get(query({ limit: '50', q: who.name, paymentStatus: 'deposit_received' }))).json());
      expect(ids(legacy.bookings.filter((booking) => booking.user._id === who.id)).sort()).toEqual(idsOf('b'));
      expect(await found({ q: who.name, paymentStatus: 'refund_due', status: 'cancelled' })).toEqual(idsOf('c'));
      expect(await found({ q: who.name, paymentStatus: 'paid' })).toEqual([]);
      expect(await found({ q: who.name, paymentStatus: 'refund_due', status: 'pending' })).toEqual([]);
    });

    it('by days touching the rental, both ends included', async () => {
      // a: -300..-296, c: -290..-285, b: -280
      expect(await found({ q: who.name, from: day(-296), to: day(-290) })).toEqual(idsOf('a', 'c'));
      expect(await found({ q: who.name, from: day(-295), to: day(-291) })).toEqual([]);
      expect(await found({ q: who.name, from: day(-280), to: day(-280) })).toEqual(idsOf('b'));
      expect(await found({ q: who.name, from: day(-284) })).toEqual(idsOf('b'));
      expect(await found({ q: who.name, to: day(-297) })).toEqual(idsOf('a'));
    });

    it('by reference however it is typed, by name words, e-mail and phone digits', async () => {
      const reference = refs.b.reference; // "WR-7K3M9Q"
      for (const typed of [
        reference,
        reference.toLowerCase().replace('-', ' '),
        reference.slice(3),
        reference.slice(0, 6),
        reference.slice(0, 5),
        reference.slice(4, 8).toLowerCase(),
      ]) {
        const answer = await page({ limit: 50, q: typed });
        expect(ids(answer.bookings), typed).toContain(refs.b.id);
        expect(
          answer.bookings.every(
            (booking) =>
              booking.reference.replace('-', '').includes(
                typed
                  .toUpperCase()
                  .replace(/[^0-9A-Z]/g, '')
                  .replace(/^WR/, ''),
              ) || booking.user.name.toLowerCase().includes(typed.toLowerCase()),
          ),
          typed,
        ).toBe(true);
      }
      const word = who.name.split(' ')[1]!;
      expect(await found({ q: `campbell ${word.toUpperCase()}` })).toEqual(idsOf('a', 'b', 'c'));
      expect(await found({ q: who.email.toUpperCase() })).toEqual(idsOf('a', 'b', 'c'));
      // Letters that could be part of a reference are looked up both ways.
      expect(await found({ q: 'marc' })).toEqual(idsOf('a', 'b', 'c'));
      expect(await found({ q: '555 0199', from: day(-281) })).toEqual(idsOf('b'));
      expect(await found({ q: `${word} nobody` })).toEqual([]);
      // Wildcards are letters like any other.
      expect((await page({ limit: 5, q: '%' })).bookings).toEqual([]);
      expect((await page({ limit: 5, q: '_' })).bookings).toEqual([]);
    });
  });

  describe('refusals', () => {
    it.each([
      [{ limit: '0' }, /Bookings per page must be a whole number from 1 to 200/],
      [{ limit: '201' }, /Bookings per page must be a whole number from 1 to 200/],
      [{ limit: 'ten' }, /Bookings per page must be a whole number from 1 to 200/],
      [{ limit: '-5' }, /Bookings per page must be a whole number from 1 to 200/],
      [{ cursor: 'not-a-page' }, new RegExp(MESSAGES.bookingsPageInvalid)],
      [{ limit: '5', cursor: Buffer.from('2026-01-01T00:00:00.000000|x').toString('base64url') }, new RegExp(MESSAGES.bookingsPageInvalid)],
      [{ status: 'paid' }, /Please choose a status: pending, confirmed, cancelled, picked up, returned or no show/],
      [{ paymentStatus: 'owed' }, /Please choose what has been paid: not paid yet, part paid, paid, refund due or refunded/],
      [{ from: '2026-02-30' }, /The first day is not a real date/],
      [{ to: 'soon' }, /The last day is not a real date/],
      [{ from: day(5), to: day(4) }, new RegExp(MESSAGES.bookingDatesReversed)],
      [{ q: 'x'.repeat(101) }, /Search can be at most 100 characters long/],
      [{ q: 'a\u0000b' }, /Search contains characters that cannot be searched for/],
    ])('%o is a 400 in plain words', async (params, message) => {
      const res = await get(query(params as Record<string, string>));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message: expect.stringMatching(message) });
      // The export takes the same filters and refuses them the same way.
      if (!('limit' in params) && !('cursor' in params)) {
        const csv = await get(`${CSV}?${new URLSearchParams(params as Record<string, string>)}`);
        expect(csv.statusCode).toBe(400);
        expect(csv.json().message).toMatch(message);
      }
    });

    it('a parameter given twice is refused', async () => {
      const res = await get(`${API.ownerBookings}?limit=5&limit=6`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Bookings per page must be a whole number from 1 to 200/);
    });

    it('a customer gets 403 for pages and the export, nobody gets in without a token', async () => {
      const someone = await registerCustomer(t.app);
      for (const url of [`${API.ownerBookings}?limit=5`, CSV]) {
        expect((await t.app.inject({ method: 'GET', url, headers: authHeader(someone.token) })).statusCode).toBe(403);
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });

  describe('payments received', () => {
    it('staff record a part payment, then the balance; the owner list, the filter and the customer see it', async () => {
      const bank = {
        bankName: 'NCB',
        accountHolderName: 'Waterford Rentals Ltd',
        branch: 'Portmore',
        accountNumber: '123-456-789',
        accountType: 'Savings' as const,
      };
      expect((await callWithStatus(t.app, owner.token, 'bankDetails', { body: bank })).status).toBe(200);
      const someone = await registerCustomer(t.app);
      const made = await callWithStatus(t.app, someone.token, 'createBooking', {
        body: { car: carId, pickupDate: day(30), returnDate: day(32), paymentMethod: 'cash_deposit' },
      });
      expect(made.status).toBe(201);
      const booking = made.answer.booking;
      expect(booking.paymentStatus).toBe('unpaid');

      await pay(booking._id, 5000, 'bank_deposit');
      const listed = await page({ limit: 10, q: booking.reference, paymentStatus: 'part_paid' });
      expect(listed.bookings.map((b) => [b._id, b.paymentStatus])).toEqual([[booking._id, 'part_paid']]);
      const mine = await testApi(t.app, someone.token).call('userBooking', { params: { reference: booking.reference } });
      expect(mine.booking.paymentStatus).toBe('part_paid');
      const myList = await testApi(t.app, someone.token).call('userBookings');
      expect(myList.bookings[0]!.paymentStatus).toBe('part_paid');

      // "Paid" records what is still owed, by the booking's own method.
      const res = await markPaid(booking._id);
      expect(res.status).toBe(200);
      const answer = responses.statusChanged.parse(res.answer);
      expect(answer.message).toBe(MESSAGES.paymentStatusUpdated);
      expect(answer.booking).toMatchObject({ _id: booking._id, paymentStatus: 'paid', status: 'pending', paymentMethod: 'cash_deposit', price: booking.price });
      const folio = await folioOf(booking._id);
      expect(folio.payments.map((p) => [p.method, p.amount])).toEqual([
        ['bank_deposit', 5000],
        ['bank_deposit', booking.price - 5000],
      ]);
      expect(folio.totals.balance).toBe(0);

      // Again: nothing is owing, and nothing more is recorded.
      expect(await refusalOf(markPaid(booking._id))).toEqual({
        status: 409,
        answer: { success: false, message: FOLIO_MESSAGES.nothingOwing, code: 'nothing_owing' },
      });
      expect((await folioOf(booking._id)).payments).toHaveLength(2);
    });

    it('refuses a state other than paid, an unknown booking, and a customer (changing nothing)', async () => {
      const someone = await registerCustomer(t.app);
      const booking = await bookCar(t.app, someone.token, carId, day(40), day(41));
      for (const paymentStatus of ['half', 'unpaid', 'deposit_received', 'refunded']) {
        const bad = await ownerCall(t.app, owner.token, 'POST', PAYMENT, { bookingId: booking._id, paymentStatus });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe('Only "paid" can be recorded here: it records the balance as paid. To give money back, record a refund.');
      }
      await expect(markPaid('3f0e1c8e-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, message: MESSAGES.bookingNotFound });
      expect(await statusOf(markPaid('nope'))).toBe(404);
      expect(await statusOf(markPaid(booking._id, someone.token))).toBe(403);
      const stored = await t.db.execute(
        sql`SELECT payment_status, (SELECT count(*)::int FROM folio_payments WHERE booking_id = ${booking._id}) AS payments FROM bookings WHERE id = ${booking._id}`,
      );
      expect((stored as unknown as { rows: { payment_status: string; payments: number }[] }).rows[0]).toEqual({ payment_status: 'unpaid', payments: 0 });
    });

    it('the database keeps the folio’s word whatever is written, and refuses a payment state it does not know', async () => {
      const who = await customer();
      const [row] = await insertBookings(who.id, 1);
      const stored = async () =>
        ((await t.db.execute(sql`SELECT payment_status FROM bookings WHERE id = ${row!.id}`)) as unknown as { rows: { payment_status: string }[] }).rows[0]!
          .payment_status;
      for (const written of ['paid', 'owed']) {
        await t.db.execute(sql`UPDATE bookings SET payment_status = ${written} WHERE id = ${row!.id}`);
        expect(await stored()).toBe('unpaid');
      }
      // Only a restore writes the column as it was saved; even then the database knows its states.
      const error = await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('rental.restoring', 'on', true)`);
          await tx.execute(sql`UPDATE bookings SET payment_status = 'owed' WHERE id = ${row!.id}`);
        })
        .then(
          () => null,
          (err: Error) => err,
        );
      expect(`${error?.message} ${(error?.cause as Error | undefined)?.message}`).toMatch(/bookings_payment_status_check/);
      expect(await stored()).toBe('unpaid');
    });
  });

  describe('the CSV export', () => {
    it('opens in spreadsheets: BOM, CRLF, every field quoted, commas and quotes kept, formulas defused', async () => {
      const tag = randomBytes(3).toString('hex');
      const quoted = await customer(`Brown, "Bigga" ${tag}`, '876-555-0100');
      const formula = await customer(`=HYPERLINK("http://evil.example","${tag}")`, '+1 876 555 0101');
      const [q1] = await insertBookings(quoted.id, 1, {
        status: 'confirmed',
        paymentMethod: 'cash_deposit',
        price: 17_000,
        pickupDate: day(-500),
        returnDate: day(-498),
      });
      await pay(q1!.id, 8500, 'bank_deposit');
      const [f1] = await insertBookings(formula.id, 1, { status: 'pending', pickupDate: day(-510), returnDate: day(-510) });

      const res = await get(`${CSV}?${new URLSearchParams({ q: tag })}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d\d-\d\d\.csv"$/);
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = raw.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(3);
      // Every field quoted: each line starts and ends with a quote, and fields are joined by ",".
      for (const line of lines) expect(line).toMatch(/^".*"$/);

      const records = parse(raw, { bom: true, record_delimiter: '\r\n' }) as string[][];
      expect(records[0]).toEqual(CSV_HEADER);
      expect(CSV_HEADER).toEqual([
        'Reference',
        'Created',
        'Customer',
        'E-mail',
        'Phone',
        'Car',
        'Pickup',
        'Return',
        'Days',
        'Total',
        'Method',
        'Status',
        'Payment status',
        'Subtotal',
        'GCT',
        'Price lines',
      ]);
      const byRef = new Map(records.slice(1).map((r) => [r[0], r]));
      const quotedRow = byRef.get(q1!.reference)!;
      expect(quotedRow.slice(2)).toEqual([
        `Brown, "Bigga" ${tag}`,
        quoted.email,
        '876-555-0100',
        'Suzuki Swift 2022',
        day(-500),
        day(-498),
        '2', // days charged: return minus pickup
        '17000',
        'Cash deposit',
        'Confirmed',
        PAYMENT_STATUS_WORDS.part_paid,
        // Made before quotes: its total alone.
        '',
        '',
        '',
      ]);
      expect(quotedRow[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      const formulaRow = byRef.get(f1!.reference)!;
      expect(formulaRow[2]).toBe(`'=HYPERLINK("http://evil.example","${tag}")`);
      expect(formulaRow[4]).toBe("'+1 876 555 0101");
      expect(formulaRow.slice(8)).toEqual(['1', '8500', 'Pay upfront', 'Pending', 'Not paid yet', '', '', '']);
      // Newest first, like the list.
      expect(records.slice(1).map((r) => r[0])).toEqual([f1!.reference, q1!.reference]);
    });

    it('takes the list’s filters', async () => {
      const who = await customer();
      await insertBookings(who.id, 3, { status: 'cancelled' });
      for (const { id } of await insertBookings(who.id, 2, { status: 'confirmed' })) await payBalance(id);
      const rows = async (params: Record<string, string>) => {
        const res = await get(`${CSV}?${new URLSearchParams({ q: who.email, ...params })}`);
        expect(res.statusCode).toBe(200);
        return (parse(res.rawPayload, { bom: true }) as string[][]).slice(1);
      };
      expect(await rows({})).toHaveLength(5);
      expect((await rows({ status: 'cancelled' })).map((r) => r[11])).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
      expect((await rows({ paymentStatus: 'paid' })).map((r) => r[12])).toEqual(['Paid', 'Paid']);
    });
  });

  it('the whole list (SPEC’s call, no parameters) is JSON the schema accepts, every booking once, newest first', async () => {
    // More than one chunk of rows.
    await insertBookings((await customer()).id, 600);
    const res = await get(API.ownerBookings);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = responses.ownerBookings.parse(res.json());
    const [{ count }] = ((await t.db.execute(sql`SELECT count(*)::int AS count FROM bookings`)) as unknown as { rows: { count: number }[] }).rows as [
      { count: number },
    ];
    expect(answer.bookings).toHaveLength(count);
    expect(new Set(ids(answer.bookings)).size).toBe(count);
    expect(count).toBeGreaterThan(500); // more than one chunk
    newestFirst(answer.bookings);
    expect(res.body).not.toMatch(/password|hash/i);
  });
});
