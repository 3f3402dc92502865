/**
 * A car's papers through the API: saved by owners and managers (a renewal keeps the paper before),
 * read by every staff member; bad input refused in words with nothing stored; the scan private to
 * staff; the check-out refused on the day a paper expires (and not the day before); the desk, the
 * timeline, Manage Cars and the dashboard marking the car; the bookings that run past an expiry; and
 * staff's alerts 30, 14 and 3 days before, each once, also with two instances sweeping at once.
 */
import { type BodyInputOf, type CarPapers, carPapersExpiredMessage, REFUSAL_CODES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carPapers, outbox } from '../src/db/schema';
import { queryRows, type Database } from '../src/db/types';
import { sweepPaperAlerts } from '../src/features/carPapers';
import { type Account, authHeader, callWithStatus, createStaff, describeDatabase, outcomeOf, testApi, type TestApp } from './helpers';
import { approvedCustomer, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { NOT_AN_IMAGE, smallPng } from './support/images';
import { formData } from './support/multipart';
import { type AppWithSecondInstance, appWithSecondInstance } from './support/secondInstance';

const STAFF = 'desk@example.com';
const HOUR = 3_600_000;
/** hh:00 in Jamaica (UTC-5) on `date`. */
const jamaica = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour + 5) * HOUR);

