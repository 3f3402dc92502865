/**
 * Tolls and tickets after the return (docs/decisions/119): staff add one to a returned booking with
 * its scan; the balance rises by the amount (no GCT), the customer is e-mailed the charge and how to
 * pay it (through a real SMTP server), the scan is private to the customer and staff, a second send
 * of the same form adds nothing, refusals store nothing, Manage Bookings finds the booking by
 * "balance owing after return", and the scan goes with the customer's erasure.
 */
import { API, formatMoney, pathFor, REFUSAL_CODES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, folioLines, lateCharges, outbox } from '../src/db/schema';
import { DEFAULT_COMPANY } from '@rental/contract';
import { lateChargeLetter } from '../src/features/mail/lateChargeLetters';
import {
  type Account,
  authHeader,
  bookCar,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  registerCustomer,
  TEST_PASSWORD,
  type TestApp,
  testApi,
} from './helpers';
import { keysHandedOver } from './support/counter';
import { addCar, day, ownerCall } from './support/fleet';
import { NOT_AN_IMAGE, smallPng } from './support/images';
import { multipart } from './support/multipart';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

const SITE = 'https://rent.example.com';
const BANK = {
  bankName: 'NCB',
  accountHolderName: 'Waterford Rentals Ltd',
  branch: 'Portmore',
  accountNumber: '354-1027-889',
  accountType: 'Chequing' as const,
};
const TOLL = { kind: 'toll', offenceDate: day(-3), amount: '1250', description: 'Portmore plaza, eastbound' };

