/**
 * Mass assignment: the original server copied whatever object the client sent onto its records.
 * Here every payload is stuffed with the fields an attacker would try (_id, owner, role, price,
 * status, isAvaliable, ...) and the database must hold only what the form's own fields say.
 */
import { randomUUID } from 'node:crypto';
import { API, type Car, withGct } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, TEST_PASSWORD, type Account, type TestApp, uniqueEmail } from './helpers';
import { everyRow } from './support/everyRow';
import { addCar, carForm, carUpload, day } from './support/fleet';
import { smallPng } from './support/images';
import { multipart } from './support/multipart';

/** Everything a record could be tricked into taking, spelled the ways clients spell it. */
function hostileFields(victim: { userId: string; carId: string; bookingId?: string; imageId?: string }) {
  return {
    _id: victim.bookingId ?? victim.carId,
    id: victim.carId,
    owner: victim.userId,
    addedBy: victim.userId,
    added_by: victim.userId,
    user: victim.userId,
    userId: victim.userId,
    user_id: victim.userId,
    role: 'owner',
    price: 1,
    status: 'confirmed',
    isAvaliable: false,
    isAvailable: false,
    is_available: false,
    deletedAt: new Date().toISOString(),
    imageId: victim.imageId ?? randomUUID(),
    image: 'https://evil.example/pic.png',
    reservedDates: [{ pickupDate: day(1), returnDate: day(300) }],
    createdAt: '2000-01-01T00:00:00.000Z',
    updatedBy: victim.userId,
  };
}

