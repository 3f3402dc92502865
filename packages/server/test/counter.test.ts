/**
 * The counter end to end, through the API: a booking's whole life (book, confirm, keys out with a
 * photo and a signature, keys back with charges and a receipt), the charges at their edges, the
 * races of two staff members, no-shows, refusals that change nothing, and who may read the files.
 */
import { addDays, COUNTER_MESSAGES, counterResponses, MESSAGES, pathFor } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, cars, outbox, rentals } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  type TestApp,
  testApi,
} from './helpers';
import { approvedCustomer, checkInForm, checkOutForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { cameraJpeg, NOT_AN_IMAGE } from './support/images';
import { pdfText } from './support/pdfText';

describe(`the counter (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (token: string | undefined, url: string) => t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });
  const api = (token?: string) => testApi(t.app, token);
  const statusOf = async (id: string) => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;
  const rentalOf = async (id: string) => (await t.db.select().from(rentals).where(eq(rentals.bookingId, id)))[0];
  /** The check-out form with the booking's balance paid at the counter. */
  const paidForm = (bookingId: string, overrides: Parameters<typeof checkOutForm>[0] = {}) => paidCheckOutForm(t.app, owner.token, bookingId, overrides);
  let plateCounter = 100;
  const newCar = async () => addCar(t.app, owner.token, { plate: `${plateCounter++} KX` } as never);

  /** A confirmed booking of a new car from today, priced for `days` days, by an approved customer. */
  async function readyForPickup(days = 3, name = 'Keisha Brown') {
    const car = await newCar();
    const customer = await approvedCustomer(t.app, name);
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(days));
    return { car, customer, booking };
  }

  /** Keys out, then the rental moved into the past so that it is due back `returnDate` (a rental begun days ago). */
  async function onRentDue(returnDate: string, days = 3) {
    const ready = await readyForPickup(days);
    const out = await postCounter(t.app, owner.token, 'checkOut', ready.booking._id, await paidForm(ready.booking._id));
    expect(out.statusCode, out.body).toBe(200);
    const pickupDate = addDays(returnDate, -days);
    await t.db.update(bookings).set({ pickupDate, returnDate }).where(eq(bookings.id, ready.booking._id));
    await t.db
      .update(rentals)
      .set({ checkedOutAt: new Date(`${pickupDate}T09:00:00-05:00`) })
      .where(eq(rentals.bookingId, ready.booking._id));
    return ready;
  }

  it('carries a booking from confirmed to returned: desk, keys out with a photo and a signature, the agreement, keys back, the receipt', async () => {
    const { car, customer, booking } = await readyForPickup(3);

    const desk = counterResponses.desk.parse(await api(owner.token).call('desk'));
    const listed = desk.pickups.find((row) => row._id === booking._id);
    expect(listed).toMatchObject({ reference: booking.reference, plate: car.plate, status: 'confirmed', user: { name: 'Keisha Brown', vetting: 'approved' } });

    const before = counterResponses.counterBooking.parse(await api(owner.token).call('counterBooking', { params: { id: booking._id } })).booking;
    expect(before).toMatchObject({ checkOutProblem: null, licenceNumber: 'JM123456789', counter: { checkOut: null, checkIn: null } });

    const photo = await cameraJpeg(2400, 1600);
    const out = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidForm(booking._id, { odometerKm: 12_345, fuelEighths: 6, damages: [{ zone: 'back', description: 'Scratch on the rear bumper', photo: 0 }] }),
      [{ name: 'photo', bytes: photo, filename: 'back.jpg', type: 'image/jpeg' }],
    );
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ success: true, message: COUNTER_MESSAGES.checkedOut, booking: { status: 'on_rent' } });
    expect((await t.db.select({ odometerKm: cars.odometerKm }).from(cars).where(eq(cars.id, car._id)))[0]!.odometerKm).toBe(12_345);

    // The agreement: the customer's own and staff's, the same bytes every time, readable text.
    const agreement = await get(customer.token, pathFor('agreementPdf', { id: booking._id }));
    expect(agreement.statusCode).toBe(200);
    expect(agreement.headers['content-type']).toBe('application/pdf');
    expect(agreement.headers['cache-control']).toBe('private, no-store');
    expect((await get(owner.token, pathFor('agreementPdf', { id: booking._id }))).rawPayload.equals(agreement.rawPayload)).toBe(true);
    const text = await pdfText(agreement.rawPayload);
    for (const words of [booking.reference, 'Keisha Brown', 'JM123456789', car.plate!, '12,345', 'Scratch on the rear bumper', 'Andre Campbell'])
      expect(text).toContain(words);

    const stranger = await registerCustomer(t.app);
    expect((await get(stranger.token, pathFor('agreementPdf', { id: booking._id }))).statusCode).toBe(404);
    expect((await get(undefined, pathFor('agreementPdf', { id: booking._id }))).statusCode).toBe(401);

    // The damage photo: re-encoded, private, and the damage is carried with the car.
    const detail = (await api(customer.token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(detail.status).toBe('on_rent');
    expect(detail.counter?.checkOut).toMatchObject({
      odometerKm: 12_345,
      fuelEighths: 6,
      deposit: { amount: 15_000, method: 'cash' },
      items: ['Spare tyre', 'Jack'],
    });
    const photoUrl = detail.counter!.checkOut!.damages[0]!.photo!;
    const served = await get(customer.token, photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect((await get(stranger.token, photoUrl)).statusCode).toBe(404);
    const { damages } = await api(owner.token).call('carDamages', { params: { id: car._id } });
    expect(damages).toMatchObject([{ zone: 'back', description: 'Scratch on the rear bumper', foundAtReference: booking.reference, repairedAt: null }]);

    // The customer is e-mailed the agreement, attached.
    const letters = await t.db.select({ recipient: outbox.recipient, attachment: outbox.attachment }).from(outbox).where(eq(outbox.bookingId, booking._id));
    expect(letters).toContainEqual({ recipient: customer.user.email, attachment: 'agreement' });

    // Nor erase their account while they have the car.
    const erase = await refusalOf(api(customer.token).call('deleteAccount', { body: { password: customer.password } }));
    expect(erase.answer).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.erasureOnRent });

    // A customer cannot cancel a car on rent; the status select leaves it alone.
    expect((await refusalOf(api(customer.token).call('cancelBooking', { body: { bookingId: booking._id } }))).answer).toEqual({
      success: false,
      code: expect.any(String),
      message: COUNTER_MESSAGES.cancelOnRent,
    });
    expect((await refusalOf(api(owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'cancelled' } }))).answer).toEqual({
      success: false,
      code: expect.any(String),
      message: COUNTER_MESSAGES.atCounter,
    });

    // Keys back on time, full, no damage: no charges, the whole deposit back.
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ odometerKm: 12_900, fuelEighths: 6 }));
    expect(back.statusCode, back.body).toBe(200);
    const settled = counterResponses.checkedIn.parse(back.json());
    expect(settled).toMatchObject({ charges: [], depositRefunded: 15_000, depositKept: 0, owing: 0, booking: { status: 'returned' } });
    expect(settled.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);

    const receipt = await get(customer.token, pathFor('receiptPdf', { id: booking._id }));
    expect(receipt.statusCode).toBe(200);
    const receiptText = await pdfText(receipt.rawPayload);
    for (const words of [settled.receiptNumber, booking.reference, 'Keisha Brown', '15,000']) expect(receiptText).toContain(words);
    const after = (await api(customer.token).call('userBooking', { params: { reference: booking.reference } })).booking;
    expect(after.counter?.checkIn).toMatchObject({ receiptNumber: settled.receiptNumber, depositRefunded: 15_000, odometerKm: 12_900 });
    expect((await t.db.select({ odometerKm: cars.odometerKm }).from(cars).where(eq(cars.id, car._id)))[0]!.odometerKm).toBe(12_900);

    // What was signed and what was receipted stay as made, whoever writes; the rental's other columns stay writable.
    const rental = eq(rentals.bookingId, booking._id);
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'written',
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    const another = Buffer.from('%PDF-1.7 another');
    for (const kept of [{ agreementPdf: another }, { signature: Buffer.from('scribble') }, { receiptPdf: another }]) {
      expect(await refusal(t.db.update(rentals).set(kept).where(rental)), Object.keys(kept)[0]).toMatch(/kept as they were made/);
    }
    expect(await refusal(t.db.update(rentals).set({ owing: 0 }).where(rental))).toBe('written');
    expect(await pdfText((await get(customer.token, pathFor('receiptPdf', { id: booking._id }))).rawPayload)).toContain(settled.receiptNumber);
  });

  it("keys out and back are in the booking's history with the deposit and what the return settled, naming nobody; each makes its one letter", async () => {
    const { customer, booking } = await readyForPickup(2, 'Marcia Reid');
    const out = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidForm(booking._id, { fuelEighths: 8, deposit: { amount: 20_000, method: 'card', reference: 'Card 4821' } }),
    );
    expect(out.statusCode, out.body).toBe(200);
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ odometerKm: 10_300, fuelEighths: 6 }));
    expect(back.statusCode, back.body).toBe(200);
    const settled = counterResponses.checkedIn.parse(back.json());
    expect(settled.charges.map((charge) => charge.kind)).toContain('fuel');

    const history = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking._id));
    const keysOut = history.filter((event) => event.kind === 'check_out');
    const keysBack = history.filter((event) => event.kind === 'check_in');
    expect(keysOut).toHaveLength(1);
    expect(keysOut[0]).toMatchObject({ status: 'on_rent', actorId: owner.user._id, data: { deposit: { amount: 20_000, method: 'card' }, owedAtReturn: 0 } });
    expect(keysBack).toHaveLength(1);
    expect(keysBack[0]).toMatchObject({
      status: 'returned',
      data: {
        settlement: {
          receiptNumber: settled.receiptNumber,
          charges: settled.charges,
          depositRefunded: settled.depositRefunded,
          depositKept: settled.depositKept,
          owing: settled.owing,
          toBeAssessed: false,
        },
      },
    });
    // Kept forever: no name, e-mail or phone of the customer in it.
    for (const event of [...keysOut, ...keysBack]) {
      for (const detail of ['Marcia Reid', customer.user.email]) expect(JSON.stringify(event.data)).not.toContain(detail);
    }

    const letters = await t.db.select().from(outbox).where(eq(outbox.bookingId, booking._id));
    const agreementLetters = letters.filter((letter) => letter.kind === 'keys_handed_over');
    const receiptLetters = letters.filter((letter) => letter.kind === 'car_returned');
    expect(agreementLetters).toHaveLength(1);
    expect(agreementLetters[0]!.textBody).toContain('(Card)');
    expect(receiptLetters).toHaveLength(1);
    expect(receiptLetters[0]).toMatchObject({ recipient: customer.user.email, subject: `Your receipt ${settled.receiptNumber}`, attachment: 'receipt' });
    expect(receiptLetters[0]!.textBody).toContain('Marcia Reid');
  });

  it('refuses in words, and changes nothing: a driver not approved, before the pickup day, a licence that differs, a lower odometer, fuel 9, a photo that is not one', async () => {
    const car = await newCar();
    const waiting = await approvedCustomer(t.app, 'Waiting Driver', 'waiting');
    const notYet = await confirmedBooking(t.app, owner, waiting, car._id, day(0), day(0));
    const refused = await postCounter(t.app, owner.token, 'checkOut', notYet._id, await paidForm(notYet._id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COUNTER_MESSAGES.driverNotApproved);

    const customer = await approvedCustomer(t.app);
    const tomorrow = await confirmedBooking(t.app, owner, customer, car._id, day(2), day(3));
    expect((await postCounter(t.app, owner.token, 'checkOut', tomorrow._id, await paidForm(tomorrow._id))).json().message).toBe(
      COUNTER_MESSAGES.beforePickupDay,
    );

    const { booking } = await readyForPickup(1);
    const attempts: [object | string, number, string][] = [
      [await checkOutForm({ licenceNumber: 'JM 999 999 999' }), 422, COUNTER_MESSAGES.licenceMismatch],
      [await checkOutForm({ fuelEighths: 9 }), 400, 'Fuel is read in eighths of a tank: a whole number from 0 (empty) to 8 (full).'],
      [await checkOutForm({ signature: 'data:image/png;base64,AAAA' }), 400, 'The signature could not be read. Please clear it and sign again.'],
      ['{not json', 400, COUNTER_MESSAGES.dataNotJson],
    ];
    for (const [data, status, message] of attempts) {
      const res = await postCounter(t.app, owner.token, 'checkOut', booking._id, data);
      expect(res.json(), JSON.stringify(data).slice(0, 80)).toEqual({ success: false, code: expect.any(String), message });
      expect(res.statusCode).toBe(status);
    }
    const notImage = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidForm(booking._id, { damages: [{ zone: 'front', description: 'Dent', photo: 0 }] }),
      [{ name: 'photo', bytes: NOT_AN_IMAGE, filename: 'dent.jpg', type: 'image/jpeg' }],
    );
    expect(notImage.json()).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.photoNotImage });
    const missingPhoto = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidForm(booking._id, { damages: [{ zone: 'front', description: 'Dent', photo: 0 }] }),
    );
    expect(missingPhoto.json()).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.photoMissing });
    expect(await statusOf(booking._id)).toBe('confirmed');
    expect(await rentalOf(booking._id)).toBeUndefined();

    // The odometer may not go back on the car's last reading.
    await t.db
      .update(cars)
      .set({ odometerKm: 50_000 })
      .where(eq(cars.id, (await t.db.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.carId));
    expect((await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidForm(booking._id, { odometerKm: 49_999 }))).json().message).toBe(
      COUNTER_MESSAGES.odometerBelowCar,
    );

    // Check-in of a booking not on rent; customers may not use the counter.
    expect((await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm())).json()).toEqual({
      success: false,
      code: expect.any(String),
      message: COUNTER_MESSAGES.notOnRent,
    });
    expect((await postCounter(t.app, customer.token, 'checkOut', booking._id, await paidForm(booking._id))).statusCode).toBe(403);
    expect(await statusOf(booking._id)).toBe('confirmed');
  });

  it('gives the keys once when two staff members check the same booking out at the same moment, and takes them back once', async () => {
    const { booking } = await readyForPickup(2);
    const second = await createOwner(t.app, { name: 'Second Agent' });
    const form = await paidForm(booking._id);
    const outs = await Promise.all([
      postCounter(t.app, owner.token, 'checkOut', booking._id, form),
      postCounter(t.app, second.token, 'checkOut', booking._id, form),
    ]);
    expect(outs.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(outs.find((res) => res.statusCode === 409)!.json().message).toBe(COUNTER_MESSAGES.alreadyCheckedOut);
    const ins = await Promise.all([
      postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm()),
      postCounter(t.app, second.token, 'checkIn', booking._id, checkInForm()),
    ]);
    expect(ins.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(ins.find((res) => res.statusCode === 409)!.json().message).toBe(COUNTER_MESSAGES.alreadyCheckedIn);
  });

  describe('charges at their edges', () => {
    const returnAt = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`).toISOString();

    it('kilometres: exactly the allowance costs nothing, one more is charged with its GCT', async () => {
      const due = day(-1);
      const exact = await onRentDue(due);
      const atAllowance = await postCounter(
        t.app,
        owner.token,
        'checkIn',
        exact.booking._id,
        checkInForm({ odometerKm: 10_000 + 3 * 500, returnedAt: returnAt(due, '12:00') }),
      );
      expect(atAllowance.json(), atAllowance.body).toMatchObject({ charges: [], depositRefunded: 15_000 });

      const over = await onRentDue(due);
      const oneOver = await postCounter(
        t.app,
        owner.token,
        'checkIn',
        over.booking._id,
        checkInForm({ odometerKm: 10_000 + 3 * 500 + 1, returnedAt: returnAt(due, '12:00') }),
      );
      expect(oneOver.json().charges).toEqual([
        { kind: 'distance', label: '1 km over the 1,500 km allowance', amount: 40 },
        { kind: 'gct', label: 'GCT 15% on the charges', amount: 6 },
      ]);
      expect(oneOver.json()).toMatchObject({ depositKept: 46, depositRefunded: 14_954 });
    });

    it("the grace minute: back at the due time plus the grace is on time, a minute later is an extra day at the booking's rate", async () => {
      const due = day(-1);
      const inGrace = await onRentDue(due);
      const onTime = await postCounter(t.app, owner.token, 'checkIn', inGrace.booking._id, checkInForm({ returnedAt: returnAt(due, '19:00') }));
      expect(onTime.json().charges).toEqual([]);

      const late = await onRentDue(due);
      const oneMinuteLate = await postCounter(
        t.app,
        owner.token,
        'checkIn',
        late.booking._id,
        checkInForm({ returnedAt: returnAt(due, '19:01'), fuelEighths: 6 }),
      );
      const charges = oneMinuteLate.json().charges as { kind: string; amount: number }[];
      const [quote] = await t.db.select({ quote: bookings.quote }).from(bookings).where(eq(bookings.id, late.booking._id));
      const rate = Math.round(quote!.quote!.lines.filter((line) => line.kind === 'days').reduce((sum, line) => sum + line.amount, 0) / quote!.quote!.days);
      expect(rate).toBe(8_500);
      expect(charges.map((charge) => charge.kind)).toEqual(['late', 'fuel', 'gct']);
      expect(charges[0]!.amount).toBe(rate);
      expect(charges[1]!.amount).toBe(2 * 1_500);
      expect(charges[2]!.amount).toBe(Math.round((rate + 3_000) * 0.15));
      const total = rate + 3_000 + Math.round((rate + 3_000) * 0.15);
      expect(oneMinuteLate.json()).toMatchObject({
        depositKept: Math.min(15_000, total),
        depositRefunded: Math.max(0, 15_000 - total),
        owing: Math.max(0, total - 15_000),
      });
      const receipt = await pdfText((await get(owner.token, pathFor('receiptPdf', { id: late.booking._id }))).rawPayload);
      expect(receipt).toContain('Late return');
      expect(receipt).toContain('Fuel');
    });

    it('a damage to be assessed holds the whole security deposit; the odometer may not go below the check-out', async () => {
      const due = day(-1);
      const { booking } = await onRentDue(due);
      // Still out a day after it was due: red on the desk and the timeline.
      const desk = counterResponses.desk.parse(await api(owner.token).call('desk'));
      expect(desk.overdue.map((row) => row._id)).toContain(booking._id);
      expect(desk.returns.map((row) => row._id)).not.toContain(booking._id);
      const timeline = await api(owner.token).call('timeline', { query: { from: day(-3) } });
      expect(timeline.bookings.find((row) => row._id === booking._id)).toMatchObject({ status: 'on_rent', overdue: true });
      const lower = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ odometerKm: 9_999, returnedAt: returnAt(due, '12:00') }));
      expect(lower.json()).toEqual({ success: false, code: expect.any(String), message: COUNTER_MESSAGES.odometerBelowCheckOut });
      expect(await statusOf(booking._id)).toBe('on_rent');
      const res = await postCounter(
        t.app,
        owner.token,
        'checkIn',
        booking._id,
        checkInForm({ returnedAt: returnAt(due, '12:00'), damages: [{ zone: 'left', description: 'Dent in the driver door', amount: null }], cleaning: 2_000 }),
      );
      // The rental was paid with the keys: the cleaning is owed, the whole deposit is held.
      expect(res.json()).toMatchObject({ depositKept: 0, depositRefunded: 0, depositHeld: 15_000, owing: 2_300 });
      expect(res.json().charges.map((charge: { kind: string }) => charge.kind)).toEqual(['cleaning', 'gct']);
    });
  });

  it('no-show: from the pickup day only; its days are free for another customer', async () => {
    const car = await newCar();
    const customer = await approvedCustomer(t.app);
    const later = await confirmedBooking(t.app, owner, customer, car._id, day(5), day(6));
    expect((await refusalOf(api(owner.token).call('changeStatus', { body: { bookingId: later._id, status: 'no_show' } }))).answer).toEqual({
      success: false,
      code: expect.any(String),
      message: COUNTER_MESSAGES.noShowBeforePickup,
    });
    const today = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(1));
    const marked = await callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: today._id, status: 'no_show' } });
    expect(marked.status).toBe(200);
    expect(marked.answer.booking.status).toBe('no_show');
    const other = await registerCustomer(t.app);
    expect(
      (await callWithStatus(t.app, other.token, 'createBooking', { body: { car: car._id, pickupDate: day(0), returnDate: day(1), paymentMethod: 'upfront' } }))
        .status,
    ).toBe(201);
    expect((await postCounter(t.app, owner.token, 'checkOut', today._id, await paidForm(today._id))).json().message).toBe(COUNTER_MESSAGES.notConfirmed);
  });

  it('gives receipt numbers one after another, none twice and none skipped, when many cars come back at once', async () => {
    const ready = [];
    for (let n = 0; n < 6; n++) {
      const one = await readyForPickup(1, `Customer ${n}`);
      expect((await postCounter(t.app, owner.token, 'checkOut', one.booking._id, await paidForm(one.booking._id))).statusCode).toBe(200);
      ready.push(one);
    }
    const answers = await Promise.all(ready.map((one) => postCounter(t.app, owner.token, 'checkIn', one.booking._id, checkInForm())));
    const numbers = answers.filter((res) => res.statusCode === 200).map((res) => res.json().receiptNumber as string);
    expect(numbers).toHaveLength(6);
    const serials = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(serials).toEqual(serials.map((_, n) => serials[0]! + n));
  });

  it("carries a car's damages to its next check-out until staff mark them repaired", async () => {
    const { car, booking } = await readyForPickup(1);
    await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidForm(booking._id, { damages: [{ zone: 'roof', description: 'Hail dent' }] }));
    const [damage] = (await api(owner.token).call('carDamages', { params: { id: car._id } })).damages;
    expect(damage).toMatchObject({ zone: 'roof', description: 'Hail dent', repairedAt: null });
    const repaired = await api(owner.token).call('repairDamage', { params: { id: damage!._id }, body: {} });
    expect(repaired).toMatchObject({ success: true, message: COUNTER_MESSAGES.damageRepaired });
    expect((await refusalOf(api(owner.token).call('repairDamage', { params: { id: damage!._id }, body: {} }))).answer).toEqual({
      success: false,
      code: expect.any(String),
      message: COUNTER_MESSAGES.damageAlreadyRepaired,
    });
    expect((await refusalOf(api(owner.token).call('carDamages', { params: { id: 'not-an-id' } }))).answer).toEqual({
      success: false,
      code: expect.any(String),
      message: MESSAGES.carNotFound,
    });
    // The history names the damage by its car, when found and when repaired, and who did it.
    const history = (await api(owner.token).call('ownerActivity', { query: { kind: 'damage' } })).entries;
    const ofThis = history.filter((entry) => entry.subjectId === damage!._id);
    expect(ofThis.map((entry) => [entry.action, entry.subjectName, entry.actor?.name])).toEqual([
      ['changed', 'Toyota Corolla', 'Andre Campbell'],
      ['added', 'Toyota Corolla', 'Andre Campbell'],
    ]);
  });
});
