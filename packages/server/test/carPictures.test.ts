/**
 * Cars as they are: doors and daily distance allowance with SPEC's defaults, up
 * to 8 pictures in order with the first as the cover in every car answer, and SPEC's calls
 * (add-car with one image, update-car replacing the cover) working as before.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Car, MAX_CAR_PICTURES, MESSAGES, responses } from '@rental/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { carPictures, images } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { findCar } from '../src/features/cars/service';
import {
  type Account,
  callWithStatus,
  createOwner,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, carForm, carFormData, day } from './support/fleet';
import { smallPng } from './support/images';
import { formData } from './support/multipart';

/** The picture's id is the last part of its URL. */
const idOf = (url: string) => url.split('/').at(-1)!;

describe(`a car's doors, distance and pictures (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  /** The owner's add-car or update-car form (a car id: an update), with the status it was answered with. */
  const sendCar = async (carId: string | null, data: unknown, image?: Buffer | null) => {
    const form = await carFormData(data, image);
    return carId === null
      ? callWithStatus(t.app, owner.token, 'addCar', { form })
      : callWithStatus(t.app, owner.token, 'updateCar', { params: { id: carId }, form });
  };
  /** A picture of its own colour, so each upload is a different picture. */
  const picture = (shade: number) => smallPng(200 + shade, 120);
  const addPicture = async (carId: string, bytes?: Buffer, token = owner.token) => {
    const form = formData({}, [{ name: 'image', bytes: bytes ?? (await picture(0)), filename: 'side.png', type: 'image/png' }]);
    return callWithStatus(t.app, token, 'addCarPicture', { params: { id: carId }, form });
  };
  const order = (carId: string, ids: string[]) => callWithStatus(t.app, owner.token, 'orderCarPictures', { params: { id: carId }, body: { order: ids } });
  const remove = (carId: string, pictureId: string) => callWithStatus(t.app, owner.token, 'deleteCarPicture', { params: { id: carId, pictureId } });
  const carOf = (res: { answer: unknown }): Car => responses.carSaved.parse(res.answer).car;
  const publicCar = async (id: string) => responses.car.parse(await testApi(t.app).call('car', { params: { id } })).car;
  /** A stored picture's status: served (200) or gone (404). */
  const servedStatus = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const imageCount = async () => (await t.db.select({ n: count() }).from(images))[0]!.n;

  /** The car as every call that answers cars shows it: public list and one car, the owner's list and one car, availability. */
  async function everyAnswerOf(carId: string): Promise<Car[]> {
    const staff = testApi(t.app, owner.token);
    const list = responses.cars.parse(await testApi(t.app).call('cars')).cars;
    const one = await publicCar(carId);
    const fleet = responses.cars.parse(await staff.call('ownerCars')).cars;
    const ownerOne = responses.car.parse(await staff.call('ownerCar', { params: { id: carId } })).car;
    const free = responses.availableCars.parse(
      await testApi(t.app).call('checkAvailability', { body: { location: 'Waterford, Portmore', pickupDate: day(300), returnDate: day(301) } }),
    ).availableCars;
    const answers = [list.find((c) => c._id === carId), one, fleet.find((c) => c._id === carId), ownerOne, free.find((c) => c._id === carId)];
    expect(answers.every(Boolean), 'the car is in every answer').toBe(true);
    return answers as Car[];
  }

  describe('doors and daily distance allowance', () => {
    it("shows SPEC's 4 doors and 500 km when the owner has set none", async () => {
      const car = await addCar(t.app, owner.token);
      for (const answer of await everyAnswerOf(car._id)) expect(answer).toMatchObject({ doors: 4, distancePerDay: 500 });
    });

    it("keeps the owner's values; an edit without them (SPEC's client) keeps them; null goes back to the usual", async () => {
      const added = await sendCar(null, carForm({ model: 'Convertible', doors: 2, distancePerDay: 250 }));
      expect(added.status).toBe(201);
      const car = carOf(added);
      expect(car).toMatchObject({ doors: 2, distancePerDay: 250 });
      for (const answer of await everyAnswerOf(car._id)) expect(answer).toMatchObject({ doors: 2, distancePerDay: 250 });

      // As SPEC's client sends it: the form's fields only, numbers as text.
      const spec = { ...carForm({ model: 'Convertible', pricePerDay: '9900' }) };
      delete spec.doors;
      delete spec.distancePerDay;
      const edited = await sendCar(car._id, spec, null);
      expect(edited.status).toBe(200);
      expect(carOf(edited)).toMatchObject({ pricePerDay: 9900, doors: 2, distancePerDay: 250 });

      const changed = await sendCar(car._id, carForm({ doors: '5', distancePerDay: '1200' }), null);
      expect(carOf(changed)).toMatchObject({ doors: 5, distancePerDay: 1200 });

      const reset = await sendCar(car._id, carForm({ doors: null, distancePerDay: null }), null);
      expect(carOf(reset)).toMatchObject({ doors: 4, distancePerDay: 500 });
    });

    it.each([
      [{ doors: 7 }, 'Doors must be at most 6.'],
      [{ doors: 0 }, 'Doors must be at least 1.'],
      [{ doors: 'four' }, 'Doors must be a whole number.'],
      [{ doors: 2.5 }, 'Doors must be a whole number.'],
      [{ distancePerDay: 0 }, 'Daily distance allowance must be at least 1.'],
      [{ distancePerDay: 6000 }, 'Daily distance allowance must be at most 5000.'],
      [{ distancePerDay: '300 km' }, 'Daily distance allowance must be a whole number.'],
    ])('refuses %j with a plain sentence and changes nothing', async (bad, message) => {
      const car = await addCar(t.app, owner.token, { doors: 3, distancePerDay: 400 });
      expect(await refusalOf(sendCar(car._id, { ...carForm(), ...bad }, null))).toEqual({
        status: 400,
        answer: { success: false, code: expect.any(String), message },
      });
      await expect(sendCar(null, { ...carForm(), ...bad })).rejects.toMatchObject({ status: 400, message });
      expect(await publicCar(car._id)).toMatchObject({ doors: 3, distancePerDay: 400 });
    });
  });

  describe('pictures', () => {
    it('a new car has its one picture as cover; added pictures go last and are served', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Gallery' });
      expect(car.pictures).toEqual([car.image]);
      const res = await addPicture(car._id, await picture(1));
      expect(res.status).toBe(201);
      expect(res.answer.message).toBe(MESSAGES.carPictureAdded);
      const after = carOf(res);
      expect(after.image).toBe(car.image);
      expect(after.pictures).toHaveLength(2);
      expect(after.pictures[0]).toBe(car.image);
      const served = await t.app.inject({ method: 'GET', url: after.pictures[1]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it('refuses the 9th picture with a sentence, storing nothing', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Eight' });
      for (let i = 1; i < MAX_CAR_PICTURES; i++) expect((await addPicture(car._id, await picture(i))).status, `picture ${i + 1}`).toBe(201);
      const full = await publicCar(car._id);
      expect(full.pictures).toHaveLength(MAX_CAR_PICTURES);
      expect(new Set(full.pictures).size).toBe(MAX_CAR_PICTURES);
      const before = await imageCount();
      expect(await refusalOf(addPicture(car._id, await picture(9)))).toEqual({
        status: 409,
        answer: { success: false, code: expect.any(String), message: MESSAGES.tooManyCarPictures },
      });
      expect(await imageCount()).toBe(before);
      expect((await publicCar(car._id)).pictures).toEqual(full.pictures);
    });

    it('two owners adding the 8th picture at once: exactly one gets it', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Race' });
      for (let i = 1; i < MAX_CAR_PICTURES - 1; i++) expect((await addPicture(car._id, await picture(i))).status).toBe(201);
      const second = await createOwner(t.app);
      const [a, b] = await Promise.all([statusOf(addPicture(car._id, await picture(20))), statusOf(addPicture(car._id, await picture(21), second.token))]);
      expect([a, b].sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(carPictures).where(eq(carPictures.carId, car._id));
      expect(rows.map((r) => r.position).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    });

    it('a new order makes its first picture the cover in every car answer and in bookings', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Reordered' });
      const second = carOf(await addPicture(car._id, await picture(2))).pictures[1]!;
      const third = carOf(await addPicture(car._id, await picture(3))).pictures[2]!;
      const booked = await callWithStatus(t.app, customer.token, 'createBooking', {
        body: { car: car._id, pickupDate: day(30), returnDate: day(31), paymentMethod: 'upfront' },
      });
      expect(booked.status).toBe(201);

      const res = await order(car._id, [third, car.image, second].map(idOf));
      expect(res.status).toBe(200);
      expect(res.answer.message).toBe(MESSAGES.carPicturesReordered);
      expect(carOf(res).pictures).toEqual([third, car.image, second]);
      for (const answer of await everyAnswerOf(car._id)) {
        expect(answer.image).toBe(third);
        expect(answer.pictures).toEqual([third, car.image, second]);
      }
      const mine = (await testApi(t.app, customer.token).call('userBookings')).bookings;
      expect(mine.find((b) => b._id === booked.answer.booking._id)!.car.image).toBe(third);
    });

    it('refuses an order that is not exactly the car’s pictures (changed meanwhile), changing nothing', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Stale' });
      const other = await addCar(t.app, owner.token, { model: 'Other' });
      const second = carOf(await addPicture(car._id, await picture(4))).pictures[1]!;
      for (const ids of [
        [idOf(second)],
        [idOf(second), idOf(second)],
        [idOf(second), idOf(other.image)],
        [idOf(second), idOf(car.image), idOf(other.image)],
        [idOf(second), 'not-an-id'],
      ]) {
        expect(await refusalOf(order(car._id, ids)), JSON.stringify(ids)).toEqual({
          status: 409,
          answer: { success: false, code: expect.any(String), message: MESSAGES.carPicturesChanged },
        });
      }
      expect(await statusOf(order(car._id, []))).toBe(400);
      expect((await publicCar(car._id)).pictures).toEqual([car.image, second]);
    });

    it('removing a picture frees its stored image; removing the cover makes the next one the cover', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Removal' });
      const second = carOf(await addPicture(car._id, await picture(5))).pictures[1]!;
      const third = carOf(await addPicture(car._id, await picture(6))).pictures[2]!;

      const middle = await remove(car._id, idOf(second));
      expect(middle.status).toBe(200);
      expect(middle.answer.message).toBe(MESSAGES.carPictureRemoved);
      expect(carOf(middle).pictures).toEqual([car.image, third]);
      expect(await servedStatus(second)).toBe(404);

      const cover = await remove(car._id, idOf(car.image));
      expect(cover.status).toBe(200);
      for (const answer of await everyAnswerOf(car._id)) {
        expect(answer.image).toBe(third);
        expect(answer.pictures).toEqual([third]);
      }
      expect(await servedStatus(car.image)).toBe(404);

      expect(await refusalOf(remove(car._id, idOf(third)))).toEqual({
        status: 409,
        answer: { success: false, code: expect.any(String), message: MESSAGES.lastCarPicture },
      });
      expect(await servedStatus(third)).toBe(200);
    });

    it('answers 404 for an unknown picture or car, and for a deleted car', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Unknown' });
      const other = await addCar(t.app, owner.token, { model: 'Neighbour' });
      await addPicture(other._id, await picture(7));
      for (const pictureId of ['6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b', 'nonsense', idOf(other.image)]) {
        await expect(remove(car._id, pictureId), pictureId).rejects.toMatchObject({ status: 404, message: MESSAGES.carPictureNotFound });
      }
      // The neighbour's picture is still there.
      expect(await servedStatus(other.image)).toBe(200);
      expect((await callWithStatus(t.app, owner.token, 'deleteCar', { body: { carId: car._id } })).status).toBe(200);
      for (const refused of [
        () => addPicture(car._id),
        () => order(car._id, [idOf(car.image)]),
        () => remove(car._id, idOf(car.image)),
        () => addPicture('not-a-car'),
      ]) {
        await expect(refused()).rejects.toMatchObject({ status: 404, message: MESSAGES.carNotFound });
      }
    });

    it('a car written without its list of pictures (a bulk import) keeps its picture as cover when one is added', async () => {
      const model = await addCar(t.app, owner.token, { model: 'Template' });
      const [row] = await queryRows<{ id: string }>(
        t.db,
        sql`INSERT INTO cars (brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
            VALUES ('Nissan', 'Imported', 2015, 5000, 'Sedan', 'Manual', 'Gas', 5, 'Waterford, Portmore', 'Came in bulk.', ${idOf(model.image)}::uuid) RETURNING id`,
      );
      const imported = await publicCar(row!.id);
      expect(imported.pictures).toEqual([model.image]);
      const after = carOf(await addPicture(row!.id, await picture(10)));
      expect(after.image).toBe(model.image);
      expect(after.pictures).toHaveLength(2);
      expect(after.pictures[0]).toBe(model.image);
    });

    it('uses the upload checks of add-car: a file that is not a picture is refused, nothing stored', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Checked' });
      const before = await imageCount();
      await expect(addPicture(car._id, Buffer.from('This is a plain text file pretending to be a PNG.\n'))).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.imageInvalid,
      });
      expect(await statusOf(callWithStatus(t.app, owner.token, 'addCarPicture', { params: { id: car._id }, form: formData({}) }))).toBe(400);
      expect(await imageCount()).toBe(before);
    });
  });

  describe("SPEC's calls", () => {
    it('update-car with an image replaces the cover and keeps the other pictures; without one changes no picture', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Spec' });
      const second = carOf(await addPicture(car._id, await picture(8))).pictures[1]!;
      const replaced = await sendCar(car._id, carForm({ model: 'Spec' }), await picture(9));
      expect(replaced.status).toBe(200);
      const after = carOf(replaced);
      expect(after.image).not.toBe(car.image);
      expect(after.pictures).toEqual([after.image, second]);
      expect(await servedStatus(car.image)).toBe(404);

      const kept = carOf(await sendCar(car._id, carForm({ model: 'Spec', pricePerDay: 100 }), null));
      expect(kept.pictures).toEqual(after.pictures);
    });

    it('picture calls are for owners only', async () => {
      const car = await addCar(t.app, owner.token, { model: 'Guarded' });
      expect(await statusOf(addPicture(car._id, undefined, customer.token))).toBe(403);
      expect(await statusOf(callWithStatus(t.app, undefined, 'orderCarPictures', { params: { id: car._id }, body: { order: [idOf(car.image)] } }))).toBe(401);
      expect(await statusOf(callWithStatus(t.app, customer.token, 'deleteCarPicture', { params: { id: car._id, pictureId: idOf(car.image) } }))).toBe(403);
    });
  });
});

describe(`migration 0009 keeps the pictures of existing cars (${describeDatabase})`, () => {
  let dir: string;
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('every car made before it has its picture as its only picture, doors and distance unset', async () => {
    // A database as it was before 0009: only the earlier migrations.
    dir = await mkdtemp(join(tmpdir(), 'rental-before-0009-'));
    await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
    for (const name of await readdir(dir)) if (name >= '0009') await rm(join(dir, name));
    const database = await createTestDatabase({ migrationsDir: dir });
    try {
      const png = await smallPng();
      const [image] = await queryRows<{ id: string }>(
        database.db,
        sql`INSERT INTO images (content, mime_type, width, height) VALUES (${png}, 'image/png', 300, 200) RETURNING id`,
      );
      const cars: string[] = [];
      for (const model of ['Old One', 'Old Two']) {
        const rows = await queryRows<{ id: string }>(
          database.db,
          sql`INSERT INTO cars (brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
              VALUES ('Nissan', ${model}, 2015, 5000, 'Sedan', 'Manual', 'Gas', 5, 'Waterford, Portmore', 'An old friend.', ${image!.id}) RETURNING id`,
        );
        cars.push(rows[0]!.id);
      }

      const applied = await migrate(database.opened.raw);
      expect(applied[0]).toBe('0009_car_details.sql');
      for (const id of cars) {
        const car = await findCar(database.db, id);
        expect(car).toMatchObject({ image: `/api/images/${image!.id}`, pictures: [`/api/images/${image!.id}`], doors: 4, distancePerDay: 500 });
        const rows = await database.db.select().from(carPictures).where(eq(carPictures.carId, id));
        expect(rows).toEqual([{ carId: id, imageId: image!.id, position: 0 }]);
      }
    } finally {
      await database.close();
    }
  });
});