describe(`a car's papers (${describeDatabase})`, () => {
  let instances: AppWithSecondInstance | undefined;
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let second: Database;
  let plate = 100;

  beforeAll(async () => {
    instances = await appWithSecondInstance({ publicUrl: 'https://rent.example.com', companyEmail: STAFF });
    ({ t, second, owner } = instances);
    manager = await createStaff(t.app, 'manager', { name: 'Marlene Reid' });
    agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
  }, 60_000);
  afterAll(() => instances?.close());

  const newCar = () => addCar(t.app, owner.token, { plate: `${plate++} PP` } as never);
  const save = (token: string, carId: string, body: BodyInputOf<'saveCarPapers'>) =>
    outcomeOf(callWithStatus(t.app, token, 'saveCarPapers', { params: { id: carId }, body }));
  const read = async (token: string, carId: string): Promise<CarPapers> => (await testApi(t.app, token).call('carPapers', { params: { id: carId } })).papers;
  const count = async (carId: string) => (await t.db.select().from(carPapers).where(eq(carPapers.carId, carId))).length;
  /** A paper as time makes it: saved before, with whatever expiry it now has. */
  const insertPaper = async (carId: string, kind: 'registration' | 'fitness' | 'insurance', expiresOn: string) => {
    const [row] = await t.db
      .insert(carPapers)
      .values({ carId, kind, expiresOn, ...(kind === 'insurance' && { insurer: 'Guardian General', policyNumber: 'GG-1' }) })
      .returning({ id: carPapers.id });
    return row!.id;
  };
  const insurance = { kind: 'insurance' as const, expiresOn: day(200), insurer: 'Advantage General', policyNumber: 'AG-77120', cost: 95_000, paidOn: day(0) };

  it('owners and managers save papers; every staff member reads them; a renewal keeps the paper before', async () => {
    const car = await newCar();
    const first = await save(manager.token, car._id, { papers: [insurance, { kind: 'fitness', expiresOn: day(60) }] });
    expect(first.status).toBe(200);
    expect(first.answer!.papers.current.map((p) => p.kind)).toEqual(['fitness', 'insurance']);
    expect(first.answer!.papers.missing).toEqual(['registration']);

    const renewed = await save(owner.token, car._id, { papers: [{ kind: 'fitness', expiresOn: day(425), cost: 6_000, paidOn: day(0) }] });
    expect(renewed.status).toBe(200);

    const seen = await read(agent.token, car._id);
    const fitness = seen.current.find((p) => p.kind === 'fitness')!;
    expect(fitness).toMatchObject({ expiresOn: day(425), cost: 6_000, state: 'valid', current: true });
    expect(seen.history.filter((p) => p.kind === 'fitness').map((p) => [p.expiresOn, p.current])).toEqual([
      [day(425), true],
      [day(60), false],
    ]);
    expect(seen.current.find((p) => p.kind === 'insurance')).toMatchObject({ insurer: 'Advantage General', policyNumber: 'AG-77120', cost: 95_000 });
  });

  it('an agent reads but cannot save; a customer cannot read', async () => {
    const car = await newCar();
    const byAgent = await save(agent.token, car._id, { papers: [{ kind: 'registration', expiresOn: day(90) }] });
    expect(byAgent.status).toBe(403);
    expect(await count(car._id)).toBe(0);
    expect((await callWithStatus(t.app, agent.token, 'carPapers', { params: { id: car._id } })).status).toBe(200);
    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    expect((await outcomeOf(callWithStatus(t.app, customer.token, 'carPapers', { params: { id: car._id } }))).status).toBe(403);
    expect((await outcomeOf(callWithStatus(t.app, customer.token, 'fleetPapers'))).status).toBe(403);
  });

  it('refuses in words, with a code and nothing stored: an expiry today or before, a negative cost, an insurance without its policy, an unknown car', async () => {
    const car = await newCar();
    const past = await save(manager.token, car._id, {
      papers: [
        { kind: 'registration', expiresOn: day(90) },
        { kind: 'fitness', expiresOn: day(0) },
      ],
    });
    expect(past.status).toBe(422);
    expect(past.refusal).toMatchObject({ code: 'car_paper_already_expired', message: REFUSAL_CODES.car_paper_already_expired });

    const negative = await save(manager.token, car._id, { papers: [{ kind: 'registration', expiresOn: day(90), cost: -5 }] });
    expect(negative.status).toBe(400);
    expect(negative.refusal).toMatchObject({ code: 'invalid_input', message: 'The cost must be at least 0.' });

    const noPolicy = await save(manager.token, car._id, { papers: [{ kind: 'insurance', expiresOn: day(90), insurer: 'Advantage General' }] });
    expect(noPolicy.status).toBe(400);
    expect(noPolicy.refusal!.message).toBe('An insurance needs the insurer and the policy number.');

    const twice = await save(manager.token, car._id, {
      papers: [
        { kind: 'registration', expiresOn: day(90) },
        { kind: 'registration', expiresOn: day(91) },
      ],
    });
    expect(twice.status).toBe(400);
    expect(await count(car._id)).toBe(0);

    const unknown = await save(manager.token, '6f1b2d34-1111-4a2b-9c3d-000000000000', { papers: [{ kind: 'registration', expiresOn: day(90) }] });
    expect(unknown.status).toBe(404);
    expect(unknown.refusal).toMatchObject({ code: 'not_found', message: 'This car was not found. It may have been removed.' });
  });

  it('keeps a scan cleaned and private: staff read it uncached, a customer never; a file that is not a photo or a PDF is refused', async () => {
    const car = await newCar();
    const saved = await save(manager.token, car._id, { papers: [insurance] });
    const paperId = saved.answer!.papers.current[0]!._id;
    const upload = (token: string, bytes: Buffer, type: string) =>
      outcomeOf(
        callWithStatus(t.app, token, 'uploadCarPaperScan', {
          params: { id: car._id, paperId },
          form: formData({}, [{ name: 'file', bytes, filename: 'policy', type }]),
        }),
      );

    const bad = await upload(manager.token, NOT_AN_IMAGE, 'image/png');
    expect(bad.status).toBe(400);
    expect(bad.refusal).toMatchObject({ code: 'document_unreadable' });
    expect((await upload(agent.token, await smallPng(60, 40), 'image/png')).status).toBe(403);

    const good = await upload(manager.token, await smallPng(60, 40), 'image/png');
    expect(good.status).toBe(201);
    expect(good.answer!.papers.current[0]!.scan).toMatchObject({ mimeType: 'image/webp' });

    const url = `/api/owner/cars/${car._id}/papers/${paperId}/scan`;
    const byAgent = await t.app.inject({ method: 'GET', url, headers: authHeader(agent.token) });
    expect(byAgent.statusCode).toBe(200);
    expect(byAgent.headers['content-type']).toBe('image/webp');
    expect(byAgent.headers['cache-control']).toBe('private, no-store');
    const customer = await approvedCustomer(t.app, 'Andre Campbell');
    expect((await t.app.inject({ method: 'GET', url, headers: authHeader(customer.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses the check-out on the day a paper expires, naming it, and hands the keys over the day before', async () => {
    const car = await newCar();
    const customer = await approvedCustomer(t.app, 'Keisha Brown');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(3));
    await insertPaper(car._id, 'registration', day(300));
    const fitness = await insertPaper(car._id, 'fitness', day(0));

    // The desk and the form say it before anyone fills it in.
    const desk = await testApi(t.app, agent.token).call('desk');
    expect(desk.pickups.find((b) => b._id === booking._id)!.paperAlert).toEqual({ kind: 'fitness', expiresOn: day(0) });
    const counter = await testApi(t.app, agent.token).call('counterBooking', { params: { id: booking._id } });
    expect(counter.booking.checkOutProblem).toBe(carPapersExpiredMessage({ kind: 'fitness', expiresOn: day(0) }));

    const refused = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'car_papers_expired', message: carPapersExpiredMessage({ kind: 'fitness', expiresOn: day(0) }) });
    expect(refused.json().message).toMatch(/certificate of fitness/);
    const [{ status } = { status: '' }] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM bookings WHERE id = ${booking._id}`);
    expect(status).toBe('confirmed');

    // Manage Cars and the timeline mark the car.
    const cars = (await testApi(t.app, agent.token).call('ownerCars')).cars;
    expect(cars.find((c) => c._id === car._id)!.paperAlert).toEqual({ kind: 'fitness', expiresOn: day(0) });
    const timeline = await testApi(t.app, agent.token).call('timeline', { query: { from: day(0), days: '7' } });
    expect(timeline.cars.find((c) => c._id === car._id)!.paperAlert).toEqual({ kind: 'fitness', expiresOn: day(0) });
    expect(timeline.bookings.find((b) => b._id === booking._id)!.paperAlert).toEqual({ kind: 'fitness', expiresOn: day(0) });

    // Tomorrow it expires: today is the day before, and the keys go out (the desk still marks it: it runs out before the return).
    await t.db
      .update(carPapers)
      .set({ expiresOn: day(1) })
      .where(eq(carPapers.id, fitness));
    expect((await testApi(t.app, agent.token).call('counterBooking', { params: { id: booking._id } })).booking.checkOutProblem).toBeNull();
    const out = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id));
    expect(out.statusCode, out.body).toBe(200);
    expect((await testApi(t.app, agent.token).call('ownerCars')).cars.find((c) => c._id === car._id)!.paperAlert).toBeNull();
  });

  it('lists the bookings that run past an expiry, every paper by expiry, and the dashboard the papers due', async () => {
    const car = await newCar();
    const customer = await approvedCustomer(t.app, 'Tanya Brown');
    const past = await confirmedBooking(t.app, owner, customer, car._id, day(10), day(14));
    const before = await confirmedBooking(t.app, owner, customer, car._id, day(4), day(6));
    await insertPaper(car._id, 'insurance', day(12));

    const fleet = (await testApi(t.app, agent.token).call('fleetPapers')).papers;
    const runsPast = fleet.bookingsPastExpiry.filter((b) => b.car._id === car._id);
    expect(runsPast.map((b) => b.bookingId)).toEqual([past._id]);
    expect(runsPast[0]!.paper).toEqual({ kind: 'insurance', expiresOn: day(12) });
    expect(fleet.bookingsPastExpiry.some((b) => b.bookingId === before._id)).toBe(false);
    expect(fleet.papers.find((p) => p.car._id === car._id)).toMatchObject({ kind: 'insurance', state: 'expiring' });
    expect(fleet.missing.find((m) => m.car._id === car._id)!.kinds).toEqual(['registration', 'fitness']);
    const expiries = fleet.papers.map((p) => p.expiresOn);
    expect(expiries).toEqual([...expiries].sort());

    const dashboard = (await testApi(t.app, agent.token).call('dashboard')).dashboardData;
    expect(dashboard.papersDue.find((p) => p.car._id === car._id)).toMatchObject({ kind: 'insurance', expiresOn: day(12), state: 'expiring' });

    // The timeline: the car is fine today; only the rental that runs past the expiry is marked, by the paper that runs out first before its return.
    await insertPaper(car._id, 'fitness', day(13));
    const timeline = await testApi(t.app, agent.token).call('timeline', { query: { from: day(0), days: '21' } });
    expect(timeline.cars.find((c) => c._id === car._id)!.paperAlert).toBeNull();
    expect(timeline.bookings.find((b) => b._id === past._id)!.paperAlert).toEqual({ kind: 'insurance', expiresOn: day(12) });
    expect(timeline.bookings.find((b) => b._id === before._id)!.paperAlert).toBeNull();
  });

  it('alerts staff 30, 14 and 3 days before a paper expires, each once with two instances sweeping at the same moment; a renewed paper is not told', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Axio', plate: 'PC 4471' } as never);
    const expiry = day(60);
    const paperId = await insertPaper(car._id, 'insurance', expiry);
    const renewedCar = await newCar();
    await insertPaper(renewedCar._id, 'registration', expiry);
    await insertPaper(renewedCar._id, 'registration', day(400));
    const letters = async () =>
      (await t.db.select().from(outbox).where(eq(outbox.kind, 'car_paper_expiring'))).filter((letter) => letter.subject.includes('PC 4471'));
    const round = (at: Date) =>
      Promise.all([
        sweepPaperAlerts(t.db, t.app.events, { now: at }),
        sweepPaperAlerts(second, t.app.events, { now: at }),
        sweepPaperAlerts(t.db, t.app.events, { now: at }),
      ]);
    const mine = (rounds: { paperId: string; daysBefore: number }[][]) => rounds.flat().filter((alert) => alert.paperId === paperId);

    expect(mine(await round(jamaica(day(29), 10)))).toEqual([]); // 31 days before
    expect(mine(await round(jamaica(day(30), 10)))).toEqual([{ paperId, daysBefore: 30 }]);
    expect(mine(await round(jamaica(day(31), 10)))).toEqual([]);
    expect(mine(await round(jamaica(day(46), 10)))).toEqual([{ paperId, daysBefore: 14 }]);
    expect(mine(await round(jamaica(day(57), 10)))).toEqual([{ paperId, daysBefore: 3 }]);
    expect(mine(await round(jamaica(day(59), 10)))).toEqual([]);

    const sent = await letters();
    expect(sent).toHaveLength(3);
    expect(sent.every((letter) => letter.recipient === STAFF)).toBe(true);
    expect(sent.map((letter) => letter.subject)).toEqual(sent.map(() => expect.stringContaining('Insurance of the Toyota Axio (PC 4471)')));
    const alerted = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM car_paper_alerts a JOIN car_papers p ON p.id = a.paper_id WHERE p.car_id = ${renewedCar._id}`,
    );
    expect(alerted[0]!.n).toBe(0);
  });
});