describe(`mass assignment changes nothing (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;
  let victim: Account;
  let victimsCar: Car;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, customer, victim] = await Promise.all([createOwner(t.app), registerCustomer(t.app), registerCustomer(t.app, { name: 'Victim' })]);
    victimsCar = await addCar(t.app, owner.token, { brand: 'Victim', model: 'Car' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const carRow = async (id: string) => (await t.db.select().from(schema.cars).where(eq(schema.cars.id, id)))[0]!;

  it('add-car: the new car takes only the form fields from carData', async () => {
    const victimRow = await carRow(victimsCar._id);
    const body = await carUpload({
      ...hostileFields({ userId: victim.user._id, carId: victimsCar._id, imageId: victimRow.imageId }),
      ...carForm({ brand: 'Suzuki' }),
    });
    const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { ...authHeader(owner.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    const car = res.json().car as Car;
    expect(car._id).not.toBe(victimsCar._id);
    expect(car.isAvaliable).toBe(true);
    expect(car.reservedDates).toEqual([]);
    expect(car.image).not.toContain('evil');

    const row = await carRow(car._id);
    expect(row.addedBy).toBe(owner.user._id);
    expect(row.isAvailable).toBe(true);
    expect(row.deletedAt).toBeNull();
    expect(row.imageId).not.toBe(victimRow.imageId);
    expect(row.createdAt.getFullYear()).toBeGreaterThan(2000);
    expect(await carRow(victimsCar._id)).toEqual(victimRow);
  });

  it("update-car: only the form fields change; another car's id or picture in carData touches nothing else", async () => {
    const target = await addCar(t.app, owner.token, { brand: 'Target' });
    const before = await carRow(target._id);
    const victimBefore = await carRow(victimsCar._id);
    const body = await carUpload(
      {
        ...hostileFields({ userId: victim.user._id, carId: victimsCar._id, imageId: victimBefore.imageId }),
        ...carForm({ brand: 'Target', model: 'Renamed' }),
      },
      null,
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: API.updateCar(target._id),
      headers: { ...authHeader(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await carRow(target._id);
    expect(after.model).toBe('Renamed');
    expect({ ...after, model: before.model, updatedAt: before.updatedAt }).toEqual(before);
    expect(await carRow(victimsCar._id)).toEqual(victimBefore);
  });

  it('bank details: one company record, written by the caller, whatever id or author the payload names', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: API.bankDetails,
      headers: authHeader(owner.token),
      payload: {
        ...hostileFields({ userId: victim.user._id, carId: victimsCar._id }),
        id: 2,
        bankName: 'NCB',
        accountHolderName: 'Waterford Car Rental',
        branch: 'Portmore',
        accountNumber: '12345678',
        accountType: 'Savings',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(schema.bankDetails);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, updatedBy: owner.user._id, bankName: 'NCB', accountNumber: '12345678' });
    expect(res.json().bankDetails).toEqual({
      bankName: 'NCB',
      accountHolderName: 'Waterford Car Rental',
      branch: 'Portmore',
      accountNumber: '12345678',
      accountType: 'Savings',
      otherAccounts: [],
    });
  });

  it('create booking: the price is computed, the status is pending, the customer is the caller', async () => {
    const chosenId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: API.createBooking,
      headers: authHeader(customer.token),
      payload: {
        ...hostileFields({ userId: victim.user._id, carId: victimsCar._id, bookingId: chosenId }),
        car: victimsCar._id,
        pickupDate: day(10),
        returnDate: day(13),
        paymentMethod: 'upfront',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().booking._id as string;
    expect(id).not.toBe(chosenId);
    const [row] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
    expect(row).toMatchObject({ userId: customer.user._id, status: 'pending', price: withGct(victimsCar.pricePerDay * 3, 15), carId: victimsCar._id });
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2000);
    // The car was not made unavailable by the booking's "isAvaliable: false".
    expect((await carRow(victimsCar._id)).isAvailable).toBe(true);
    const victimsBookings = await t.app.inject({ method: 'GET', url: API.userBookings, headers: authHeader(victim.token) });
    expect(victimsBookings.json().bookings).toEqual([]);
  });

  it('change-status: only the status changes, not the price, dates, car or customer', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: API.createBooking,
      headers: authHeader(customer.token),
      payload: { car: victimsCar._id, pickupDate: day(30), returnDate: day(31), paymentMethod: 'upfront' },
    });
    const bookingId = created.json().booking._id as string;
    const [before] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, bookingId));
    const res = await t.app.inject({
      method: 'POST',
      url: API.changeStatus,
      headers: authHeader(owner.token),
      payload: {
        ...hostileFields({ userId: victim.user._id, carId: randomUUID() }),
        bookingId,
        status: 'confirmed',
        pickupDate: day(1),
        returnDate: day(80),
        car: randomUUID(),
        paymentMethod: 'cash_deposit',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(schema.bookings).where(eq(schema.bookings.id, bookingId));
    // Confirming ends the hold; nothing else moves.
    expect(after).toEqual({ ...before, status: 'confirmed', holdExpiresAt: null });
  });

  it('register and login: no field makes an account an owner', async () => {
    const email = uniqueEmail('climber');
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      payload: { ...hostileFields({ userId: owner.user._id, carId: victimsCar._id }), name: 'Climber', email, password: TEST_PASSWORD, isAdmin: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(row).toMatchObject({ role: 'user', imageId: null, name: 'Climber' });
    expect(row!.id).not.toBe(owner.user._id);

    const login = await t.app.inject({ method: 'POST', url: API.login, payload: { email, password: TEST_PASSWORD, role: 'owner' } });
    const me = await t.app.inject({ method: 'GET', url: API.userData, headers: authHeader(login.json().token) });
    expect(me.json().user.role).toBe('user');
    const dashboard = await t.app.inject({ method: 'GET', url: API.dashboard, headers: authHeader(login.json().token) });
    expect(dashboard.statusCode).toBe(403);
  });

  it('toggle-car and update-image: extra fields change nothing beyond the one thing each call does', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Toggle' });
    const before = await carRow(car._id);
    const res = await t.app.inject({
      method: 'POST',
      url: API.toggleCar,
      headers: authHeader(owner.token),
      payload: { ...hostileFields({ userId: victim.user._id, carId: victimsCar._id }), carId: car._id, brand: 'Hacked', pricePerDay: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await carRow(car._id);
    expect({ ...after, isAvailable: before.isAvailable, updatedAt: before.updatedAt }).toEqual(before);
    expect(after.isAvailable).toBe(!before.isAvailable);

    const snapshot = await everyRow(t.database.opened.raw);
    const form = await multipart({ role: 'owner', userId: victim.user._id, _id: victim.user._id }, [
      { name: 'image', bytes: await smallPng(30, 30), filename: 'me.png', type: 'image/png' },
    ]);
    const image = await t.app.inject({ method: 'POST', url: API.updateImage, headers: { ...authHeader(owner.token), ...form.headers }, payload: form.payload });
    expect(image.statusCode, image.body).toBe(200);
    const now = await everyRow(t.database.opened.raw);
    // Only the owner's own picture changed: the victim's account row is as it was.
    const victimLine = (rows: Record<string, string[]>) => rows.users!.find((r) => r.includes(victim.user._id));
    expect(victimLine(now)).toBe(victimLine(snapshot));
    const [victimRow] = await t.db.select().from(schema.users).where(eq(schema.users.id, victim.user._id));
    expect(victimRow!.imageId).toBeNull();
  });

  it('prototype poisoning: a JSON body with __proto__ or constructor.prototype is refused, and nothing is stored or polluted', async () => {
    const before = await everyRow(t.database.opened.raw);
    const bodies = [
      `{"name":"Proto","email":"${uniqueEmail('proto')}","password":"${TEST_PASSWORD}","__proto__":{"role":"owner"}}`,
      `{"name":"Ctor","email":"${uniqueEmail('ctor')}","password":"${TEST_PASSWORD}","constructor":{"prototype":{"role":"owner"}}}`,
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: API.register, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    expect(await everyRow(t.database.opened.raw)).toEqual(before);

    // Inside carData (parsed by the route itself) the key is only data, ignored like any other.
    const form = await carUpload(`{"__proto__":{"isAvaliable":false,"role":"owner"},${JSON.stringify(carForm({ brand: 'Proto' })).slice(1)}`);
    const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { ...authHeader(owner.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().car.isAvaliable).toBe(true);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAvaliable).toBeUndefined();
  });
});
