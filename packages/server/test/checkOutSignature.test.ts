/**
 * A check-out whose signature only looks like a PNG (the right first bytes, then nothing a picture
 * decoder can read) is the form's fault: a 400 in words, nothing changed, not a 500.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, rentals } from '../src/db/schema';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { approvedCustomer, confirmedBooking, paidCheckOutForm, postCounter, signaturePng } from './support/counter';
import { addCar, day } from './support/fleet';

const UNREADABLE = 'The signature could not be read. Please clear it and sign again.';

describe(`a check-out's signature (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
  });
  afterAll(() => t?.close());

  it('refuses a signature with a PNG header but no picture behind it with 400, and changes nothing', async () => {
    const car = await addCar(t.app, owner.token, { plate: '901 SG' } as never);
    const customer = await approvedCustomer(t.app);
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const real = Buffer.from((await signaturePng()).split(',')[1]!, 'base64');
    // The PNG's own first bytes and header chunk, then its image data cut short and garbled.
    const cut = Buffer.concat([real.subarray(0, 40), Buffer.alloc(200, 0x5a)]);
    const headerOnly = Buffer.concat([real.subarray(0, 8), Buffer.alloc(120, 0)]);
    for (const bytes of [cut, headerOnly]) {
      const signature = `data:image/png;base64,${bytes.toString('base64')}`;
      for (const form of [{ signature }, { staffSignature: signature }]) {
        const res = await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, owner.token, booking._id, form));
        expect(res.json()).toEqual({ success: false, code: 'signature_unreadable', message: UNREADABLE });
        expect(res.statusCode).toBe(400);
      }
    }
    expect((await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking._id)))[0]!.status).toBe('confirmed');
    expect(await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id))).toEqual([]);
    // The same form with a real signature gives the keys.
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, owner.token, booking._id));
    expect(out.statusCode, out.body).toBe(200);
  });
});
