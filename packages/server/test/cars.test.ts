import { type Car, responses } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callWithStatus, createOwner, createTestApp, describeDatabase, refusalOf, registerCustomer, statusOf, type TestApp } from './helpers';
import { addCar, day, insertBooking } from './support/fleet';

describe(`public cars (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  const getCar = (id: string) => callWithStatus(t.app, undefined, 'car', { params: { id } });
  const listCars = async () => {
    const res = await callWithStatus(t.app, undefined, 'cars');
    expect(res.status).toBe(200);
    return responses.cars.parse(res.answer).cars;
  };
  const book = (car: string, pickupDate: string, returnDate: string) =>
    callWithStatus(t.app, customer.token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } });

  it('lists a car with every field of the spec, numbers as numbers', async () => {
    const added = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', year: '2019', pricePerDay: '6000', seating_capacity: '5' });
    const car = (await listCars()).find((c) => c._id === added._id);
    expect(car).toEqual({
      _id: added._id,
      brand: 'Honda',
      model: 'Fit',
      year: 2019,
      pricePerDay: 6000,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Gas',
      seating_capacity: 5,
      location: 'Waterford, Portmore',
      description: 'Cold A/C, room for five with luggage.',
      image: expect.stringMatching(/^\/api\/images\/[0-9a-f-]{36}$/),
      isAvaliable: true,
      reservedDates: [],
      createdAt: expect.any(String),
      // Not set by the owner: SPEC's usual values. The one picture is the cover.
      doors: 4,
      distancePerDay: 500,
      pictures: [car!.image],
    } satisfies Car);
    expect(Number.isNaN(Date.parse(car!.createdAt))).toBe(false);
    const image = await t.app.inject({ method: 'GET', url: car!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('lists the newest cars first', async () => {
    const older = await addCar(t.app, owner.token, { model: 'Older' });
    const newer = await addCar(t.app, owner.token, { model: 'Newer' });
    const ids = (await listCars()).map((c) => c._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
  });

  it("opens one car by id, with the same fields but the lot's own (plate, odometer), which only staff see", async () => {
    const added = await addCar(t.app, owner.token, { model: 'Yaris', plate: '4411 gk', odometerKm: 30_500 });
    const { plate, odometerKm, ...seenByCustomers } = added;
    expect({ plate, odometerKm }).toEqual({ plate: '4411 GK', odometerKm: 30_500 });
    const res = await getCar(added._id);
    expect(res.status).toBe(200);
    const { car } = responses.car.parse(res.answer);
    expect(car).toEqual(seenByCustomers);
  });

  it.each([
    ['an unknown id', '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b'],
    ['a malformed id', 'not-an-id'],
    ['an id with SQL in it', "1' OR '1'='1"],
    ['a Mongo-style id', '64b7f0c2e1d3a4b5c6d7e8f9'],
  ])('answers 404 with a message for %s, never 500', async (_label, id) => {
    expect(await refusalOf(getCar(id))).toEqual({ status: 404, answer: { success: false, code: expect.any(String), message: 'Car not found.' } });
  });

  it('shows reserved dates from live bookings only: not cancelled ones, not past ones, earliest first', async () => {
    const car = await addCar(t.app, owner.token, { model: 'Reserved' });
    expect((await book(car._id, day(20), day(22))).status).toBe(201);
    expect((await book(car._id, day(5), day(6))).status).toBe(201);
    const cancelled = await book(car._id, day(10), day(12));
    expect(cancelled.status).toBe(201);
    const cancel = await callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: cancelled.answer.booking._id, status: 'cancelled' } });
    expect(cancel.status).toBe(200);
    await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-10), returnDate: day(-3), status: 'confirmed' });
    // Returned today: the car is still out today, so the day is still reserved.
    await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-2), returnDate: day(0), status: 'confirmed' });

    const expected = [
      { pickupDate: day(-2), returnDate: day(0) },
      { pickupDate: day(5), returnDate: day(6) },
      { pickupDate: day(20), returnDate: day(22) },
    ];
    expect((await listCars()).find((c) => c._id === car._id)?.reservedDates).toEqual(expected);
    expect(responses.car.parse((await getCar(car._id)).answer).car.reservedDates).toEqual(expected);
  });

  it('leaves an unavailable car out of the list, still shows it by id as not available', async () => {
    const car = await addCar(t.app, owner.token, { model: 'In service' });
    const toggle = await callWithStatus(t.app, owner.token, 'toggleCar', { body: { carId: car._id } });
    expect(toggle.status).toBe(200);
    expect((await listCars()).some((c) => c._id === car._id)).toBe(false);
    const res = await getCar(car._id);
    expect(res.status).toBe(200);
    expect(res.answer.car.isAvaliable).toBe(false);
  });

  it('hides a deleted car everywhere a customer looks', async () => {
    const car = await addCar(t.app, owner.token, { model: 'Sold' });
    const del = await callWithStatus(t.app, owner.token, 'deleteCar', { body: { carId: car._id } });
    expect(del.status).toBe(200);
    expect((await listCars()).some((c) => c._id === car._id)).toBe(false);
    expect(await statusOf(getCar(car._id))).toBe(404);
  });

  it('needs no login to browse', async () => {
    expect((await callWithStatus(t.app, 'garbage', 'cars')).status).toBe(200);
  });
});
