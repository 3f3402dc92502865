#!/usr/bin/env node
/**
 * The benchmarks' data generator: fills a FRESH database with a fleet the size a busy branch
 * would have (default 60 cars with pictures, 40 customers, ~2,000 bookings from half a year back
 * to half a year ahead, never two on one car on the same day).
 *
 * It builds the real app in this process (the server's own modules, through tsx) and makes what a
 * person would make through the API with app.inject: the owner, a few customers, a few cars with
 * uploaded photos, the bank details and a few bookings. The bulk (the other cars, customers and
 * bookings) is inserted straight into the tables, so seeding takes seconds, not minutes. Nothing
 * listens on a port, and the PGlite data directory is closed (flushed, unlocked) when it returns,
 * ready for `node packages/server/dist/main.js`.
 *
 *   node bench/seed.mjs --data-dir /tmp/rental-bench           (PGlite)
 *   node bench/seed.mjs --database-url postgres://.../rental_bench
 *   options: --cars 60 --customers 40 --bookings 2000 --random-seed 1
 */
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { carPhotoJpeg } from './lib/carPicture.mjs';
import { mulberry32 } from './lib/random.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = join(root, 'packages', 'server', 'src');

/** Every seeded account shares this password (one argon2 hash, copied), so any can log in. */
export const BENCH_PASSWORD = 'bench-password-2024';
export const OWNER_EMAIL = 'owner@bench.example.com';

const MODELS = [
  { brand: 'Toyota', model: 'Corolla', category: 'Sedan', transmission: 'Automatic', fuel: 'Gas', seats: 5, price: 8500 },
  { brand: 'Toyota', model: 'Axio', category: 'Sedan', transmission: 'Automatic', fuel: 'Gas', seats: 5, price: 7500 },
  { brand: 'Nissan', model: 'Sylphy', category: 'Sedan', transmission: 'Automatic', fuel: 'Gas', seats: 5, price: 7800 },
  { brand: 'Honda', model: 'Fit', category: 'Hatchback', transmission: 'Automatic', fuel: 'Gas', seats: 5, price: 6500 },
  { brand: 'Suzuki', model: 'Swift', category: 'Hatchback', transmission: 'Manual', fuel: 'Petrol', seats: 5, price: 6000 },
  { brand: 'Honda', model: 'CR-V', category: 'SUV', transmission: 'Automatic', fuel: 'Gas', seats: 5, price: 12000 },
  { brand: 'Hyundai', model: 'Tucson', category: 'SUV', transmission: 'Automatic', fuel: 'Diesel', seats: 5, price: 11500 },
  { brand: 'Toyota', model: 'RAV4 Hybrid', category: 'SUV', transmission: 'Automatic', fuel: 'Hybrid', seats: 5, price: 13500 },
  { brand: 'Toyota', model: 'Noah', category: 'Minivan', transmission: 'Automatic', fuel: 'Gas', seats: 8, price: 14000 },
  { brand: 'Nissan', model: 'Serena', category: 'Minivan', transmission: 'Automatic', fuel: 'Gas', seats: 7, price: 13000 },
  { brand: 'Toyota', model: 'Hiace', category: 'Van', transmission: 'Manual', fuel: 'Diesel', seats: 15, price: 18000 },
  { brand: 'Toyota', model: 'Hilux', category: 'Pickup', transmission: 'Manual', fuel: 'Diesel', seats: 5, price: 15000 },
  { brand: 'Isuzu', model: 'D-Max', category: 'Pickup', transmission: 'Semi-Automatic', fuel: 'Diesel', seats: 5, price: 14500 },
  { brand: 'Mazda', model: 'MX-5 Miata', category: 'Cabriolet', transmission: 'Manual', fuel: 'Petrol', seats: 2, price: 16000 },
  { brand: 'BYD', model: 'Dolphin', category: 'Hatchback', transmission: 'Automatic', fuel: 'Electric', seats: 5, price: 9500 },
];
const COLOURS = ['#eef0f2', '#c0392b', '#1f3a5f', '#2d2d2d', '#9aa3ad', '#2e7d32', '#f1c40f', '#7f8c8d'];
const FIRST_NAMES = ['Tanya', 'Andre', 'Kemar', 'Shanice', 'Damian', 'Alicia', 'Omar', 'Latoya', 'Ricardo', 'Keisha'];
const LAST_NAMES = ['Brown', 'Campbell', 'Williams', 'Thompson', 'Reid', 'Clarke', 'Morgan', 'Henry'];

