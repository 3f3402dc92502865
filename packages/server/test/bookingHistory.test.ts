/**
 * A booking's history is what happened to it, as typed events: each step of its life and each
 * money movement staff record, in order, with who did it; staff read it, customers do not. A
 * charge staff add tells the customer the new balance, with the card page when the company takes
 * cards. The letters come from the events: a refused action records none and sends none.
 */
import { BOOKING_EVENT_WORDS, bookingEventDetail, type BookingHistoryEntry, pathFor } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { type Account, authHeader, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, type TestApp, testApi } from './helpers';
import { addCar, customersWithTokens, day } from './support/fleet';

describe(`a booking's history and the letters made from it (${describeDatabase})`, () => {
  let t: TestApp;
  let cards: TestApp;
  let owner: Account;
  let agent: Account;

  beforeAll(async () => {
    [t, cards] = await Promise.all([createTestApp(), createTestApp({ config: { paymentProvider: 'sandbox', host: '127.0.0.1' } })]);
    owner = await createOwner(t.app);
    agent = await createStaff(t.app, 'agent');
  });
  afterAll(async () => {
    await t?.close();
    await cards?.close();
  });

  async function booked(app: TestApp['app'], ownerToken: string, pickup = 20) {
    const car = await addCar(app, ownerToken, { pricePerDay: 6000 });
    const [customer] = await customersWithTokens(app, 1);
    const res = await callWithStatus(app, customer!.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(pickup), returnDate: day(pickup + 1), paymentMethod: 'upfront' },
    });
    expect(res.status).toBe(201);
    return { booking: res.answer.booking, customer: customer! };
  }

  async function historyOf(app: TestApp['app'], token: string, id: string): Promise<BookingHistoryEntry[]> {
    return (await testApi(app, token).call('bookingHistory', { params: { id } })).history;
  }

  const lettersTo = async (app: TestApp['app'], bookingId: string, kind: string) =>
    app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind)));

  it('keeps each step and each money movement in order, named and worded, for staff only', async () => {
    const { booking, customer } = await booked(t.app, owner.token);
    const id = booking._id;
    await testApi(t.app, agent.token).call('changeStatus', { body: { bookingId: id, status: 'confirmed' } });
    const paid = await callWithStatus(t.app, agent.token, 'recordPayment', { params: { id }, body: { method: 'cash', amount: 5000 } });
    expect(paid.status).toBe(201);
    // Raw: a delivery is not a kind staff add by hand, so the typed client cannot send it. Refused, and nothing recorded.
    const charged = await t.app.inject({
      method: 'POST',
      url: pathFor('addCharge', { id }),
      headers: authHeader(agent.token),
      payload: { kind: 'delivery', label: 'Delivery to the airport', amount: 3000, gctApplies: false },
    });
    expect(charged.statusCode).toBe(400);
    const toll = await callWithStatus(t.app, agent.token, 'addCharge', {
      params: { id },
      body: { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false },
    });
    expect(toll.status).toBe(201);
    const tollLine = toll.answer.folio.lines.find((line) => line.label === 'Highway 2000 toll')!;
    const voided = await callWithStatus(t.app, owner.token, 'voidLine', { params: { id, lineId: tollLine.id }, body: { reason: 'Paid at the booth' } });
    expect(voided.status).toBe(201);

    const history = await historyOf(t.app, agent.token, id);
    expect(history.map((event) => event.kind)).toEqual(['book', 'confirm', 'payment_recorded', 'charge_added', 'line_voided']);
    expect(history.map((event) => BOOKING_EVENT_WORDS[event.kind])).toEqual(['Booked', 'Confirmed', 'Payment recorded', 'Charge added', 'Charge voided']);
    expect(bookingEventDetail('line_voided', history[4]!.data, 'JMD')).toBe('Highway 2000 toll ($450 JMD): Paid at the booth');
    expect(history[4]!.by).toBe(owner.user.name);
    expect(history[1]!.by).toBe(agent.user.name);
    expect(history[0]!.by).not.toBe(agent.user.name);
    expect(bookingEventDetail('payment_recorded', history[2]!.data, 'JMD')).toMatch(/5,000.*cash/);
    // The balance after the toll: the price, less the cash, plus the toll.
    expect(history[3]!.data).toMatchObject({ lineKind: 'toll', amount: 450, gct: 0, balance: booking.price - 5000 + 450 });
    expect(bookingEventDetail('charge_added', history[3]!.data, 'JMD')).toContain('Highway 2000 toll');

    // The customer reads their own booking, not its staff history; an unknown booking is not found.
    await expect(historyOf(t.app, customer.token, id)).rejects.toMatchObject({ status: 403 });
    await expect(historyOf(t.app, agent.token, '3f0e1c8e-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
  });

  it('tells the customer of a charge and what is still to pay; the card page only where the company takes cards', async () => {
    const { booking } = await booked(t.app, owner.token, 30);
    const toll = await callWithStatus(t.app, owner.token, 'addCharge', {
      params: { id: booking._id },
      body: { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false },
    });
    expect(toll.status).toBe(201);
    const [letter, ...more] = await lettersTo(t.app, booking._id, 'charge_added');
    expect(more).toHaveLength(0);
    expect(letter!.subject).toBe(`Booking ${booking.reference}: a charge of $450 JMD`);
    expect(letter!.textBody).toContain('Highway 2000 toll');
    expect(letter!.textBody).toContain(`Still to pay: $${(booking.price + 450).toLocaleString('en-US')} JMD`);
    expect(letter!.textBody).toContain('Please pay it at our office');
    expect(letter!.textBody).not.toContain('Pay by card');

    const cardOwner = await createOwner(cards.app);
    const { booking: other } = await booked(cards.app, cardOwner.token, 30);
    const fine = await callWithStatus(cards.app, cardOwner.token, 'addCharge', {
      params: { id: other._id },
      body: { kind: 'fine', label: 'Parking ticket, Kingston', amount: 2000, gctApplies: false },
    });
    expect(fine.status).toBe(201);
    const [cardLetter] = await lettersTo(cards.app, other._id, 'charge_added');
    expect(cardLetter!.textBody).toContain('Pay by card');
    expect(cardLetter!.textBody).toContain(`/my-bookings/${other.reference}`);

    // A refused charge (too large) records no event and sends no letter.
    const refused = testApi(cards.app, cardOwner.token).call('addCharge', {
      params: { id: other._id },
      body: { kind: 'fine', label: 'Too much', amount: 999_999_999, gctApplies: false },
    });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    expect(await lettersTo(cards.app, other._id, 'charge_added')).toHaveLength(1);
    expect((await historyOf(cards.app, cardOwner.token, other._id)).filter((event) => event.kind === 'charge_added')).toHaveLength(1);
  });

  it("a customer's cancel is its own step, with the status it reached and staff's letter", async () => {
    const { booking, customer } = await booked(t.app, owner.token, 40);
    await testApi(t.app, customer.token).call('cancelBooking', { body: { bookingId: booking._id } });
    const history = await historyOf(t.app, owner.token, booking._id);
    expect(history.map((event) => [event.kind, event.data.status])).toEqual([
      ['book', 'pending'],
      ['cancel_by_customer', 'cancelled'],
    ]);
    expect(await lettersTo(t.app, booking._id, 'booking_cancelled_by_customer')).toHaveLength(1);
  });
  it("shows the customer each status once: a change of dates that kept it pending is in staff's history, not a second 'pending'", async () => {
    const { booking, customer } = await booked(t.app, owner.token, 50);
    await testApi(t.app, customer.token).call('changeBooking', { params: { id: booking._id }, body: { returnDate: day(53) } });
    expect((await historyOf(t.app, owner.token, booking._id)).map((event) => event.kind)).toEqual(['book', 'change']);
    const detail = await testApi(t.app, customer.token).call('userBooking', { params: { reference: booking.reference } });
    expect(detail.booking.history.map((step) => step.status)).toEqual(['pending']);
  });
});