describe(`tolls and tickets after the return (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let owner: Account;
  let carId: string;
  let offset = 40;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url, publicUrl: SITE }, mailSender: { pollMs: 50, retryBaseMs: 100 } });
    owner = await createOwner(t.app, { name: 'Owner Tolls' });
    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
    carId = (await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Axio' }))._id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** A customer's booking whose car came back and whose rental is paid in full: nothing owing until a toll arrives. */
  async function returnedBooking(customer: Account, status: 'returned' | 'on_rent' | 'cancelled' = 'returned') {
    offset += 3;
    const booking = await bookCar(t.app, customer.token, carId, day(offset), day(offset + 1));
    // Days in the past: the booking is made ahead, then moved back as if it had run.
    await t.db
      .update(bookings)
      .set({ pickupDate: day(-offset), returnDate: day(1 - offset) })
      .where(eq(bookings.id, booking._id));
    if (status === 'cancelled') {
      await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking._id));
      return booking;
    }
    await keysHandedOver(t.db, booking._id, owner.user._id);
    if (status === 'returned') {
      await t.db.update(bookings).set({ status: 'returned' }).where(eq(bookings.id, booking._id));
    }
    const folio = await testApi(t.app, owner.token).call('folio', { params: { id: booking._id } });
    await testApi(t.app, owner.token).call('recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: folio.folio.totals.balance } });
    return booking;
  }

  const send = async (token: string, bookingId: string, fields: Record<string, string>, file: Buffer | null, key?: string) => {
    const form = await multipart(fields, file ? [{ name: 'file', bytes: file, type: 'image/png', filename: 'toll.png' }] : []);
    return t.app.inject({
      method: 'POST',
      url: pathFor('addLateCharge', { id: bookingId }),
      headers: { ...form.headers, ...authHeader(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: form.payload,
    });
  };
  const balanceOf = async (bookingId: string) => (await testApi(t.app, owner.token).call('folio', { params: { id: bookingId } })).folio.totals.balance;
  const rowsOf = (bookingId: string) => t.db.select({ id: lateCharges.id }).from(lateCharges).where(eq(lateCharges.bookingId, bookingId));
  const scan = (token: string | null, id: string) =>
    t.app.inject({ method: 'GET', url: pathFor('lateChargeScan', { id }), headers: token ? authHeader(token) : {} });

  it('a late toll raises the balance by its amount without GCT and e-mails the customer the charge, the balance and the bank deposit', async () => {
    const customer = await registerCustomer(t.app, { name: 'Marcia Reid' });
    const booking = await returnedBooking(customer);
    expect(await balanceOf(booking._id)).toBe(0);

    const res = await send(owner.token, booking._id, TOLL, await smallPng(), 'toll-form-1');
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.lateCharge).toMatchObject({
      kind: 'toll',
      offenceDate: TOLL.offenceDate,
      amount: 1250,
      description: TOLL.description,
      scanType: 'image/webp',
    });
    expect(answer.folio.totals.balance).toBe(1250);
    const line = answer.folio.lines.find((l: { id: string }) => l.id === answer.lateCharge.lineId);
    expect(line).toMatchObject({ kind: 'toll', amount: 1250, gct: 0 });
    expect(answer.folio.paymentStatus).toBe('part_paid');

    // The customer sees the line on the folio they already read, and the toll with its scan.
    const theirs = await testApi(t.app, customer.token).call('folio', { params: { id: booking._id } });
    expect(theirs.folio.totals.balance).toBe(1250);
    const listed = await testApi(t.app, customer.token).call('lateCharges', { params: { id: booking._id } });
    expect(listed.lateCharges.map((c) => [c.description, c.scanUrl])).toEqual([[TOLL.description, `/api/late-charges/${answer.lateCharge.id}/scan`]]);

    const [mail, ...more] = await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject.includes('toll'));
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Booking ${booking.reference}: a toll of ${formatMoney(1250)}`);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain('Marcia Reid');
      expect(body).toContain('Highway 2000');
      expect(body).toContain(TOLL.description);
      expect(body).toContain(formatMoney(1250));
      expect(body).toContain('without GCT');
      expect(body).toContain(BANK.accountNumber);
      expect(body).toContain(`${SITE}/my-bookings/${booking.reference}`);
      expect(body).toContain('toll record is on your booking');
    }
    // One letter, no attachment: the scan stays behind the customer's login.
    const letters = await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.bookingId, booking._id));
    expect(letters.filter((l) => l.kind === 'charge_added')).toHaveLength(1);
  });

  it('with card payments on, the letter offers the card link to the booking page instead of the bank', async () => {
    const customer = await registerCustomer(t.app, { name: 'Dwayne Hall' });
    const booking = await returnedBooking(customer);
    const [facts] = await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, booking._id));
    const letter = lateChargeLetter(
      {
        id: booking._id,
        reference: facts!.reference,
        status: 'returned',
        pickupDate: day(1),
        returnDate: day(2),
        price: 1000,
        paymentMethod: 'card',
        holdExpiresAt: null,
        quote: null,
        car: { brand: 'Toyota', model: 'Axio', year: 2022, location: 'Waterford, Portmore' },
        customer: { name: 'Dwayne Hall', email: 'dwayne@example.com', phone: null },
      },
      { lateChargeId: 'x', kind: 'fine', offenceDate: day(-2), description: 'Ticket 55120', scan: true, amount: 5000, balance: 5000 },
      BANK,
      DEFAULT_COMPANY,
      { siteUrl: SITE, companyEmail: undefined, cardPayments: true },
    );
    expect(letter.text).toContain('Pay by card');
    expect(letter.text).toContain(`${SITE}/my-bookings/${facts!.reference}`);
    expect(letter.text).not.toContain(BANK.accountNumber);
    expect(letter.subject).toContain('a traffic ticket');
  });

  it('the scan is served to the customer and staff only, never cached; another customer and nobody learn nothing', async () => {
    const customer = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const booking = await returnedBooking(customer);
    const res = await send(owner.token, booking._id, { ...TOLL, kind: 'fine', description: 'Ticket 88231' }, await smallPng());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().lateCharge.id as string;
    for (const reader of [customer, owner]) {
      const file = await scan(reader.token, id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('private, no-store');
    }
    expect((await scan(stranger.token, id)).statusCode).toBe(404);
    expect((await scan(null, id)).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: pathFor('lateCharges', { id: booking._id }), headers: authHeader(stranger.token) });
    expect(list.statusCode).toBe(404);
  });

  it('the same form sent twice makes one charge and one letter; the key with other fields is refused', async () => {
    const customer = await registerCustomer(t.app);
    const booking = await returnedBooking(customer);
    const png = await smallPng();
    const [first, second] = await Promise.all([send(owner.token, booking._id, TOLL, png, 'twice-1'), send(owner.token, booking._id, TOLL, png, 'twice-1')]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().lateCharge.id).toBe(second.json().lateCharge.id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    expect(await rowsOf(booking._id)).toHaveLength(1);
    expect(await balanceOf(booking._id)).toBe(1250);
    const letters = await t.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.bookingId, booking._id));
    expect(letters.filter((l) => l.kind === 'charge_added')).toHaveLength(1);

    const other = await send(owner.token, booking._id, { ...TOLL, amount: '900' }, png, 'twice-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('late_charge_key_reused');
  });

  it('refuses in plain words with a code, and stores nothing: not returned, cancelled, amount, kind, no scan, not a photo or PDF, an agent', async () => {
    const customer = await registerCustomer(t.app);
    const onRent = await returnedBooking(customer, 'on_rent');
    const cancelled = await returnedBooking(customer, 'cancelled');
    const returned = await returnedBooking(customer);
    const png = await smallPng();
    const cases: [string, Promise<{ statusCode: number; json(): { code: string; message: string } }>, number, string][] = [
      ['on rent', send(owner.token, onRent._id, TOLL, png), 409, 'late_charge_not_returned'],
      ['cancelled', send(owner.token, cancelled._id, TOLL, png), 409, 'late_charge_not_returned'],
      ['amount 0', send(owner.token, returned._id, { ...TOLL, amount: '0' }, png), 400, 'late_charge_amount_not_positive'],
      ['amount negative', send(owner.token, returned._id, { ...TOLL, amount: '-50' }, png), 400, 'late_charge_amount_not_positive'],
      ['unknown kind', send(owner.token, returned._id, { ...TOLL, kind: 'parking' }, png), 400, 'late_charge_kind_unknown'],
      ['no scan', send(owner.token, returned._id, TOLL, null), 400, 'late_charge_scan_needed'],
      ['not a photo or PDF', send(owner.token, returned._id, TOLL, NOT_AN_IMAGE), 400, 'document_unreadable'],
      ['too large', send(owner.token, returned._id, TOLL, Buffer.alloc(10 * 1024 * 1024 + 10, 1)), 413, 'late_charge_scan_too_large'],
    ];
    for (const [what, call, status, code] of cases) {
      const res = await call;
      expect(res.statusCode, what).toBe(status);
      expect(res.json().code, what).toBe(code);
      // The drivers' cleaning words its refusal its own way (a photo or a PDF); every other refusal is the contract's sentence.
      if (code === 'document_unreadable') expect(res.json().message, what).toMatch(/not a photo or a PDF/);
      else expect(res.json().message, what).toBe(REFUSAL_CODES[code as keyof typeof REFUSAL_CODES]);
    }
    const agent = await createStaff(t.app, 'agent');
    expect((await send(agent.token, returned._id, TOLL, png)).statusCode).toBe(403);
    for (const id of [onRent._id, cancelled._id, returned._id]) {
      expect(await rowsOf(id)).toHaveLength(0);
      const lines = await t.db.select({ kind: folioLines.kind }).from(folioLines).where(eq(folioLines.bookingId, id));
      expect(lines.filter((l) => l.kind === 'toll')).toHaveLength(0);
    }
  });

  it('Manage Bookings filters "balance owing after return"; the filter keeps to returned bookings still owing', async () => {
    const customer = await registerCustomer(t.app);
    const owing = await returnedBooking(customer);
    const settled = await returnedBooking(customer);
    const onRent = await returnedBooking(customer, 'on_rent');
    expect((await send(owner.token, owing._id, TOLL, await smallPng())).statusCode).toBe(201);
    const staff = testApi(t.app, owner.token);
    const page = await staff.call('ownerBookings', { query: { balance: 'owing_after_return', limit: 100 } });
    const refs = page.bookings.map((b) => b.reference);
    expect(refs).toContain(owing.reference);
    expect(refs).not.toContain(settled.reference);
    expect(refs).not.toContain(onRent.reference);
    // Paid: off the list.
    await staff.call('recordPayment', { params: { id: owing._id }, body: { method: 'bank_deposit', amount: 1250, reference: 'NCB 7781' } });
    const after = await staff.call('ownerBookings', { query: { balance: 'owing_after_return', limit: 100 } });
    expect(after.bookings.map((b) => b.reference)).not.toContain(owing.reference);
    const bad = await t.app.inject({ method: 'GET', url: `${pathFor('ownerBookings', {})}?balance=owing`, headers: authHeader(owner.token) });
    expect(bad.statusCode).toBe(400);
  });

  it("the scan goes with the customer's erasure; the charge stays in the books", async () => {
    const customer = await registerCustomer(t.app);
    const booking = await returnedBooking(customer);
    const res = await send(owner.token, booking._id, TOLL, await smallPng());
    const id = res.json().lateCharge.id as string;
    await testApi(t.app, customer.token).call('deleteAccount', { body: { password: TEST_PASSWORD } });
    expect((await scan(owner.token, id)).statusCode).toBe(404);
    const [row] = await t.db
      .select({ scan: lateCharges.scan, erasedAt: lateCharges.scanErasedAt, amount: lateCharges.amount })
      .from(lateCharges)
      .where(eq(lateCharges.id, id));
    expect(row).toMatchObject({ scan: null, amount: 1250 });
    expect(row!.erasedAt).not.toBeNull();
    const listed = await testApi(t.app, owner.token).call('lateCharges', { params: { id: booking._id } });
    expect(listed.lateCharges[0]!.scanUrl).toBeNull();
    expect(await balanceOf(booking._id)).toBe(1250);
  });
});
