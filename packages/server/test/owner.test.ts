import { API, addDays, type Car, companyToday, daysBetween, MESSAGES, monthBounds, responses } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStarts } from '../src/features/backOffice/dashboard';
import {
  type Account,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, carForm, carUpload, day, insertBooking, ownerCall } from './support/fleet';
import { smallPng } from './support/images';
import { multipart } from './support/multipart';

const BANK = { bankName: 'NCB', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: '123-456-789', accountType: 'Savings' as const };

describe(`owner area (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Owner One' });
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  const fleet = async () => responses.cars.parse(await testApi(t.app, owner.token).call('ownerCars')).cars;
  /** The car form as the owner's page sends it through the typed client: carData and a picture (null: none). */
  const carFormData = async (data: unknown, image?: Buffer | null) => {
    const form = new FormData();
    form.append('carData', JSON.stringify(data));
    if (image !== null) form.append('image', new File([new Uint8Array(image ?? (await smallPng()))], 'car.png', { type: 'image/png' }));
    return form;
  };
  const refused = (status: number, message: string) => ({ status, answer: { success: false, code: expect.any(String), message } });
  /** Raw: for the tests about what a malformed or over-full form does, which the typed client cannot send. */
  const sendCar = async (method: 'POST' | 'PUT', url: string, token: string, data: unknown, image?: Buffer | null) => {
    const body = await carUpload(data, image);
    return t.app.inject({ method, url, headers: { authorization: token, ...body.headers }, payload: body.payload });
  };

  describe('bank details', () => {
    it('are null until an owner saves them, then anyone can read them', async () => {
      const before = await testApi(t.app).call('publicBankDetails');
      expect(before).toMatchObject({ success: true, bankDetails: null });
      expect(typeof before.message).toBe('string');

      // Raw: the body carries fields the form has not (mass assignment), which the typed client cannot send.
      const saved = await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, { ...BANK, id: 7, updatedBy: customer.user._id });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ success: true, message: MESSAGES.bankDetailsSaved });

      const after = await testApi(t.app).call('publicBankDetails');
      expect(responses.publicBankDetails.parse(after).bankDetails).toEqual({ ...BANK, otherAccounts: [] });
    });

    it('are one record: saving again replaces it', async () => {
      const other = await createOwner(t.app, { name: 'Owner Two' });
      const changed = { ...BANK, bankName: 'Scotiabank', accountType: 'Chequing' as const };
      await testApi(t.app, other.token).call('bankDetails', { body: changed });
      const after = await testApi(t.app).call('publicBankDetails');
      expect(after.bankDetails).toEqual({ ...changed, otherAccounts: [] });
    });

    it.each([
      [{ ...BANK, branch: undefined }, /Branch is required/],
      [{ ...BANK, bankName: '   ' }, /Bank name is required/],
      [{ ...BANK, accountType: 'Current' }, /Please choose an account type: Savings or Chequing/],
      [{ ...BANK, accountNumber: 12345 }, /Account number must be written as text/],
      [{ ...BANK, accountNumber: '<script>' }, /Account number may hold only/],
    ])('refuses incomplete or wrong details %# with a 400 naming the field', async (payload, message) => {
      // Raw: malformed bodies the typed client cannot send.
      const res = await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('can be changed by owners only', async () => {
      await expect(testApi(t.app).call('bankDetails', { body: BANK })).rejects.toMatchObject({ status: 401 });
      await expect(testApi(t.app, customer.token).call('bankDetails', { body: { ...BANK, accountNumber: '999' } })).rejects.toMatchObject({ status: 403 });
      expect((await testApi(t.app).call('publicBankDetails')).bankDetails?.accountNumber).not.toBe('999');
    });
  });

  describe('fleet', () => {
    it('lists every car not deleted, unavailable ones included', async () => {
      const resting = await addCar(t.app, owner.token, { model: 'Resting' });
      const gone = await addCar(t.app, owner.token, { model: 'Gone' });
      const staff = testApi(t.app, owner.token);
      await staff.call('toggleCar', { body: { carId: resting._id } });
      await staff.call('deleteCar', { body: { carId: gone._id } });
      const cars = await fleet();
      expect(cars.find((c) => c._id === resting._id)?.isAvaliable).toBe(false);
      expect(cars.some((c) => c._id === gone._id)).toBe(false);

      const one = await staff.call('ownerCar', { params: { id: resting._id } });
      expect(responses.car.parse(one).car).toMatchObject({ _id: resting._id, isAvaliable: false });
      for (const id of [gone._id, 'bad-id', '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b']) {
        await expect(staff.call('ownerCar', { params: { id } }), id).rejects.toMatchObject({ status: 404 });
      }
    });

    it('is for owners only', async () => {
      const car = await addCar(t.app, owner.token);
      const calls: [string, (api: ReturnType<typeof testApi>) => Promise<unknown>][] = [
        ['ownerCars', (api) => api.call('ownerCars')],
        ['ownerCar', (api) => api.call('ownerCar', { params: { id: car._id } })],
        ['dashboard', (api) => api.call('dashboard')],
        ['toggleCar', (api) => api.call('toggleCar', { body: { carId: car._id } })],
        ['deleteCar', (api) => api.call('deleteCar', { body: { carId: car._id } })],
      ];
      for (const [name, call] of calls) {
        expect((await refusalOf(call(testApi(t.app)))).status, `${name} anonymous`).toBe(401);
        expect(await refusalOf(call(testApi(t.app, customer.token))), `${name} customer`).toEqual(refused(403, MESSAGES.staffOnly));
      }
      const asCustomer = testApi(t.app, customer.token);
      await expect(asCustomer.call('addCar', { form: await carFormData(carForm()) })).rejects.toMatchObject({ status: 403 });
      await expect(asCustomer.call('updateCar', { params: { id: car._id }, form: await carFormData(carForm({ pricePerDay: 1 })) })).rejects.toMatchObject({
        status: 403,
      });
      expect((await testApi(t.app).call('car', { params: { id: car._id } })).car).toMatchObject({ pricePerDay: 8500, isAvaliable: true });
    });
  });

  describe('add-car', () => {
    it('adds a car from the form and answers it with a message', async () => {
      const form = await carFormData(
        carForm({ brand: 'Kia', model: 'Sportage', category: 'SUV', transmission: 'Manual', fuel_type: 'Diesel', seating_capacity: '7' }),
      );
      const res = await callWithStatus(t.app, owner.token, 'addCar', { form });
      expect(res.status).toBe(201);
      const body = responses.carSaved.parse(res.answer);
      expect(body.message).toBe(MESSAGES.carAdded);
      expect(body.car).toMatchObject({
        brand: 'Kia',
        model: 'Sportage',
        category: 'SUV',
        transmission: 'Manual',
        fuel_type: 'Diesel',
        seating_capacity: 7,
        isAvaliable: true,
        reservedDates: [],
      });
      expect((await fleet()).some((c) => c._id === body.car._id)).toBe(true);
    });

    it('reads only the form fields from carData: ids, flags and anything else change nothing', async () => {
      // Raw: mass assignment, fields the form has not.
      const sneaky = {
        ...carForm({ model: 'Sneaky' }),
        _id: '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b',
        id: '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b',
        isAvaliable: false,
        owner: customer.user._id,
        addedBy: customer.user._id,
        deletedAt: '2020-01-01',
        image: 'https://evil.example/x.png',
        reservedDates: [{ pickupDate: day(1), returnDate: day(2) }],
        createdAt: '2000-01-01T00:00:00.000Z',
        role: 'owner',
      };
      const res = await sendCar('POST', API.addCar, owner.token, sneaky);
      expect(res.statusCode).toBe(201);
      const car: Car = res.json().car;
      expect(car._id).not.toBe(sneaky._id);
      expect(car.isAvaliable).toBe(true);
      expect(car.image).toMatch(/^\/api\/images\//);
      expect(car.reservedDates).toEqual([]);
      expect(car.createdAt).not.toBe(sneaky.createdAt);
      expect((await t.app.inject({ method: 'GET', url: API.car(car._id) })).statusCode).toBe(200);
    });

    it('needs an image', async () => {
      const noPicture = testApi(t.app, owner.token).call('addCar', { form: await carFormData(carForm(), null) });
      expect(await refusalOf(noPicture)).toEqual(refused(400, MESSAGES.imageRequired));
    });

    it.each([
      ['carData that is not JSON', '{brand: Toyota', /carData/],
      ['carData that is a JSON list', '["Toyota"]', /carData/],
      ['carData that is a JSON string', '"Toyota"', /carData/],
      ['no brand', { ...carForm(), brand: undefined }, /Brand is required/],
      ['an empty model', carForm({ model: '  ' }), /Model is required/],
      ['a year that is not a number', carForm({ year: 'new' }), /Year must be a whole number/],
      ['a year too old', carForm({ year: 1900 }), /Year must be at least 1950/],
      ['a negative price', carForm({ pricePerDay: -5 }), /Price per day/],
      ['a price with cents', carForm({ pricePerDay: 85.5 }), /Price per day must be a whole number/],
      ['an unknown category', { ...carForm(), category: 'Tank' }, /Please choose a category/],
      ['an unknown transmission', { ...carForm(), transmission: 'CVT' }, /Please choose a transmission/],
      ['an unknown fuel', { ...carForm(), fuel_type: 'Coal' }, /Please choose a fuel type/],
      ['an unknown location', { ...carForm(), location: 'Montego Bay' }, /Please choose one of the company's pickup locations/],
      ['seats as text', { ...carForm(), seating_capacity: 'five' }, /Seating capacity must be a whole number/],
      ['a description that is not text', { ...carForm(), description: 42 }, /Description must be written as text/],
    ])('refuses %s with a 400 naming the field', async (_label, data, message) => {
      // Raw: malformed forms the typed client cannot send.
      const before = (await fleet()).length;
      const res = await sendCar('POST', API.addCar, owner.token, data);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
      expect((await fleet()).length).toBe(before);
    });

    it('refuses a form without carData', async () => {
      const body = await multipart({}, [{ name: 'image', bytes: await smallPng(), filename: 'car.png', type: 'image/png' }]);
      const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { authorization: owner.token, ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/carData is required/);
    });
  });

  describe('update-car', () => {
    it('rewrites the form fields and keeps the picture when none is sent', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Before', pricePerDay: 5000 });
      const form = await carFormData(carForm({ model: 'After', pricePerDay: 6500, description: 'New tyres.' }), null);
      const body = responses.carSaved.parse(await testApi(t.app, owner.token).call('updateCar', { params: { id: car._id }, form }));
      expect(body.message).toBe(MESSAGES.carUpdated);
      expect(body.car).toMatchObject({ _id: car._id, model: 'After', pricePerDay: 6500, description: 'New tyres.', image: car.image });
      expect((await testApi(t.app).call('car', { params: { id: car._id } })).car.model).toBe('After');
    });

    it('ignores everything in carData but the form fields', async () => {
      // Raw: mass assignment, fields the form has not.
      const car = await addCar(t.app, owner.token);
      const other = await addCar(t.app, owner.token, { model: 'Other' });
      const res = await sendCar(
        'PUT',
        API.updateCar(car._id),
        owner.token,
        { ...carForm({ model: 'Edited' }), _id: other._id, isAvaliable: false, deletedAt: new Date().toISOString(), image: other.image },
        null,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().car).toMatchObject({ _id: car._id, model: 'Edited', isAvaliable: true, image: car.image });
      expect((await t.app.inject({ method: 'GET', url: API.car(other._id) })).json().car.model).toBe('Other');
    });

    it('keeps prices of bookings already made', async () => {
      const car = await addCar(t.app, owner.token, { pricePerDay: 4000 });
      const booking = await bookCar(t.app, customer.token, car._id, day(10), day(12));
      const staff = testApi(t.app, owner.token);
      await staff.call('updateCar', { params: { id: car._id }, form: await carFormData(carForm({ pricePerDay: 9000 }), null) });
      const list = (await staff.call('ownerBookings')).bookings;
      expect(list.find((b) => b._id === booking._id)?.price).toBe(9200); // 2 x 4000 and 15% GCT
    });

    it('answers 404 for unknown, malformed and deleted cars, 400 for bad fields', async () => {
      const deleted = await addCar(t.app, owner.token);
      const staff = testApi(t.app, owner.token);
      await staff.call('deleteCar', { body: { carId: deleted._id } });
      for (const id of [deleted._id, 'abc', '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b']) {
        const res = staff.call('updateCar', { params: { id }, form: await carFormData(carForm(), null) });
        await expect(res, id).rejects.toMatchObject({ status: 404, message: MESSAGES.carNotFound });
      }
      const car = await addCar(t.app, owner.token);
      // Raw: carData that is not JSON.
      const bad = await sendCar('PUT', API.updateCar(car._id), owner.token, 'not json', null);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/carData/);
    });
  });

  describe('toggle-car', () => {
    it('switches a car between available and unavailable', async () => {
      const car = await addCar(t.app, owner.token);
      const toggle = () => testApi(t.app, owner.token).call('toggleCar', { body: { carId: car._id } });
      expect(await toggle()).toMatchObject({ success: true, message: MESSAGES.carAvailabilityToggled, car: { isAvaliable: false } });
      expect((await toggle()).car.isAvaliable).toBe(true);
    });

    it('answers 404 for unknown or malformed ids and 400 without carId', async () => {
      for (const carId of ['x', '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b']) {
        await expect(testApi(t.app, owner.token).call('toggleCar', { body: { carId } })).rejects.toMatchObject({ status: 404 });
      }
      // Raw: no carId, or one that is a number.
      const missing = await ownerCall(t.app, owner.token, 'POST', API.toggleCar, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Please say which is the car/);
      expect((await ownerCall(t.app, owner.token, 'POST', API.toggleCar, { carId: 7 })).statusCode).toBe(400);
    });
  });

  describe('delete-car', () => {
    it('refuses while the car has upcoming bookings, pending or confirmed', async () => {
      const car = await addCar(t.app, owner.token);
      const booking = await bookCar(t.app, customer.token, car._id, day(5), day(6));
      const staff = testApi(t.app, owner.token);
      expect(await refusalOf(staff.call('deleteCar', { body: { carId: car._id } }))).toEqual(refused(409, MESSAGES.carHasUpcomingBookings));
      await staff.call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
      await expect(staff.call('deleteCar', { body: { carId: car._id } })).rejects.toMatchObject({ status: 409 });
      expect((await fleet()).some((c) => c._id === car._id)).toBe(true);
    });

    it('refuses while a booking is still running today', async () => {
      const car = await addCar(t.app, owner.token);
      await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-3), returnDate: day(0), status: 'confirmed' });
      await expect(testApi(t.app, owner.token).call('deleteCar', { body: { carId: car._id } })).rejects.toMatchObject({ status: 409 });
    });

    it('deletes a car with only past or cancelled bookings, which still name it', async () => {
      const car = await addCar(t.app, owner.token, { brand: 'Subaru', model: 'Impreza' });
      const past = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-9), returnDate: day(-7), status: 'confirmed' });
      const cancelled = await bookCar(t.app, customer.token, car._id, day(3), day(4));
      const staff = testApi(t.app, owner.token);
      await staff.call('changeStatus', { body: { bookingId: cancelled._id, status: 'cancelled' } });

      expect(await staff.call('deleteCar', { body: { carId: car._id } })).toEqual({ success: true, message: MESSAGES.carDeleted });
      expect((await fleet()).some((c) => c._id === car._id)).toBe(false);
      const owned = (await staff.call('ownerBookings')).bookings;
      expect(owned.find((b) => b._id === past)?.car.brand).toBe('Subaru');
      expect(owned.find((b) => b._id === cancelled._id)?.car.brand).toBe('Subaru');
      // Deleting twice: the car is gone.
      await expect(staff.call('deleteCar', { body: { carId: car._id } })).rejects.toMatchObject({ status: 404 });
    });

    it('answers 404 for unknown or malformed ids', async () => {
      for (const carId of ['nope', '6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b']) {
        await expect(testApi(t.app, owner.token).call('deleteCar', { body: { carId } })).rejects.toMatchObject({ status: 404, message: MESSAGES.carNotFound });
      }
    });
  });
});

describe(`dashboard (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app, { name: 'Dana White' });
  });
  afterAll(() => t?.close());

  it('counts the fleet and the bookings, and this month’s confirmed revenue only', async () => {
    const staff = testApi(t.app, owner.token);
    expect(responses.dashboard.parse(await staff.call('dashboard')).dashboardData).toEqual({
      totalCars: 0,
      totalBookings: 0,
      pendingBookings: 0,
      completedBookings: 0,
      recentBookings: [],
      monthlyRevenue: 0,
      revenueByMonth: monthStarts(companyToday()).map((start) => ({ month: start.slice(0, 7), revenue: 0 })),
      occupancy: { percent: 0, bookedCarDays: 0, carDays: 0 },
      today: { date: companyToday(), pickups: [], returns: [] },
      papersDue: [],
      // The first start's checklist (firstStart.test.ts): no car yet.
      setup: expect.objectContaining({ car: false }),
    });

    const today = companyToday();
    const { start, nextStart } = monthBounds(today);
    const a = await addCar(t.app, owner.token, { pricePerDay: 1000 });
    const b = await addCar(t.app, owner.token, { pricePerDay: 300 });
    const deleted = await addCar(t.app, owner.token);
    await staff.call('deleteCar', { body: { carId: deleted._id } });

    // Confirmed, picked up this month (today): counts, 2 days x 1000 and 15% GCT.
    const thisMonth = await bookCar(t.app, customer.token, a._id, today, addDays(today, 2));
    await staff.call('changeStatus', { body: { bookingId: thisMonth._id, status: 'confirmed' } });
    // Confirmed but picked up last month: not this month's revenue.
    await insertBooking(t.db, {
      carId: b._id,
      userId: customer.user._id,
      pickupDate: addDays(start, -3),
      returnDate: addDays(start, -1),
      price: 900,
      status: 'confirmed',
    });
    // Confirmed, picked up next month: not yet.
    const nextMonth = await bookCar(t.app, customer.token, b._id, nextStart, addDays(nextStart, 1));
    await staff.call('changeStatus', { body: { bookingId: nextMonth._id, status: 'confirmed' } });
    // Pending and cancelled ones this month: no revenue.
    await bookCar(t.app, customer.token, a._id, addDays(today, 5), addDays(today, 6));
    const cancelled = await bookCar(t.app, customer.token, a._id, addDays(today, 8), addDays(today, 9));
    await staff.call('changeStatus', { body: { bookingId: cancelled._id, status: 'cancelled' } });
    // A service block on the days the cancelled booking gave back: the car is out, but not booked
    // (its days stay in the fleet's days).
    const block = await callWithStatus(t.app, owner.token, 'createBlock', {
      body: { car: a._id, pickupDate: addDays(today, 8), returnDate: addDays(today, 9) },
    });
    expect(block.status).toBe(201);

    const res = await staff.call('dashboard');
    const data = responses.dashboard.parse(res).dashboardData;
    expect(data).toMatchObject({ totalCars: 2, totalBookings: 5, pendingBookings: 1, completedBookings: 3, monthlyRevenue: 2300 });
    expect(data.recentBookings.map((r) => r._id)[0]).toBe(cancelled._id);
    expect(data.recentBookings[0]).toMatchObject({ status: 'cancelled', user: { _id: customer.user._id, name: 'Dana White', email: customer.user.email } });
    expect(JSON.stringify(res)).not.toMatch(/argon2|password/i);

    // The chart: 12 months, the current one last, counted as the tile counts.
    expect(data.revenueByMonth).toHaveLength(12);
    expect(data.revenueByMonth.at(-1)).toEqual({ month: today.slice(0, 7), revenue: 2300 });
    expect(data.revenueByMonth.at(-2)).toEqual({ month: addDays(start, -1).slice(0, 7), revenue: 900 });
    expect(data.revenueByMonth.slice(0, -2).every((m) => m.revenue === 0)).toBe(true);
    // Occupancy: bookings not cancelled (the pending one too), cut to this month, over 2 cars x the month's days.
    const monthDays = daysBetween(start, nextStart);
    const inMonth = (from: string, to: string) => Math.max(0, daysBetween(from < start ? start : from, to >= nextStart ? nextStart : addDays(to, 1)));
    const booked = inMonth(today, addDays(today, 2)) + inMonth(addDays(today, 5), addDays(today, 6));
    expect(data.occupancy).toEqual({ bookedCarDays: booked, carDays: 2 * monthDays, percent: Math.round((booked / (2 * monthDays)) * 1000) / 10 });
    // Today's pickups: the booking that starts today.
    expect(data.today.pickups.map((m) => m.reference)).toEqual([thisMonth.reference]);
  });

  it('shows at most the five latest bookings', async () => {
    const car = await addCar(t.app, owner.token);
    // Six customers (one may hold at most three pending bookings).
    for (let i = 0; i < 6; i++) await bookCar(t.app, (await registerCustomer(t.app)).token, car._id, day(20 + i), day(20 + i));
    const data = (await testApi(t.app, owner.token).call('dashboard')).dashboardData;
    expect(data.recentBookings).toHaveLength(5);
    expect(data.recentBookings.map((r) => r.pickupDate)).toEqual([day(25), day(24), day(23), day(22), day(21)]);
  });
});
