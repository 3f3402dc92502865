/**
 * A booking's history is what happened to it, as typed events: each step of its life and each
 * money movement staff record, in order, with who did it; staff read it, customers do not. A
 * charge staff add tells the customer the new balance, with the card page when the company takes
 * cards. The letters come from the events: a refused action records none and sends none.
 */
import { API, BOOKING_EVENT_WORDS, bookingEventDetail, type BookingHistoryEntry, pathFor } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { type Account, authHeader, createOwner, createStaff, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar, customersWithTokens, day, ownerCall } from './support/fleet';

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
    const res = await app.inject({ method: 'POST', url: API.createBooking, headers: authHeader(customer!.token), payload: { car: car._id, pickupDate: day(pickup), returnDate: day(pickup + 1), paymentMethod: 'upfront' } });
    expect(res.statusCode, res.body).toBe(201);
    return { booking: res.json().booking as { _id: string; reference: string; price: number }, customer: customer! };
  }

  async function historyOf(app: TestApp['app'], token: string, id: string): Promise<BookingHistoryEntry[]> {
    const res = await app.inject({ method: 'GET', url: pathFor('bookingHistory', { id }), headers: authHeader(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().history;
  }

  const lettersTo = async (app: TestApp['app'], bookingId: string, kind: string) =>
    app.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind)));

  it('keeps each step and each money movement in order, named and worded, for staff only', async () => {
    const { booking, customer } = await booked(t.app, owner.token);
    const id = booking._id;
    expect((await ownerCall(t.app, agent.token, 'POST', API.changeStatus, { bookingId: id, status: 'confirmed' })).statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: pathFor('recordPayment', { id }), headers: authHeader(agent.token), payload: { method: 'cash', amount: 5000 } });
    expect(paid.statusCode, paid.body).toBe(201);
    const charged = await t.app.inject({ method: 'POST', url: pathFor('addCharge', { id }), headers: authHeader(agent.token), payload: { kind: 'delivery', label: 'Delivery to the airport', amount: 3000, gctApplies: false } });
    // A delivery is not a kind staff add by hand: refused, and nothing recorded.
    expect(charged.statusCode).toBe(400);
    const toll = await t.app.inject({ method: 'POST', url: pathFor('addCharge', { id }), headers: authHeader(agent.token), payload: { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false } });
    expect(toll.statusCode, toll.body).toBe(201);
    const tollLine = (toll.json().folio.lines as { id: string; label: string }[]).find((line) => line.label === 'Highway 2000 toll')!;
    const voided = await t.app.inject({ method: 'POST', url: pathFor('voidLine', { id, lineId: tollLine.id }), headers: authHeader(owner.token), payload: { reason: 'Paid at the booth' } });
    expect(voided.statusCode, voided.body).toBe(201);

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
    const theirs = await t.app.inject({ method: 'GET', url: pathFor('bookingHistory', { id }), headers: authHeader(customer.token) });
    expect(theirs.statusCode).toBe(403);
    const nowhere = await t.app.inject({ method: 'GET', url: pathFor('bookingHistory', { id: '3f0e1c8e-0000-4000-8000-000000000000' }), headers: authHeader(agent.token) });
    expect(nowhere.statusCode).toBe(404);
  });

  it("tells the customer of a charge and what is still to pay; the card page only where the company takes cards", async () => {
    const { booking } = await booked(t.app, owner.token, 30);
    const toll = await t.app.inject({ method: 'POST', url: pathFor('addCharge', { id: booking._id }), headers: authHeader(owner.token), payload: { kind: 'toll', label: 'Highway 2000 toll', amount: 450, gctApplies: false } });
    expect(toll.statusCode, toll.body).toBe(201);
    const [letter, ...more] = await lettersTo(t.app, booking._id, 'charge_added');
    expect(more).toHaveLength(0);
    expect(letter!.subject).toBe(`Booking ${booking.reference}: a charge of $450 JMD`);
    expect(letter!.textBody).toContain('Highway 2000 toll');
    expect(letter!.textBody).toContain(`Still to pay: $${(booking.price + 450).toLocaleString('en-US')} JMD`);
    expect(letter!.textBody).toContain('Please pay it at our office');
    expect(letter!.textBody).not.toContain('Pay by card');

    const cardOwner = await createOwner(cards.app);
    const { booking: other } = await booked(cards.app, cardOwner.token, 30);
    const fine = await cards.app.inject({ method: 'POST', url: pathFor('addCharge', { id: other._id }), headers: authHeader(cardOwner.token), payload: { kind: 'fine', label: 'Parking ticket, Kingston', amount: 2000, gctApplies: false } });
    expect(fine.statusCode, fine.body).toBe(201);
    const [cardLetter] = await lettersTo(cards.app, other._id, 'charge_added');
    expect(cardLetter!.textBody).toContain('Pay by card');
    expect(cardLetter!.textBody).toContain(`/my-bookings/${other.reference}`);

    // A refused charge (too large) records no event and sends no letter.
    const refused = await cards.app.inject({ method: 'POST', url: pathFor('addCharge', { id: other._id }), headers: authHeader(cardOwner.token), payload: { kind: 'fine', label: 'Too much', amount: 999_999_999, gctApplies: false } });
    expect(refused.statusCode).toBe(400);
    expect(await lettersTo(cards.app, other._id, 'charge_added')).toHaveLength(1);
    expect((await historyOf(cards.app, cardOwner.token, other._id)).filter((event) => event.kind === 'charge_added')).toHaveLength(1);
  });

  it("a customer's cancel is its own step, with the status it reached and staff's letter", async () => {
    const { booking, customer } = await booked(t.app, owner.token, 40);
    const cancelled = await t.app.inject({ method: 'POST', url: API.cancelBooking, headers: authHeader(customer.token), payload: { bookingId: booking._id } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const history = await historyOf(t.app, owner.token, booking._id);
    expect(history.map((event) => [event.kind, event.data.status])).toEqual([
      ['book', 'pending'],
      ['cancel_by_customer', 'cancelled'],
    ]);
    expect(await lettersTo(t.app, booking._id, 'booking_cancelled_by_customer')).toHaveLength(1);
  });
  it("shows the customer each status once: a change of dates that kept it pending is in staff's history, not a second 'pending'", async () => {
    const { booking, customer } = await booked(t.app, owner.token, 50);
    const changed = await t.app.inject({ method: 'POST', url: pathFor('changeBooking', { id: booking._id }), headers: authHeader(customer.token), payload: { returnDate: day(53) } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await historyOf(t.app, owner.token, booking._id)).map((event) => event.kind)).toEqual(['book', 'change']);
    const detail = await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(customer.token) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json().booking.history as { status: string }[]).map((step) => step.status)).toEqual(['pending']);
  });
});
