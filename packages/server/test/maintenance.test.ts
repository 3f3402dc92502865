/**
 * Services that fall due, through the API: a check-in that crosses the oil's 5,000 km makes it due,
 * months alone make an item due, a service resets it; a model's plan and a car's own; refused
 * services store nothing; a reading above the car's raises its odometer; the receipt is private;
 * agents read the due list and plans but change nothing; a service block from the due list.
 */
import { addDays, type CarServiceInput, companyToday, type MaintenancePlanBody } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  refusalOf,
  type TestApp,
  testApi,
} from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { NOT_AN_IMAGE, smallPng } from './support/images';
import { type FilePart, formData } from './support/multipart';

describe(`services that fall due (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let plate = 400;
  let modelNumber = 0;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    manager = await createStaff(t.app, 'manager', { name: 'Marlene Reid' });
    agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A car of a make and model of its own (so no other test's model plan reaches it), unless one is given. */
  const newCar = (model = `Axio ${++modelNumber}`) => addCar(t.app, owner.token, { brand: 'Toyota', model, plate: `${plate++} MT` } as never);
  const savePlan = (token: string, carId: string, body: MaintenancePlanBody) =>
    callWithStatus(t.app, token, 'saveMaintenancePlan', { params: { id: carId }, body });
  const plan = async (carId: string) => (await testApi(t.app, agent.token).call('maintenancePlan', { params: { id: carId } })).plan;
  const due = () => testApi(t.app, agent.token).call('maintenanceDue');
  const dueOf = async (carId: string) => (await due()).cars.find((car) => car._id === carId);
  const logService = (token: string, carId: string, service: CarServiceInput, files: FilePart[] = []) =>
    callWithStatus(t.app, token, 'logCarService', { params: { id: carId }, form: formData({ service: JSON.stringify(service) }, files) });
  const services = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM car_services`))[0]!.n;
  const OIL_AND_BRAKES = [
    { name: 'Oil and filter', everyKm: 5_000, everyMonths: 6 },
    { name: 'Brakes', everyKm: 20_000, everyMonths: 12 },
  ];

  it('makes oil overdue when a check-in crosses 5,000 km, and a service resets it', async () => {
    const car = await newCar();
    expect((await savePlan(manager.token, car._id, { scope: 'model', items: OIL_AND_BRAKES })).status).toBe(200);
    expect((await plan(car._id)).source).toBe('model');

    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const out = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id, { odometerKm: 4_200 }));
    expect(out.statusCode, out.body).toBe(200);
    // 800 km to go: more than the company's 500, and six months away.
    expect(await dueOf(car._id)).toBeUndefined();

    const back = await postCounter(t.app, agent.token, 'checkIn', booking._id, checkInForm({ odometerKm: 5_150 }));
    expect(back.statusCode, back.body).toBe(200);
    const listed = await dueOf(car._id);
    expect(listed).toMatchObject({
      state: 'overdue',
      odometerKm: 5_150,
      items: [{ name: 'Oil and filter', state: 'overdue', dueAtKm: 5_000, lastServiceOn: null }],
    });
    const answer = await due();
    expect(answer).toMatchObject({ soonKm: 500, soonDays: 14, today: companyToday() });

    // What the event says (the fleet report and letters read it): the cost as kept.
    const told: number[] = [];
    t.app.events.react(async (_tx, events) => {
      for (const event of events) if (event.kind === 'car_service_logged' && event.data.carId === car._id) told.push(event.data.cost);
      return [];
    });
    // The garage did the oil (named as staff type it): it counts again from 5,150 km and today.
    const logged = await logService(manager.token, car._id, {
      date: day(0),
      odometerKm: 5_150,
      items: ['oil and filter'],
      cost: 12_500,
      garage: 'Portmore Auto',
    });
    expect(logged.status).toBe(201);
    // Whole JMD as the folio counts, kept and told as typed (the fleet report adds it to repairs and papers).
    expect(logged.answer.service).toMatchObject({
      items: ['Oil and filter'],
      cost: 12_500,
      garage: 'Portmore Auto',
      hasReceipt: false,
      loggedBy: 'Marlene Reid',
    });
    expect(told).toEqual([12_500]);
    expect(await dueOf(car._id)).toBeUndefined();
    const oil = logged.answer.plan.items.find((item) => item.name === 'Oil and filter');
    expect(oil).toMatchObject({ state: 'ok', lastServiceKm: 5_150, lastServiceOn: day(0), dueAtKm: 10_150 });

    // Below what the car showed at its check-in that day: refused, nothing stored.
    const before = await services();
    const below = await refusalOf(logService(manager.token, car._id, { date: day(0), odometerKm: 5_000, items: ['Brakes'], cost: 0 }));
    expect(below).toMatchObject({ status: 400, answer: { code: 'service_odometer_below', odometerKm: 5_150 } });
    expect(await services()).toBe(before);
  });

  it('makes an item due by months alone: overdue past its months, due soon within 14 days', async () => {
    const late = await newCar();
    const soon = await newCar();
    const filter = { scope: 'car' as const, items: [{ name: 'Air filter', everyMonths: 12 }] };
    expect((await savePlan(owner.token, late._id, filter)).status).toBe(200);
    expect((await savePlan(owner.token, soon._id, filter)).status).toBe(200);
    // The last services, logged late: 13 months ago, and 355 days ago (12 months after it is 10 or 11 days away).
    const thirteenMonths = addDays(companyToday(), -396);
    expect((await logService(manager.token, late._id, { date: thirteenMonths, odometerKm: 0, items: ['Air filter'], cost: 0 })).status).toBe(201);
    expect((await logService(manager.token, soon._id, { date: addDays(companyToday(), -355), odometerKm: 0, items: ['Air filter'], cost: 0 })).status).toBe(
      201,
    );
    expect(await dueOf(late._id)).toMatchObject({ state: 'overdue', items: [{ name: 'Air filter', state: 'overdue', dueAtKm: null }] });
    expect(await dueOf(soon._id)).toMatchObject({ state: 'due_soon', items: [{ name: 'Air filter', state: 'due_soon' }] });
    // The overdue car is listed before the one due soon.
    const order = (await due()).cars.map((car) => car._id);
    expect(order.indexOf(late._id)).toBeLessThan(order.indexOf(soon._id));

    expect((await logService(manager.token, late._id, { date: day(0), odometerKm: 10, items: ['Air filter'], cost: 0 })).status).toBe(201);
    expect(await dueOf(late._id)).toBeUndefined();
    // An older service logged after it does not take the item back to its day.
    expect((await logService(manager.token, late._id, { date: addDays(companyToday(), -300), odometerKm: 0, items: ['Air filter'], cost: 0 })).status).toBe(
      201,
    );
    expect((await plan(late._id)).items[0]).toMatchObject({ lastServiceOn: day(0), lastServiceKm: 10, state: 'ok' });
  });

  it("follows its model's plan until it has its own, and again once its own is removed", async () => {
    const model = `Fielder ${++modelNumber}`;
    const first = await newCar(model);
    const second = await newCar(model);
    expect((await plan(first._id)).source).toBe('none');
    // Saved from one car for the model (letter case aside): the other car follows it too.
    expect((await savePlan(manager.token, first._id, { scope: 'model', items: OIL_AND_BRAKES })).answer.message).toMatch(/every car of this make and model/);
    const followed = await plan(second._id);
    expect(followed).toMatchObject({ source: 'model', modelHasPlan: true });
    expect(followed.items.map((item) => item.name)).toEqual(['Oil and filter', 'Brakes']);

    const own = await savePlan(manager.token, second._id, { scope: 'car', items: [{ name: 'Timing belt', everyKm: 100_000 }] });
    expect(own.answer.plan).toMatchObject({ source: 'car', items: [{ name: 'Timing belt', everyKm: 100_000, everyMonths: null }] });
    expect((await plan(first._id)).source).toBe('model');
    // An item not in the plan the car follows is refused.
    const unknown = await refusalOf(logService(manager.token, second._id, { date: day(0), odometerKm: 0, items: ['Brakes'], cost: 0 }));
    expect(unknown).toMatchObject({ status: 400, answer: { code: 'service_item_unknown' } });

    const removed = await savePlan(manager.token, second._id, { scope: 'car', items: [] });
    expect(removed.answer.plan.source).toBe('model');
    expect(removed.answer.message).toMatch(/follows the plan of its make and model/);
  });

  it('refuses a future date, a cost below zero, with cents or too large, an item unknown and a scan that is not a photo or PDF, storing nothing', async () => {
    const car = await newCar();
    await savePlan(owner.token, car._id, { scope: 'car', items: OIL_AND_BRAKES });
    const before = await services();
    const good = { date: day(0), odometerKm: 100, items: ['Brakes'], cost: 5_000 };
    const cases: [CarServiceInput, FilePart[], string][] = [
      [{ ...good, date: day(1) }, [], 'service_date_future'],
      [{ ...good, cost: -100 }, [], 'service_cost_negative'],
      [{ ...good, cost: 5_000.5 }, [], 'invalid_input'],
      [{ ...good, cost: 10_000_001 }, [], 'invalid_input'],
      [{ ...good, items: ['Wipers'] }, [], 'service_item_unknown'],
      [good, [{ name: 'receipt', bytes: NOT_AN_IMAGE, filename: 'receipt.png', type: 'image/png' }], 'document_unreadable'],
    ];
    for (const [service, files, code] of cases) {
      const refused = await refusalOf(logService(manager.token, car._id, service, files));
      expect(refused.status, code).toBe(400);
      expect(refused.answer?.code).toBe(code);
      expect(String(refused.answer?.message)).not.toMatch(/zod|undefined|null/i);
    }
    expect(await services()).toBe(before);
    const unreadable = await refusalOf(
      callWithStatus(t.app, manager.token, 'logCarService', { params: { id: car._id }, form: formData({ service: '{not json' }) }),
    );
    expect(unreadable).toMatchObject({ status: 400, answer: { code: 'invalid_input' } });
  });

  it("raises the car's odometer, keeps the receipt without its metadata for staff only, never cached", async () => {
    const car = await newCar();
    await savePlan(owner.token, car._id, { scope: 'car', items: OIL_AND_BRAKES });
    const receipt = { name: 'receipt', bytes: await smallPng(120, 80), filename: 'receipt.png', type: 'image/png' };
    const logged = await logService(owner.token, car._id, { date: day(0), odometerKm: 12_345, items: ['Brakes'], cost: 0, note: 'Front pads' }, [receipt]);
    expect(logged.answer.service.hasReceipt).toBe(true);
    expect((await testApi(t.app, agent.token).call('ownerCar', { params: { id: car._id } })).car.odometerKm).toBe(12_345);
    const history = await testApi(t.app, agent.token).call('carServices', { params: { id: car._id } });
    expect(history.services).toMatchObject([{ odometerKm: 12_345, note: 'Front pads', hasReceipt: true }]);

    const url = `/api/owner/cars/${car._id}/services/${logged.answer.service._id}/receipt`;
    const read = await t.app.inject({ method: 'GET', url, headers: authHeader(agent.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['cache-control']).toBe('private, no-store');
    const customer = await approvedCustomer(t.app, 'Kemar Thomas');
    expect((await t.app.inject({ method: 'GET', url, headers: authHeader(customer.token) })).statusCode).toBe(403);
  });

  it('lets agents read the due list and plans but not change them; a manager blocks the car for its service in one step', async () => {
    const car = await newCar();
    const refusedPlan = await refusalOf(savePlan(agent.token, car._id, { scope: 'car', items: OIL_AND_BRAKES }));
    expect(refusedPlan.status).toBe(403);
    await savePlan(owner.token, car._id, { scope: 'car', items: OIL_AND_BRAKES });
    const before = await services();
    expect((await refusalOf(logService(agent.token, car._id, { date: day(0), odometerKm: 1, items: ['Brakes'], cost: 0 }))).status).toBe(403);
    expect(await services()).toBe(before);
    const block = { car: car._id, pickupDate: day(3), returnDate: day(4), items: ['Oil and filter', 'Brakes'] };
    expect((await refusalOf(callWithStatus(t.app, agent.token, 'serviceBlock', { body: block }))).status).toBe(403);
    expect((await due()).success).toBe(true);

    const made = await callWithStatus(t.app, manager.token, 'serviceBlock', { body: block });
    expect(made.status).toBe(201);
    expect(made.answer.block).toMatchObject({ car: car._id, pickupDate: day(3), returnDate: day(4), note: 'Service: Oil and filter, Brakes' });
    const blocks = await testApi(t.app, agent.token).call('blocks', { query: { car: car._id } });
    expect(blocks.blocks).toHaveLength(1);
    // The same days again meet the block (the blocks feature's own refusal).
    expect((await refusalOf(callWithStatus(t.app, manager.token, 'serviceBlock', { body: block }))).status).toBe(409);
  });
});
