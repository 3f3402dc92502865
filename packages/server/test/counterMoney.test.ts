/**
 * The counter collects the money, through the API: keys go out only once the folio's balance is
 * paid (or an owner or a manager lets the customer pay at return, saying why); at return the
 * charges join the folio and the security deposit settles against the whole balance, rental
 * included, so the receipt asks what is really owed; a damage to be assessed holds the deposit
 * until it is charged; and a car's odometer never goes backwards by a manager's edit.
 */
import { addDays, counterResponses, formatMoney, pathFor, REFUSAL_CODES, COUNTER_MESSAGES } from '@rental/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, folioPayments, outbox, rentals } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  outcomeOf,
  type TestApp,
  testApi,
} from './helpers';
import { approvedCustomer, balanceOf, checkInForm, checkOutForm, confirmedBooking, postCounter } from './support/counter';
import { addCar, carForm, carFormData, day } from './support/fleet';
import { pdfText } from './support/pdfText';

describe(`the counter collects the money (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    manager = await createStaff(t.app, 'manager', { name: 'Marlene Reid' });
    agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const api = (token: string) => testApi(t.app, token);
  const folioOf = async (id: string) => (await api(owner.token).call('folio', { params: { id } })).folio;
  const rentalOf = async (id: string) => (await t.db.select().from(rentals).where(eq(rentals.bookingId, id)))[0];
  let plateCounter = 500;

  async function readyForPickup(days = 3) {
    const car = await addCar(t.app, owner.token, { plate: `${plateCounter++} MN` } as never);
    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(days));
    return { car, customer, booking };
  }

  /** Moves a rental on rent into the past, so that it was due back on `returnDate`. */
  async function dueBack(bookingId: string, returnDate: string, days = 3) {
    const pickupDate = addDays(returnDate, -days);
    await t.db.update(bookings).set({ pickupDate, returnDate }).where(eq(bookings.id, bookingId));
    await t.db
      .update(rentals)
      .set({ checkedOutAt: new Date(`${pickupDate}T09:00:00-05:00`) })
      .where(eq(rentals.bookingId, bookingId));
  }

  it('refuses the keys while the booking is unpaid, until the whole balance is paid at the counter', async () => {
    const { booking } = await readyForPickup(3);
    const counter = counterResponses.counterBooking.parse(await api(owner.token).call('counterBooking', { params: { id: booking._id } })).booking;
    expect(counter.balance).toBe(booking.price);
    expect(counter.balance).toBeGreaterThan(0);

    const unpaid = await postCounter(t.app, agent.token, 'checkOut', booking._id, await checkOutForm());
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({ success: false, message: REFUSAL_CODES.payment_before_keys, code: 'payment_before_keys', balance: booking.price });

    const short = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await checkOutForm({ payment: { method: 'cash', amount: booking.price - 1 } }),
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'payment_not_balance', message: REFUSAL_CODES.payment_not_balance, balance: booking.price });

    const both = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await checkOutForm({ payment: { method: 'cash', amount: booking.price }, payAtReturn: { reason: 'Regular customer' } }),
    );
    expect(both.json()).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.paymentOrPayAtReturn });

    // Nothing changed by the refusals: still confirmed, no rental, nothing paid.
    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.status).toBe('confirmed');
    expect(await rentalOf(booking._id)).toBeUndefined();
    expect((await folioOf(booking._id)).payments).toEqual([]);

    const paid = await postCounter(
      t.app,
      agent.token,
      'checkOut',
      booking._id,
      await checkOutForm({ payment: { method: 'bank_deposit', amount: booking.price, reference: 'NCB slip 4471' } }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().booking).toMatchObject({ status: 'on_rent', paymentStatus: 'paid' });
    const folio = await folioOf(booking._id);
    expect(folio.totals.balance).toBe(0);
    expect(folio.payments).toMatchObject([{ kind: 'payment', method: 'bank_deposit', amount: booking.price, reference: 'NCB slip 4471', by: 'Dwayne Clarke' }]);

    // The agreement lists the folio: its charges, the payment, nothing left to pay.
    const agreement = await pdfText((await get(owner.token, pathFor('agreementPdf', { id: booking._id }))).rawPayload);
    expect(agreement).toContain('Payment by bank deposit (NCB slip 4471)');
    expect(agreement).toContain(`Total charged ${formatMoney(booking.price, 'JMD')}`);
    expect(agreement).toContain('Nothing more to pay');
  });

  it('lets a manager, not an agent, hand over the keys to pay at return, and keeps the reason', async () => {
    const { customer, booking } = await readyForPickup(2);
    const byAgent = await postCounter(t.app, agent.token, 'checkOut', booking._id, await checkOutForm({ payAtReturn: { reason: 'Corporate account' } }));
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json()).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.payAtReturnNotAllowed });
    expect(await rentalOf(booking._id)).toBeUndefined();

    const byManager = await postCounter(
      t.app,
      manager.token,
      'checkOut',
      booking._id,
      await checkOutForm({ payAtReturn: { reason: 'Corporate account, invoiced monthly' } }),
    );
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json().booking).toMatchObject({ status: 'on_rent', paymentStatus: 'unpaid' });
    expect((await folioOf(booking._id)).totals.balance).toBe(booking.price);

    const detail = (await api(customer.token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(detail.counter?.checkOut?.payAtReturn).toBe('Corporate account, invoiced monthly');
    const agreement = await pdfText((await get(customer.token, pathFor('agreementPdf', { id: booking._id }))).rawPayload);
    expect(agreement).toContain(`To pay at return ${formatMoney(booking.price, 'JMD')}`);
    expect(agreement).toContain('Corporate account, invoiced monthly');
    // The customer's e-mail says what is due when the car comes back.
    const [letter] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.bookingId, booking._id), eq(outbox.kind, 'keys_handed_over')));
    expect(letter?.text).toContain(`To pay when you return the car: ${formatMoney(booking.price, 'JMD')}`);
  });

  it('asks on the receipt of a late return what is owed: the rental unpaid and the charges, less the security deposit', async () => {
    const { booking } = await readyForPickup(3);
    const rentalPrice = await balanceOf(t.app, owner.token, booking._id);
    const out = await postCounter(
      t.app,
      manager.token,
      'checkOut',
      booking._id,
      await checkOutForm({ payAtReturn: { reason: 'Pays with the company card at return' } }),
    );
    expect(out.statusCode, out.body).toBe(200);
    const due = day(-1);
    await dueBack(booking._id, due);

    // Past the due time and its grace (a day late), and two eighths of a tank short.
    const back = await postCounter(
      t.app,
      owner.token,
      'checkIn',
      booking._id,
      checkInForm({ returnedAt: new Date(`${due}T19:01:00-05:00`).toISOString(), fuelEighths: 6 }),
    );
    expect(back.statusCode, back.body).toBe(200);
    const settled = counterResponses.checkedIn.parse(back.json());
    expect(settled.charges.map((charge) => charge.kind)).toEqual(['late', 'fuel', 'gct']);
    const charges = settled.charges.reduce((sum, charge) => sum + charge.amount, 0);
    const owed = rentalPrice + charges;
    expect(owed).toBeGreaterThan(15_000);
    expect(settled).toMatchObject({ depositKept: 15_000, depositRefunded: 0, depositHeld: 0, owing: owed - 15_000 });

    const folio = await folioOf(booking._id);
    expect(folio.totals.balance).toBe(owed - 15_000);
    expect(folio.payments).toMatchObject([{ kind: 'payment', method: 'cash', amount: 15_000, reference: 'security deposit' }]);
    expect(folio.lines.map((line) => line.kind)).toEqual(expect.arrayContaining(['late', 'fuel']));
    expect(settled.booking.paymentStatus).toBe('part_paid');

    const receipt = await pdfText((await get(owner.token, pathFor('receiptPdf', { id: booking._id }))).rawPayload);
    expect(receipt).toContain(`Still to pay ${formatMoney(owed - 15_000, 'JMD')}`);
    expect(receipt).toContain(`Total charged ${formatMoney(owed, 'JMD')}`);
    expect(receipt).toContain(`Kept towards the booking ${formatMoney(15_000, 'JMD')}`);
    expect(receipt).toContain('Part paid');
  });

  it('gives back what the security deposit does not need when the rental was paid', async () => {
    const { booking } = await readyForPickup(1);
    const price = await balanceOf(t.app, owner.token, booking._id);
    expect(
      (await postCounter(t.app, owner.token, 'checkOut', booking._id, await checkOutForm({ payment: { method: 'card', amount: price } }))).statusCode,
    ).toBe(200);
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ cleaning: 2_000 }));
    expect(back.json()).toMatchObject({ depositKept: 2_300, depositRefunded: 12_700, depositHeld: 0, owing: 0 });
    expect((await folioOf(booking._id)).totals.balance).toBe(0);
    expect(await rentalOf(booking._id)).toMatchObject({ depositKept: 2_300, depositRefunded: 12_700, owing: 0 });
  });

  it('holds the security deposit while a damage is to be assessed, and settles it once when the damage is charged', async () => {
    const { booking } = await readyForPickup(1);
    const price = await balanceOf(t.app, owner.token, booking._id);
    expect(
      (await postCounter(t.app, owner.token, 'checkOut', booking._id, await checkOutForm({ payment: { method: 'cash', amount: price } }))).statusCode,
    ).toBe(200);
    const back = await postCounter(
      t.app,
      owner.token,
      'checkIn',
      booking._id,
      checkInForm({ damages: [{ zone: 'left', description: 'Dent in the driver door', amount: null }], cleaning: 2_000 }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ depositKept: 0, depositRefunded: 0, depositHeld: 15_000, owing: 2_300 });
    expect(await rentalOf(booking._id)).toMatchObject({ depositKept: null, depositRefunded: null, toBeAssessed: true });
    const receipt = await pdfText((await get(owner.token, pathFor('receiptPdf', { id: booking._id }))).rawPayload);
    expect(receipt).toContain(`Held until the damage is assessed ${formatMoney(15_000, 'JMD')}`);
    expect(receipt).toContain(`Still to pay ${formatMoney(2_300, 'JMD')}`);
    const held = (await api(owner.token).call('counterBooking', { params: { id: booking._id } })).booking;
    expect(held.counter.checkIn).toMatchObject({ depositHeld: 15_000, depositKept: 0, depositRefunded: 0, toBeAssessed: true });

    // Priced a week later: 8,000 and its GCT, with the cleaning still owing, come to 11,500.
    const charge = { kind: 'damage' as const, label: 'Driver door: dent repaired', amount: 8_000, gctApplies: true };
    const priced = await callWithStatus(t.app, owner.token, 'addCharge', { params: { id: booking._id }, body: charge });
    expect(priced.status).toBe(201);
    expect(priced.answer.folio.totals.balance).toBe(0);
    expect(priced.answer.folio.deposit).toEqual({ held: 15_000, kept: 11_500, returned: 3_500 });
    expect(await rentalOf(booking._id)).toMatchObject({ depositKept: 11_500, depositRefunded: 3_500, owing: 0 });

    // A second damage charge is owed on its own: the deposit settled once.
    const again = await api(owner.token).call('addCharge', { params: { id: booking._id }, body: { ...charge, label: 'Mirror', amount: 1_000 } });
    expect(again.folio.totals.balance).toBe(1_150);
    const kept = await t.db.select().from(folioPayments).where(eq(folioPayments.bookingId, booking._id));
    expect(kept.filter((payment) => payment.reference === 'security deposit').map((payment) => payment.amount)).toEqual([11_500]);
    expect(await rentalOf(booking._id)).toMatchObject({ depositKept: 11_500, depositRefunded: 3_500 });
  });

  describe("a car's odometer", () => {
    /** The edit's status, and the refusal's whole answer when refused. */
    const editCar = async (token: string, carId: string, data: object) =>
      outcomeOf(callWithStatus(t.app, token, 'updateCar', { params: { id: carId }, form: await carFormData(carForm(data as never), null) }));
    const odometerOf = async (id: string) => (await t.db.select({ km: cars.odometerKm }).from(cars).where(eq(cars.id, id)))[0]!.km;

    it('never goes backwards by an edit: a manager winding it from 50,000 to 10 is refused; an owner corrects it with a reason kept in the history', async () => {
      const car = await addCar(t.app, owner.token, { plate: `${plateCounter++} OD`, odometerKm: 50_000 } as never);
      expect(await odometerOf(car._id)).toBe(50_000);

      const wound = await editCar(manager.token, car._id, { plate: car.plate, odometerKm: 10 });
      expect(wound.status).toBe(409);
      expect(wound.refusal).toEqual({ success: false, message: REFUSAL_CODES.odometer_backwards, code: 'odometer_backwards', odometerKm: 50_000 });
      const withReason = await editCar(manager.token, car._id, { plate: car.plate, odometerKm: 10, odometerCorrection: { reason: 'New cluster' } });
      expect(withReason.status).toBe(403);
      expect(withReason.refusal).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.odometerCorrectionOwnerOnly });
      expect((await editCar(owner.token, car._id, { plate: car.plate, odometerKm: 49_999 })).refusal?.code).toBe('odometer_backwards');
      expect(await odometerOf(car._id)).toBe(50_000);

      // Forward, or the same, is an ordinary edit.
      expect((await editCar(manager.token, car._id, { plate: car.plate, odometerKm: 50_000 })).status).toBe(200);
      expect((await editCar(manager.token, car._id, { plate: car.plate, odometerKm: 50_120 })).status).toBe(200);

      const corrected = await editCar(owner.token, car._id, { plate: car.plate, odometerKm: 5_012, odometerCorrection: { reason: 'Typed 50,120 for 5,012' } });
      expect(corrected.status, JSON.stringify(corrected.refusal)).toBe(200);
      expect(await odometerOf(car._id)).toBe(5_012);
      const history = (await api(owner.token).call('ownerActivity', { query: { kind: 'car' } })).entries;
      expect(history.filter((entry) => entry.subjectId === car._id && entry.after?.odometer_correction)).toMatchObject([
        { after: { odometer_km: 5_012, odometer_correction: 'Typed 50,120 for 5,012' }, actor: { name: 'Andre Campbell' } },
      ]);
    });
  });
});