/** Cars uploaded through the API (a real multipart upload each); the rest are inserted. */
const CARS_THROUGH_API = 6;
/**
 * Customers who register through the API (argon2 is slow on purpose, so only a few); enough for
 * the bookings below, since a customer may hold only 3 bookings waiting for confirmation.
 */
const CUSTOMERS_THROUGH_API = 7;
/** Upcoming bookings made through the API by those customers. */
const BOOKINGS_THROUGH_API = 20;
/** Distinct photos drawn; cars beyond that reuse one (bytes, not rows: each car has its own image row). */
const DISTINCT_PHOTOS = 12;
/** Bookings span this many days back and ahead of today. */
const HALF_WINDOW_DAYS = 182;

function multipart(fields, file) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function fleetPlan(count, random) {
  return Array.from({ length: count }, (_, i) => {
    const m = MODELS[i % MODELS.length];
    const year = 2016 + Math.floor(random() * 9);
    return {
      form: {
        brand: m.brand,
        model: m.model,
        year,
        // Newer cars cost a little more; whole dollars.
        pricePerDay: m.price + (year - 2016) * 250,
        category: m.category,
        transmission: m.transmission,
        fuel_type: m.fuel,
        seating_capacity: m.seats,
        location: 'Waterford, Portmore',
        description: `${m.brand} ${m.model} ${year}: cold A/C, Bluetooth audio and room for ${m.seats}. Serviced every 5,000 km; full tank at pickup.`,
      },
      photo: i % DISTINCT_PHOTOS,
      photoSpec: { category: m.category, colour: COLOURS[i % COLOURS.length], scene: i % 3 },
    };
  });
}

/**
 * Back-to-back rentals per car with short gaps, from HALF_WINDOW_DAYS ago to as far ahead as the
 * wanted count needs. Occupied ranges are inclusive and never touch (gap >= 1 day).
 */
function bookingPlan({ carCount, wanted, today, addDays, random }) {
  const perCar = Math.ceil(wanted / carCount);
  // A rental of 1-7 days occupies 2-8 calendar days; the gap leaves room for the load test.
  const meanSpan = (2 * HALF_WINDOW_DAYS) / perCar;
  const plans = [];
  for (let car = 0; car < carCount; car++) {
    let offset = -HALF_WINDOW_DAYS + Math.floor(random() * 5);
    for (let n = 0; n < perCar && plans.length < wanted; n++) {
      const days = 1 + Math.floor(random() * 7);
      const pickup = offset;
      const ret = pickup + days;
      if (ret > HALF_WINDOW_DAYS) break;
      plans.push({ car, pickupOffset: pickup, pickupDate: addDays(today, pickup), returnDate: addDays(today, ret) });
      const gap = Math.max(1, Math.round((meanSpan - (days + 1)) * (0.4 + random() * 1.2)));
      offset = ret + 1 + gap;
    }
  }
  return plans;
}

function statusFor(plan, random) {
  const r = random();
  if (plan.pickupOffset < 0) return r < 0.85 ? 'confirmed' : 'cancelled';
  if (r < 0.5) return 'pending';
  return r < 0.9 ? 'confirmed' : 'cancelled';
}

async function loadServerModules() {
  // tsx lets this plain .mjs load the server's TypeScript sources, as its tests do.
  const { register } = await import('tsx/esm/api');
  register();
  const load = (path) => import(pathToFileURL(join(serverSrc, path)).href);
  const [contract, open, app, config, schema, bootstrap, images] = await Promise.all([
    import('@rental/contract'),
    load('db/open.ts'),
    load('app.ts'),
    load('config.ts'),
    load('db/schema.ts'),
    load('features/firstOwner/bootstrap.ts'),
    load('features/images/process.ts'),
  ]);
  return { contract, open, app, config, schema, bootstrap, images };
}

/**
 * Seeds a fresh database and returns what the benchmarks need to address it: car ids, image
 * paths, the accounts' e-mails (password BENCH_PASSWORD) and each car's occupied ranges.
 */
