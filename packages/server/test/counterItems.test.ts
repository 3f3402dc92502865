/**
 * What comes back of the items handed over with the car, through the API: check-in names those not
 * returned (each with its charge, a folio line), the rental keeps them, the receipt prints them; an
 * item never handed over is refused and changes nothing; a form that does not ask records nothing.
 */
import { COUNTER_MESSAGES, counterResponses, type Folio, formatMoney, pathFor, REFUSAL_CODES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, rentals } from '../src/db/schema';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { pdfText } from './support/pdfText';

const HANDED_OVER = ['Spare tyre', 'Jack', 'Child seat'];

describe(`items handed over, checked back (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeader(owner.token) });
  const rentalOf = async (id: string) => (await t.db.select().from(rentals).where(eq(rentals.bookingId, id)))[0]!;
  let plateCounter = 700;

  /** A booking of today, paid, its keys handed over with the spare tyre, the jack and a child seat. */
  async function onRent() {
    const car = await addCar(t.app, owner.token, { plate: `${plateCounter++} IT` } as never);
    const customer = await approvedCustomer(t.app, 'Tamika Grant');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, owner.token, booking._id, { items: HANDED_OVER }));
    expect(out.statusCode, out.body).toBe(200);
    return booking;
  }

  it('records the items not returned with their charges, in the folio, on the rental, the counter record and the receipt', async () => {
    const booking = await onRent();
    const back = await postCounter(
      t.app,
      owner.token,
      'checkIn',
      booking._id,
      checkInForm({
        // Named as the agent's screen may spell it: matched to the check-out's words.
        itemsMissing: [{ item: ' child  SEAT ', amount: 8_000 }, { item: 'Jack' }],
        damages: [{ zone: 'left', description: 'Dent in the rear door', amount: null }],
      }),
    );
    expect(back.statusCode, back.body).toBe(200);
    const answer = counterResponses.checkedIn.parse(back.json());
    expect(answer.itemsMissing).toEqual(['Child seat', 'Jack']);
    // The jack is recorded without a charge; the child seat is charged, with GCT like every return charge.
    expect(answer.charges.filter((charge) => charge.kind === 'item')).toEqual([{ kind: 'item', label: 'Not returned: Child seat', amount: 8_000 }]);
    expect(answer.charges.map((charge) => charge.kind)).toEqual(['item', 'gct']);

    const folio = (await get(pathFor('folio', { id: booking._id }))).json().folio as Folio;
    expect(folio.lines.filter((line) => line.label.startsWith('Not returned'))).toMatchObject([
      { kind: 'other', label: 'Not returned: Child seat', amount: 8_000, gct: 1_200 },
    ]);

    expect((await rentalOf(booking._id)).itemsMissing).toEqual(['Child seat', 'Jack']);
    const counter = counterResponses.counterBooking.parse((await get(pathFor('counterBooking', { id: booking._id }))).json()).booking.counter;
    expect(counter.checkIn?.itemsMissing).toEqual(['Child seat', 'Jack']);
    expect(counter.checkIn?.damages).toMatchObject([{ zone: 'left', description: 'Dent in the rear door', amount: null }]);

    const receipt = await pdfText((await get(pathFor('receiptPdf', { id: booking._id }))).rawPayload);
    expect(receipt).toContain(`Not returned: Child seat ${formatMoney(8_000, 'JMD')}`);
    expect(receipt).toContain('Not returned Child seat, Jack');
    expect(receipt).toContain('Damage found Left side: Dent in the rear door (to be assessed)');
  });

  it('refuses an item that was never handed over, and one named twice, changing nothing', async () => {
    const booking = await onRent();
    const never = await postCounter(
      t.app,
      owner.token,
      'checkIn',
      booking._id,
      checkInForm({ itemsMissing: [{ item: 'Jack' }, { item: 'Umbrella', amount: 1_500 }] }),
    );
    expect(never.statusCode).toBe(422);
    expect(never.json()).toMatchObject({ success: false, code: 'item_not_handed_over', message: REFUSAL_CODES.item_not_handed_over });

    const twice = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ itemsMissing: [{ item: 'Jack' }, { item: ' jack ' }] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ success: false, message: COUNTER_MESSAGES.itemNamedTwice });

    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.status).toBe('on_rent');
    expect(await rentalOf(booking._id)).toMatchObject({ checkedInAt: null, receiptNumber: null, itemsMissing: [] });
    const folio = (await get(pathFor('folio', { id: booking._id }))).json().folio as Folio;
    expect(folio.lines.some((line) => line.label.startsWith('Not returned'))).toBe(false);
  });

  it('records nothing missing for a form that does not ask (an older screen), and says nothing of it', async () => {
    const booking = await onRent();
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm());
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ itemsMissing: [], charges: [] });
    expect((await rentalOf(booking._id)).itemsMissing).toEqual([]);
    const receipt = await pdfText((await get(pathFor('receiptPdf', { id: booking._id }))).rawPayload);
    expect(receipt).not.toContain('Not returned');
  });
});
