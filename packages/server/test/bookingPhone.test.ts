/**
 * A booking needs a phone: a customer whose account has none is refused (422, code phone_needed) and
 * nothing is written; with one, the same booking is taken. Staff booking for a caller are not asked
 * (they have the customer on the line, and a walk-in is added with a phone anyway).
 */
import { REFUSAL_CODES, type Car } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema';
import { type Account, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, refusalOf, registerCustomer, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { addCar, day } from './support/fleet';

describe(`a booking needs a phone (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let car: Car;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    car = await addCar(t.app, owner.token);
  });
  afterAll(() => t?.close());

  it('refuses a customer without a phone in words with code phone_needed, writes nothing, and books once the phone is given', async () => {
    const customer = await registerCustomer(t.app, { name: 'Nadine Phoneless', phone: null });
    const before = await everyRow(t.database.opened.raw);
    const book = () =>
      callWithStatus(t.app, customer.token, 'createBooking', { body: { car: car._id, pickupDate: day(20), returnDate: day(22), paymentMethod: 'upfront' } });
    const saveProfile = (phone: string) => callWithStatus(t.app, customer.token, 'updateProfile', { body: { name: 'Nadine Phoneless', phone } });
    expect(await refusalOf(book())).toEqual({ status: 422, answer: { success: false, code: 'phone_needed', message: REFUSAL_CODES.phone_needed } });
    expect(await everyRow(t.database.opened.raw)).toEqual(before);

    // Spaces alone are no phone either.
    expect((await saveProfile('   ')).status).toBe(200);
    await expect(book()).rejects.toMatchObject({ code: 'phone_needed' });

    expect((await saveProfile('876 555 0131')).status).toBe(200);
    const booked = await book();
    expect(booked.status).toBe(201);
    expect(await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booked.answer.booking._id))).toHaveLength(1);
  });

  it('lets staff book for a registered customer who gave no phone (staff have them on the line)', async () => {
    const agent = await createStaff(t.app, 'agent');
    const customer = await registerCustomer(t.app, { name: 'Caller Without Phone', phone: null });
    const res = await callWithStatus(t.app, agent.token, 'staffBooking', {
      body: { customer: { userId: customer.user._id }, car: car._id, pickupDate: day(30), returnDate: day(31), paymentMethod: 'upfront' },
    });
    expect(res.status).toBe(201);
  });
});
