/**
 * Service blocks and the fleet timeline: a block and a live booking
 * never share a day of one car, nor do two blocks, whichever comes first and however many arrive at
 * once; customers see blocked days as reserved; the timeline shows what holds each car.
 * The migration over existing bookings and a restore of blocks: blocks.slow.test.ts (fresh databases).
 */
import { type BodyInputOf, type Car, MESSAGES, ROUTES, blockResponses, BLOCK_MESSAGES } from '@rental/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode, queryRows } from '../src/db/types';
import { todaysMovements } from '../src/features/timeline/today';
import {
  type Account,
  authHeader,
  bookCar,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  TEST_PHONE,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, customersWithTokens, day, insertBooking } from './support/fleet';

describe(`service blocks and the fleet timeline (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Staff Member' });
  });
  afterAll(() => t?.close());

  const block = (car: string, from: number, to: number, note?: string, token = owner.token) =>
    callWithStatus(t.app, token, 'createBlock', { body: { car, pickupDate: day(from), returnDate: day(to), ...(note === undefined ? {} : { note }) } });
  const removeBlock = (id: string, token = owner.token) => testApi(t.app, token).call('deleteBlock', { params: { id } });
  const setStatus = (bookingId: string, status: BodyInputOf<'changeStatus'>['status']) =>
    testApi(t.app, owner.token).call('changeStatus', { body: { bookingId, status } });
  /** A customer's booking with the status it was answered with (201 when made). */
  const book = (token: string, car: string, pickupDate: string, returnDate: string) =>
    callWithStatus(t.app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } });
  const taken = (message: string) => ({ status: 409, answer: { success: false, code: expect.any(String), message } });
  const blockCount = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM car_blocks`))[0]!.n;
  const newCar = () => addCar(t.app, owner.token);

  it('blocks a car for some days: 201 with the block, and the days are taken for bookings', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const res = await block(car._id, 10, 12, '  Brakes at the garage ');
    expect(res.status).toBe(201);
    const body = blockResponses.blockCreated.parse(res.answer);
    expect(body.message).toBe(BLOCK_MESSAGES.blockAdded);
    expect(body.block).toEqual({ _id: expect.any(String), car: car._id, pickupDate: day(10), returnDate: day(12), note: 'Brakes at the garage' });

    // Every booking sharing a day is refused with the customers' usual sentence; the days around are free.
    for (const [from, to] of [
      [8, 10],
      [12, 14],
      [11, 11],
      [5, 20],
    ] as const) {
      expect(await refusalOf(book(customer.token, car._id, day(from), day(to))), `${from}-${to}`).toEqual(taken(MESSAGES.datesTaken));
    }
    expect((await book(customer.token, car._id, day(13), day(14))).status).toBe(201);
    expect((await book(customer.token, car._id, day(8), day(9))).status).toBe(201);
  });

  it('refuses a block on days a live booking holds (409 in plain words), and two blocks sharing a day', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    expect((await book(customer.token, car._id, day(20), day(22))).status).toBe(201);
    const before = await blockCount();
    expect(await refusalOf(block(car._id, 22, 25))).toEqual(taken(BLOCK_MESSAGES.blockDaysTaken));

    expect((await block(car._id, 23, 25)).status).toBe(201);
    expect(await refusalOf(block(car._id, 25, 26))).toEqual(taken(BLOCK_MESSAGES.blockDaysTaken));
    expect(await blockCount()).toBe(before + 1);
    // Another car's same days are its own.
    expect((await block((await newCar())._id, 20, 26)).status).toBe(201);
  });

  it("a cancelled booking's days can be blocked; re-opening that booking over the block is refused", async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const bookingId = (await bookCar(t.app, customer.token, car._id, day(30), day(32)))._id;
    await setStatus(bookingId, 'cancelled');

    const blocked = await block(car._id, 31, 31, 'Inspection');
    expect(blocked.status).toBe(201);
    for (const status of ['pending', 'confirmed'] as const) {
      expect(await refusalOf(setStatus(bookingId, status))).toEqual(taken(MESSAGES.reactivateOverBlock));
    }
    const list = await testApi(t.app, owner.token).call('ownerBookings');
    expect(list.bookings.find((b) => b._id === bookingId)?.status).toBe('cancelled');

    // Once the block is removed the booking can come back, and then holds its days against blocks.
    await removeBlock(blocked.answer.block._id);
    await setStatus(bookingId, 'confirmed');
    expect(await statusOf(block(car._id, 32, 33))).toBe(409);
  });

  it('re-opening a booking over another booking still says the days are booked by someone else', async () => {
    const car = await newCar();
    const [ann, bob] = await Promise.all([registerCustomer(t.app), registerCustomer(t.app)]);
    const first = (await bookCar(t.app, ann.token, car._id, day(40), day(41)))._id;
    await setStatus(first, 'cancelled');
    expect((await book(bob.token, car._id, day(41), day(42))).status).toBe(201);
    await expect(setStatus(first, 'pending')).rejects.toMatchObject({ status: 409, message: MESSAGES.reactivateConflict });
  });

  it('10 blocks and bookings of overlapping days at once: exactly one wins, the others get 409', async () => {
    const car = await newCar();
    const crowd = await customersWithTokens(t.app, 5);
    // Every range contains day 50.
    const attempts = [
      ...crowd.map((c, i) => () => book(c.token, car._id, day(48 + (i % 3)), day(50 + (i % 2)))),
      ...[0, 1, 2, 3, 4].map((i) => () => block(car._id, 50 - (i % 2), 50 + (i % 3), `attempt ${i}`)),
    ];
    const statuses = await Promise.all(attempts.map((attempt) => statusOf(attempt())));
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(','),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(','),
    ).toHaveLength(9);
    const [held] = await queryRows<{ bookings: number; blocks: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM bookings WHERE car_id = ${car._id} AND status <> 'cancelled') AS bookings,
                 (SELECT count(*)::int FROM car_blocks WHERE car_id = ${car._id}) AS blocks`,
    );
    expect(held!.bookings + held!.blocks).toBe(1);
  });

  it('blocks racing for one car in both orders, many rounds: never two holders of a day', async () => {
    const car = await newCar();
    const crowd = await customersWithTokens(t.app, 6);
    for (let round = 0; round < 6; round++) {
      const d = 60 + round * 3;
      const attempts =
        round % 2 === 0
          ? [() => block(car._id, d, d + 1), () => book(crowd[round]!.token, car._id, day(d + 1), day(d + 2))]
          : [() => book(crowd[round]!.token, car._id, day(d), day(d + 1)), () => block(car._id, d + 1, d + 2)];
      const statuses = (await Promise.all(attempts.map((a) => statusOf(a())))).sort();
      expect(statuses).toEqual([201, 409]);
    }
  });

  it('the database itself refuses an overlapping block, whoever writes it', async () => {
    const car = await newCar();
    expect((await block(car._id, 70, 72)).status).toBe(201);
    const err = await t.db
      .execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date) VALUES (${car._id}, ${day(72)}, ${day(73)})`)
      .catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23P01');
    const customer = await registerCustomer(t.app);
    const direct = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(71), returnDate: day(71) }).catch((e: unknown) => e);
    expect(pgErrorCode(direct)).toBe('23P01');
    // A cancelled booking holds nothing, so it may be written on blocked days.
    await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(71), returnDate: day(71), status: 'cancelled' });
  });

  it("customers see blocked days in the car's reservedDates (without the note), and check-availability leaves the car out", async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    expect((await book(customer.token, car._id, day(80), day(81))).status).toBe(201);
    expect((await block(car._id, 76, 78, 'Secret garage note')).status).toBe(201);
    const visitor = testApi(t.app);
    const res = await visitor.call('car', { params: { id: car._id } });
    expect(res.car.reservedDates).toEqual([
      { pickupDate: day(76), returnDate: day(78) },
      { pickupDate: day(80), returnDate: day(81) },
    ]);
    expect(JSON.stringify(res)).not.toContain('Secret garage note');
    const fleet = await visitor.call('cars');
    expect(JSON.stringify(fleet)).not.toContain('Secret garage note');
    expect(fleet.cars.find((c) => c._id === car._id)?.reservedDates).toContainEqual({ pickupDate: day(76), returnDate: day(78) });

    const available = async (from: number, to: number) => {
      const answer = await visitor.call('checkAvailability', { body: { location: car.location, pickupDate: day(from), returnDate: day(to) } });
      return answer.availableCars.some((c) => c._id === car._id);
    };
    expect(await available(78, 79)).toBe(false);
    expect(await available(74, 75)).toBe(true);
  });

  it('refuses bad blocks with a plain sentence and writes nothing', async () => {
    // Raw requests: some of these bodies (no first day, no car) are ones the typed client cannot send.
    const car = await newCar();
    const before = await blockCount();
    const cases: [object, number, string][] = [
      [{ car: car._id, pickupDate: day(-1), returnDate: day(2) }, 400, BLOCK_MESSAGES.blockStartsInPast],
      [{ car: car._id, pickupDate: day(5), returnDate: day(4) }, 400, BLOCK_MESSAGES.blockLastDayBeforeFirst],
      [{ car: car._id, pickupDate: day(366), returnDate: day(367) }, 400, BLOCK_MESSAGES.blockTooFarAhead],
      [{ car: car._id, pickupDate: day(1), returnDate: day(400) }, 400, BLOCK_MESSAGES.blockTooLong],
      [{ car: car._id, pickupDate: '2027-02-30', returnDate: day(4) }, 400, 'The first day is not a real date. Please choose it again.'],
      [{ car: car._id, returnDate: day(4) }, 400, 'Please choose the first day.'],
      [{ car: car._id, pickupDate: day(1), returnDate: day(2), note: 'x'.repeat(501) }, 400, 'Note can be at most 500 characters long.'],
      [{ car: car._id, pickupDate: day(1), returnDate: day(2), note: 'bell\u0007' }, 400, 'Note contains invisible control characters. Please type it again.'],
      [{ pickupDate: day(1), returnDate: day(2) }, 400, 'Please say which is the car.'],
      [{ car: 'not-a-car', pickupDate: day(1), returnDate: day(2) }, 404, MESSAGES.carNotFound],
      [{ car: '00000000-0000-4000-8000-000000000000', pickupDate: day(1), returnDate: day(2) }, 404, MESSAGES.carNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: ROUTES.createBlock.path, headers: authHeader(owner.token), payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    }
    expect(await blockCount()).toBe(before);
  });

  it('lists blocks not over yet (one car with ?car=), removes one (its days free at once), 404 for an unknown one', async () => {
    const car = await newCar();
    const other = await newCar();
    const mine = (await block(car._id, 90, 91, 'Tyres')).answer.block;
    await block(other._id, 90, 91);
    await t.db.execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date, note) VALUES (${car._id}, ${day(-5)}, ${day(-2)}, 'Over')`);

    const staff = testApi(t.app, owner.token);
    const list = await staff.call('blocks', { query: { car: car._id } });
    expect(blockResponses.blocks.parse(list).blocks).toEqual([mine]);
    const all = blockResponses.blocks.parse(await staff.call('blocks')).blocks;
    expect(all.map((b) => b.car)).toEqual(expect.arrayContaining([car._id, other._id]));
    expect(all.some((b) => b.note === 'Over')).toBe(false);
    await expect(staff.call('blocks', { query: { car: 'nope' } })).rejects.toMatchObject({ status: 404 });

    expect(await removeBlock(mine._id)).toEqual({ success: true, message: BLOCK_MESSAGES.blockRemoved });
    const customer = await registerCustomer(t.app);
    expect((await book(customer.token, car._id, day(90), day(91))).status).toBe(201);
    for (const id of [mine._id, 'not-an-id']) {
      expect(await refusalOf(removeBlock(id))).toEqual({
        status: 404,
        answer: { success: false, code: expect.any(String), message: BLOCK_MESSAGES.blockNotFound },
      });
    }
  });

  it('a removed car: deleting it is not held up by its blocks, and its blocks are no longer listed', async () => {
    const car = await newCar();
    await block(car._id, 95, 96, 'Before sale');
    const staff = testApi(t.app, owner.token);
    await staff.call('deleteCar', { body: { carId: car._id } });
    const all = (await staff.call('blocks')).blocks;
    expect(all.some((b) => b.car === car._id)).toBe(false);
    expect(await statusOf(block(car._id, 97, 98))).toBe(404);
  });

  it("the timeline: cars, the bookings and blocks touching the range (cancelled left out), today's pickups and returns", async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app, { name: 'Tamika Brown' });
    const inRange = await bookCar(t.app, customer.token, car._id, day(3), day(5));
    const cancelled = await bookCar(t.app, customer.token, car._id, day(7), day(8));
    await setStatus(cancelled._id, 'cancelled');
    const outOfRange = await bookCar(t.app, customer.token, car._id, day(60), day(61));
    const blocked = (await block(car._id, 10, 11, 'Service')).answer.block;
    const pickingUp = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(0), returnDate: day(1), status: 'confirmed' });
    const returning = await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(-3), returnDate: day(-1), status: 'confirmed' });

    const staff = testApi(t.app, owner.token);
    const answer = blockResponses.timeline.parse(await staff.call('timeline', { query: { from: day(-2), days: '35' } }));
    expect(answer.from).toBe(day(-2));
    expect(answer.days).toBe(35);
    expect(answer.cars.find((c) => c._id === car._id)).toEqual({
      _id: car._id,
      brand: car.brand,
      model: car.model,
      image: car.image,
      plate: null,
      paperAlert: null,
    });
    const ofCar = answer.bookings.filter((b) => b.car === car._id);
    expect(ofCar.map((b) => b._id).sort()).toEqual([inRange._id, pickingUp, returning].sort());
    expect(ofCar.find((b) => b._id === inRange._id)).toEqual({
      _id: inRange._id,
      reference: inRange.reference,
      car: car._id,
      pickupDate: day(3),
      returnDate: day(5),
      status: 'pending',
      customer: { name: 'Tamika Brown', phone: TEST_PHONE },
      overdue: false,
      paperAlert: null,
    });
    expect(answer.bookings.some((b) => b._id === outOfRange._id || b._id === cancelled._id)).toBe(false);
    expect(answer.blocks).toContainEqual(blocked);

    expect(answer.today.date).toBe(day(0));
    expect(answer.today.pickups.map((m) => m._id)).toContain(pickingUp);
    expect(answer.today.returns.map((m) => m._id)).not.toContain(returning);
    expect(answer.today.pickups.find((m) => m._id === pickingUp)?.carName).toBe(`${car.brand} ${car.model}`);
    // The dashboard's reuse: the same lists from the function itself, for another day too.
    const yesterday = await todaysMovements(t.db, day(-1));
    expect(yesterday.returns.map((m) => m._id)).toContain(returning);
    expect(yesterday.pickups.map((m) => m._id)).not.toContain(returning);

    const defaults = blockResponses.timeline.parse(await staff.call('timeline'));
    expect(defaults.from).toBe(day(0));
    expect(defaults.days).toBe(35);
  });

  it("the timeline a page of cars at a time: the page's cars in make and model order, only their bookings and blocks, and how many match", async () => {
    const brand = `Pager${randomBytes(3).toString('hex')}`;
    const plate = `${randomBytes(3).toString('hex').toUpperCase()} TL`;
    // Added out of order: the page is the fleet's order (make, model), not the order they came in.
    const fleet: Car[] = [];
    for (const model of ['Eclipse', 'Axio', 'Demio', 'Corolla', 'Belta'])
      fleet.push(await addCar(t.app, owner.token, { brand, model, ...(model === 'Demio' ? { plate } : {}) }));
    const byModel = (model: string) => fleet.find((c) => c.model === model)!._id;
    const customer = await registerCustomer(t.app);
    const held = new Map<string, string>();
    for (const car of fleet)
      held.set(car._id, await insertBooking(t.db, { carId: car._id, userId: customer.user._id, pickupDate: day(2), returnDate: day(3), status: 'confirmed' }));
    const blocked = (await block(byModel('Belta'), 6, 7, 'Tyres')).answer.block;
    const staff = testApi(t.app, owner.token);
    const timelineOf = async (query: Record<string, string>) =>
      blockResponses.timeline.parse(await staff.call('timeline', { query: { from: day(0), days: '14', ...query } }));

    const first = await timelineOf({ search: brand.toUpperCase(), cars: '2' });
    expect(first.cars.map((c) => c.model)).toEqual(['Axio', 'Belta']);
    expect(first.carsTotal).toBe(5);
    expect(first.bookings.map((b) => b._id).sort()).toEqual([held.get(byModel('Axio')), held.get(byModel('Belta'))].sort());
    expect(first.blocks).toEqual([blocked]);

    const second = await timelineOf({ search: brand, carsFrom: '2', cars: '2' });
    expect(second.cars.map((c) => c.model)).toEqual(['Corolla', 'Demio']);
    expect(second.bookings.map((b) => b.car).sort()).toEqual([byModel('Corolla'), byModel('Demio')].sort());
    expect(second.blocks).toEqual([]);

    // The last page holds what is left; past it, no car and no booking, and still the count.
    const last = await timelineOf({ search: brand, carsFrom: '4', cars: '2' });
    expect(last.cars.map((c) => c.model)).toEqual(['Eclipse']);
    expect(last.bookings.map((b) => b._id)).toEqual([held.get(byModel('Eclipse'))]);
    const beyond = await timelineOf({ search: brand, carsFrom: '10', cars: '2' });
    expect(beyond).toMatchObject({ cars: [], bookings: [], blocks: [], carsTotal: 5 });

    // Every word, in any case, in the make, model or plate; a plate typed without its space.
    expect((await timelineOf({ search: `corolla ${brand.toLowerCase()}` })).cars.map((c) => c.model)).toEqual(['Corolla']);
    const byPlate = await timelineOf({ search: plate.replace(' ', '').toLowerCase() });
    expect(byPlate.cars.map((c) => c._id)).toEqual([byModel('Demio')]);
    expect(byPlate.carsTotal).toBe(1);
    expect((await timelineOf({ search: `${brand} Tercel` })).carsTotal).toBe(0);
    // Today's pickups and returns are the whole fleet's whatever the page.
    expect(first.today).toEqual((await timelineOf({})).today);

    // A page of the whole fleet: its order is the one the whole answer has.
    const whole = await timelineOf({});
    expect(whole.carsTotal).toBe(whole.cars.length);
    const middle = await timelineOf({ carsFrom: '1', cars: '3' });
    expect(middle.carsTotal).toBe(whole.cars.length);
    expect(middle.cars).toEqual(whole.cars.slice(1, 4));
    const onMiddle = new Set(middle.cars.map((c) => c._id));
    // Bookings of one first day come in no particular order.
    const byId = (list: { _id: string }[]) => [...list].sort((a, b) => a._id.localeCompare(b._id));
    expect(byId(middle.bookings)).toEqual(byId(whole.bookings.filter((b) => onMiddle.has(b.car))));
  });

  it('without a page the timeline answers every car of the fleet, with every booking and block of the range, as before pages', async () => {
    const car = await newCar();
    const customer = await registerCustomer(t.app);
    const booking = await bookCar(t.app, customer.token, car._id, day(4), day(5));
    const blocked = (await block(car._id, 8, 9, 'Inspection')).answer.block;
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM cars WHERE deleted_at IS NULL`)) as [{ n: number }];
    const answer = blockResponses.timeline.parse(await testApi(t.app, owner.token).call('timeline', { query: { from: day(0), days: '14' } }));
    expect(answer.cars).toHaveLength(n);
    expect(answer.carsTotal).toBe(n);
    expect(answer.bookings.map((b) => b._id)).toContain(booking._id);
    expect(answer.blocks).toContainEqual(blocked);
  });

  it('the timeline refuses a page it cannot answer, in plain words', async () => {
    for (const [query, message] of [
      ['cars=0', 'Cars shown must be a whole number from 1 to 100.'],
      ['cars=101', 'Cars shown must be a whole number from 1 to 100.'],
      ['cars=fifty', 'Cars shown must be a whole number from 1 to 100.'],
      ['carsFrom=-1', 'Cars before the page must be a whole number from 0 to 100,000.'],
      ['carsFrom=100001', 'Cars before the page must be a whole number from 0 to 100,000.'],
      ['cars=10&cars=20', 'Cars shown must be a whole number from 1 to 100.'],
      [`search=${'a'.repeat(101)}`, 'The search can be at most 100 characters long.'],
      ['search=%E2%80%AEtoyota', 'The search contains characters that cannot be searched for. Please remove them.'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${ROUTES.timeline.path}?${query}`, headers: authHeader(owner.token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ success: false, code: 'invalid_input', message });
    }
  });

  it('the timeline refuses a range it cannot show, in plain words', async () => {
    // Raw requests: the typed client cannot send days=ten.
    for (const [query, message] of [
      ['days=0', 'Days shown must be a whole number from 1 to 92.'],
      ['days=500', 'Days shown must be a whole number from 1 to 92.'],
      ['days=ten', 'Days shown must be a whole number from 1 to 92.'],
      ['from=2026-13-01', 'The first day shown is not a real date. Please choose it again.'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${ROUTES.timeline.path}?${query}`, headers: authHeader(owner.token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    }
  });
});
