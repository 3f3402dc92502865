/**
 * Issue 32 items 6 and 7: a bank deposit is due after bank days, not clock hours (the company's
 * holidays counted); cancelling a paid booking says what comes back, how and when, in the
 * customer's and staff's letters; a card payer's letter never sends them to the office to pay.
 */
import { API, bankDepositDeadline, companyToday, DEFAULT_BANK_HOLIDAYS, DEFAULT_COMPANY, isBankDay, pathFor, addDays } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, outbox } from '../src/db/schema';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { addCar, day, ownerCall } from './support/fleet';

const BANK = {
  bankName: 'National Commercial Bank',
  accountHolderName: 'Waterford Car Rental Ltd',
  branch: 'Portmore',
  accountNumber: '354 123 456',
  accountType: 'Chequing',
};

describe(`the money's days and a cancellation's refund (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp({ config: { paymentProvider: 'sandbox', host: '127.0.0.1' } });
    owner = await createOwner(t.app);
    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(customer: Account, paymentMethod: 'upfront' | 'cash_deposit' | 'card', pickup = 20) {
    const car = await addCar(t.app, owner.token, { pricePerDay: 6000 });
    const res = await t.app.inject({
      method: 'POST',
      url: API.createBooking,
      headers: authHeader(customer.token),
      payload: { car: car._id, pickupDate: day(pickup), returnDate: day(pickup + 2), paymentMethod },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { _id: string; reference: string; price: number; holdExpiresAt: string | null };
  }
  const letter = async (bookingId: string, kind: string) => {
    const [found] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind)));
    return found;
  };
  const pay = (id: string, method: string, amount: number) =>
    t.app.inject({ method: 'POST', url: pathFor('recordPayment', { id }), headers: authHeader(owner.token), payload: { method, amount } });

  it('holds a bank deposit booking to the end of the second bank day after today, and the company’s holidays push it on', async () => {
    const customer = await registerCustomer(t.app, { name: 'Shanice Brown' });
    const booking = await book(customer, 'cash_deposit');
    const expected = bankDepositDeadline(companyToday(), DEFAULT_COMPANY.depositBankDays, DEFAULT_BANK_HOLIDAYS);
    expect(booking.holdExpiresAt).toBe(expected.at.toISOString());
    // The letter asks for the money by that day, at 11:59 pm, Jamaica time.
    const made = await letter(booking._id, 'booking_made');
    expect(made!.textBody).toContain('at 11:59 pm (Jamaica time)');

    // Owners name the next two bank days holidays: the deadline moves past them.
    const company = (await testApi(t.app).call('company')).company;
    const first = [1, 2, 3, 4, 5, 6, 7]
      .map((n) => addDays(companyToday(), n))
      .filter((d) => isBankDay(d, DEFAULT_BANK_HOLIDAYS))
      .slice(0, 2);
    const holidays = [...DEFAULT_BANK_HOLIDAYS, ...first.map((date) => ({ date, name: 'Storm closure' }))];
    const saved = await ownerCall(t.app, owner.token, 'PUT', API.updateCompany, {
      ...company,
      phone: '+1 (876) 943-2210',
      email: 'desk@example.com',
      chatUrl: 'https://wa.me/18769432210',
      bankHolidays: holidays,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const later = await book(await registerCustomer(t.app), 'cash_deposit');
    expect(later.holdExpiresAt).toBe(bankDepositDeadline(companyToday(), 2, holidays).at.toISOString());
    expect(Date.parse(later.holdExpiresAt!)).toBeGreaterThan(Date.parse(booking.holdExpiresAt!));
    // Pay at the office: the clock's hold, as before.
    const upfront = await book(await registerCustomer(t.app), 'upfront');
    expect(Math.abs(Date.parse(upfront.holdExpiresAt!) - (Date.now() + t.app.config.holdMinutes * 60_000))).toBeLessThan(5 * 60_000);
  });

  it('refuses a bank holiday that is not a date, and changes nothing', async () => {
    const before = (await testApi(t.app).call('company')).company;
    const res = await ownerCall(t.app, owner.token, 'PUT', API.updateCompany, {
      ...before,
      phone: '+1 (876) 943-2210',
      email: 'desk@example.com',
      chatUrl: 'https://wa.me/18769432210',
      bankHolidays: [{ date: '2026-02-30', name: 'Nope' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Each bank holiday needs a date written YYYY-MM-DD.');
    expect((await testApi(t.app).call('company')).company.bankHolidays).toEqual(before.bankHolidays);
  });

  it('tells a customer who cancels a paid booking what comes back, how and within how many bank days; staff read the refund due', async () => {
    const customer = await registerCustomer(t.app, { name: 'Marcia Gayle' });
    const booking = await book(customer, 'upfront');
    expect((await pay(booking._id, 'card', 10_000)).statusCode).toBe(201);
    expect((await pay(booking._id, 'bank_deposit', 3_800)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: API.cancelBooking, headers: authHeader(customer.token), payload: { bookingId: booking._id } });
    expect(res.statusCode, res.body).toBe(200);

    const [event] = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking._id), eq(bookingEvents.kind, 'cancel_by_customer')));
    expect(event!.data).toMatchObject({
      refund: {
        amount: 13_800,
        parts: [
          { route: 'card', amount: 10_000 },
          { route: 'bank', amount: 3_800 },
        ],
        bankDays: 5,
      },
    });

    const own = await letter(booking._id, 'booking_cancelled_by_you');
    expect(own!.recipient).toBe(customer.user.email);
    expect(own!.textBody).toContain(
      'You are owed a refund of $13,800 JMD: we send it $10,000 JMD back to the card you paid with; $3,800 JMD by bank transfer to your account',
    );
    expect(own!.textBody).toContain('within 5 bank days of the cancellation');
    const staff = await letter(booking._id, 'booking_cancelled_by_customer');
    expect(staff!.textBody).toContain('Refund due: $13,800 JMD, to be sent within 5 bank days');

    const folio = await testApi(t.app, customer.token).call('folio', { params: { id: booking._id } });
    expect(folio.folio.paymentStatus).toBe('refund_due');
  });

  it('writes no refund when nothing was paid, and tells the customer when staff cancel a paid booking', async () => {
    const customer = await registerCustomer(t.app);
    const unpaid = await book(customer, 'upfront');
    expect(
      (await t.app.inject({ method: 'POST', url: API.cancelBooking, headers: authHeader(customer.token), payload: { bookingId: unpaid._id } })).statusCode,
    ).toBe(200);
    // Their own cancellation with nothing to give back is no news to the customer (mail.test.ts).
    expect(await letter(unpaid._id, 'booking_cancelled_by_you')).toBeUndefined();
    expect((await letter(unpaid._id, 'booking_cancelled_by_customer'))!.textBody).not.toContain('Refund due');

    const paid = await book(customer, 'upfront', 30);
    expect((await pay(paid._id, 'cash', 5_000)).statusCode).toBe(201);
    expect((await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: paid._id, status: 'cancelled' })).statusCode).toBe(200);
    expect((await letter(paid._id, 'booking_cancelled'))!.textBody).toContain(
      'You are owed a refund of $5,000 JMD: we send it in cash at our office, or by bank transfer if you prefer',
    );
  });

  it('never asks a card payer to pay at the office', async () => {
    const customer = await registerCustomer(t.app);
    const booking = await book(customer, 'card');
    const made = await letter(booking._id, 'booking_made');
    expect(made!.textBody).toContain('How to pay: by card');
    expect(made!.textBody).not.toMatch(/at our office when you collect/);
  });
});