export async function seedDatabase({
  dataDir,
  databaseUrl,
  cars: carCount = 60,
  customers: customerCount = 40,
  bookings: bookingCount = 2000,
  randomSeed = 1,
  log = () => {},
}) {
  const started = performance.now();
  const random = mulberry32(randomSeed);
  const m = await loadServerModules();
  const { API, addDays, bookingPrice, companyToday } = m.contract;
  const { bookings, cars, images, users } = m.schema;
  const today = companyToday();

  const opened = await m.open.openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  let app;
  try {
    const { db } = opened;
    if ((await db.$count(users)) > 0) throw new Error('The database is not empty: the benchmark seed needs a fresh one.');

    app = await m.app.buildApp({ db, config: m.config.testConfig(), rateLimit: false });
    await app.ready();
    const call = async (request, expected) => {
      const res = await app.inject(request);
      if (res.statusCode !== expected) throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };

    // Accounts: the owner and a few customers register as people do; the owner is promoted as the CLI does.
    const people = Array.from({ length: customerCount + 1 }, (_, i) => ({
      name: i === 0 ? 'Bench Owner' : `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 3) % LAST_NAMES.length]}`,
      email: i === 0 ? OWNER_EMAIL : `customer${i}@bench.example.com`,
      // A booking of a customer's own needs a phone (code phone_needed).
      phone: `876 555 ${String(i % 10000).padStart(4, '0')}`,
    }));
    const tokens = new Map();
    for (const person of people.slice(0, 1 + CUSTOMERS_THROUGH_API)) {
      const body = await call({ method: 'POST', url: API.register, payload: { ...person, password: BENCH_PASSWORD } }, 201);
      tokens.set(person.email, body.token);
    }
    await m.bootstrap.promoteToOwner(db, OWNER_EMAIL);
    // Promotion ends the account's sessions: the owner logs in again.
    tokens.set(OWNER_EMAIL, (await call({ method: 'POST', url: API.login, payload: { email: OWNER_EMAIL, password: BENCH_PASSWORD } }, 200)).token);
    const [{ passwordHash }] = await db.select({ passwordHash: users.passwordHash }).from(users).limit(1);
    const rest = people.slice(1 + CUSTOMERS_THROUGH_API);
    if (rest.length > 0) await db.insert(users).values(rest.map((p) => ({ ...p, passwordHash })));
    const userRows = await db.select({ id: users.id, email: users.email, role: users.role }).from(users);
    const customerRows = userRows.filter((u) => u.role === 'user');
    const ownerRow = userRows.find((u) => u.role === 'owner');
    const ownerAuth = { authorization: tokens.get(OWNER_EMAIL) };
    log(`accounts: 1 owner + ${customerRows.length} customers (${CUSTOMERS_THROUGH_API} registered through the API)`);

    await call(
      {
        method: 'PUT',
        url: API.bankDetails,
        headers: ownerAuth,
        payload: {
          bankName: 'National Commercial Bank',
          accountHolderName: 'Waterford Car Rental Ltd',
          branch: 'Portmore Pines',
          accountNumber: '354018271',
          accountType: 'Chequing',
        },
      },
      200,
    );

    // Cars: photos drawn once each, a few uploaded through the API (the server re-encodes them),
    // the rest stored as the server would store them and inserted together.
    const fleet = fleetPlan(carCount, random);
    const photos = await Promise.all(Array.from({ length: Math.min(DISTINCT_PHOTOS, carCount) }, (_, i) => carPhotoJpeg(fleet[i].photoSpec)));
    for (const car of fleet.slice(0, CARS_THROUGH_API)) {
      const body = multipart({ carData: JSON.stringify(car.form) }, { name: 'image', filename: 'car.jpg', type: 'image/jpeg', bytes: photos[car.photo] });
      await call({ method: 'POST', url: API.addCar, headers: { ...ownerAuth, ...body.headers }, payload: body.payload }, 201);
    }
    const processed = await Promise.all(photos.map((bytes) => m.images.processImage(bytes, 'car')));
    const bulkCars = fleet.slice(CARS_THROUGH_API);
    if (bulkCars.length > 0) {
      const imageRows = await db
        .insert(images)
        .values(bulkCars.map((car) => processed[car.photo]))
        .returning({ id: images.id });
      const now = Date.now();
      await db.insert(cars).values(
        bulkCars.map(({ form }, i) => {
          // Older than the API-made ones, a minute apart, so "newest first" is a stable order.
          const createdAt = new Date(now - (i + 1) * 60_000);
          return {
            addedBy: ownerRow.id,
            brand: form.brand,
            model: form.model,
            year: form.year,
            pricePerDay: form.pricePerDay,
            category: form.category,
            transmission: form.transmission,
            fuelType: form.fuel_type,
            seatingCapacity: form.seating_capacity,
            location: form.location,
            description: form.description,
            imageId: imageRows[i].id,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
    }
    const carRows = await db.select({ id: cars.id, imageId: cars.imageId, pricePerDay: cars.pricePerDay }).from(cars);
    log(`cars: ${carRows.length} (${Math.min(CARS_THROUGH_API, carCount)} uploaded through the API)`);

    // Bookings: the first few upcoming ones through the API, the rest inserted in chunks.
    const plan = bookingPlan({ carCount: carRows.length, wanted: bookingCount, today, addDays, random });
    const apiCustomers = customerRows.filter((c) => tokens.has(c.email));
    const throughApi = new Set(
      plan
        .map((b, i) => [b, i])
        .filter(([b]) => b.pickupOffset >= 1)
        .filter((_, k) => k % 37 === 0)
        .slice(0, BOOKINGS_THROUGH_API)
        .map(([, i]) => i),
    );
    let apiMade = 0;
    for (const i of throughApi) {
      const b = plan[i];
      const customer = apiCustomers[apiMade % apiCustomers.length];
      await call(
        {
          method: 'POST',
          url: API.createBooking,
          headers: { authorization: tokens.get(customer.email) },
          payload: {
            car: carRows[b.car].id,
            pickupDate: b.pickupDate,
            returnDate: b.returnDate,
            paymentMethod: apiMade % 3 === 0 ? 'cash_deposit' : 'upfront',
          },
        },
        201,
      );
      apiMade++;
    }
    const nowMs = Date.now();
    // References drawn here, each once: 8,000 drawn by the database's default clash on the unique
    // index now and then (birthday odds, ~3% of seeds), and the seed has no retry.
    const REFERENCE_LETTERS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
    const drawn = new Set();
    const newReference = () => {
      for (;;) {
        const reference = `WR-${Array.from({ length: 6 }, () => REFERENCE_LETTERS[Math.floor(random() * 32)]).join('')}`;
        if (!drawn.has(reference)) return (drawn.add(reference), reference);
      }
    };
    const rows = plan
      .filter((_, i) => !throughApi.has(i))
      .map((b) => {
        const car = carRows[b.car];
        // Booked 1-30 days before pickup, and never in the future.
        const bookedAt = Math.min(nowMs - 60_000, Date.parse(`${b.pickupDate}T12:00:00-05:00`) - (1 + Math.floor(random() * 30)) * 86_400_000);
        return {
          carId: car.id,
          userId: customerRows[Math.floor(random() * customerRows.length)].id,
          pickupDate: b.pickupDate,
          returnDate: b.returnDate,
          price: bookingPrice(car.pricePerDay, b.pickupDate, b.returnDate),
          status: statusFor(b, random),
          paymentMethod: random() < 0.7 ? 'upfront' : 'cash_deposit',
          createdAt: new Date(bookedAt),
          reference: newReference(),
        };
      });
    for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
    log(`bookings: ${plan.length} (${apiMade} through the API), ${today} -${HALF_WINDOW_DAYS} .. +${HALF_WINDOW_DAYS} days`);

    const occupied = new Map(carRows.map((c) => [c.id, []]));
    for (const b of plan) occupied.get(carRows[b.car].id).push([b.pickupDate, b.returnDate]);
    return {
      today,
      seconds: (performance.now() - started) / 1000,
      owner: { email: OWNER_EMAIL, password: BENCH_PASSWORD },
      customers: customerRows.map((c) => c.email),
      password: BENCH_PASSWORD,
      cars: carRows.map((c) => ({ id: c.id, image: `/api/images/${c.imageId}`, occupied: occupied.get(c.id) })),
      bookingCount: plan.length,
    };
  } finally {
    await app?.close();
    await opened.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      cars: { type: 'string', default: '60' },
      customers: { type: 'string', default: '40' },
      bookings: { type: 'string', default: '2000' },
      'random-seed': { type: 'string', default: '1' },
    },
  });
  if (!values['data-dir'] && !values['database-url']) {
    console.error('Usage: node bench/seed.mjs --data-dir DIR | --database-url postgres://... [--cars 60 --customers 40 --bookings 2000]');
    process.exit(2);
  }
  const manifest = await seedDatabase({
    dataDir: values['data-dir'],
    databaseUrl: values['database-url'],
    cars: Number(values.cars),
    customers: Number(values.customers),
    bookings: Number(values.bookings),
    randomSeed: Number(values['random-seed']),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`Seeded in ${manifest.seconds.toFixed(1)} s. Every account's password: ${manifest.password} (owner: ${manifest.owner.email}).`);
}
