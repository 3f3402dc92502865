#!/usr/bin/env node
/**
 * The fleet's due list at scale: GET /api/owner/maintenance/due on the BUILT server with a fresh
 * PGlite database of 1,000 cars (bench/seed.mjs) given maintenance plans (a plan for each make and
 * model of 4 items, and 100 cars with a plan of their own of 5) and 20,000 services (20 a car, 1 to
 * 3 items each, every 45 days or so), the cars' odometers between 20,000 and 98,000 km, each at its own point of its oil's 5,000 km. Timed as the
 * owner, --runs calls one after another after 20 to warm up; p50 and p95 beside the target
 * (<= 50 ms p95), and a peer in the same run: one car's plan (the same statement for one car) and
 * /health (the server's floor). Not a test: it asserts nothing; figures move with the machine's load.
 *
 *   npm run build -w @rental/server && node bench/maintenance-due.mjs [--runs 200]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { seedDatabase } from './seed.mjs';
import { freshDatabase, ownerToken, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' }, cars: { type: 'string', default: '1000' } } });
const RUNS = Number(values.runs);
const CARS = Number(values.cars);
const SERVICES_PER_CAR = 20;
const TARGET_MS = 50;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Plans, odometers and services written straight to the database (PGlite has one user at a time: before the server starts). */
async function addMaintenance(dataDir) {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    await db.exec(`
      INSERT INTO maintenance_plans (brand_key, model_key) SELECT DISTINCT lower(trim(brand)), lower(trim(model)) FROM cars;
      INSERT INTO maintenance_plan_items (plan_id, position, name, item_key, every_km, every_months)
        SELECT p.id, d.pos, d.name, lower(d.name), d.km, d.months FROM maintenance_plans p
         CROSS JOIN (VALUES (0, 'Oil and filter', 5000, 6), (1, 'Tyre rotation', 10000, NULL), (2, 'Brakes', 20000, 12), (3, 'Timing belt', 100000, NULL))
               AS d(pos, name, km, months);
      INSERT INTO maintenance_plans (car_id) SELECT id FROM cars ORDER BY md5(id::text) LIMIT 100;
      INSERT INTO maintenance_plan_items (plan_id, position, name, item_key, every_km, every_months)
        SELECT p.id, d.pos, d.name, lower(d.name), d.km, d.months FROM maintenance_plans p
         CROSS JOIN (VALUES (0, 'Oil and filter', 5000, 6), (1, 'Tyre rotation', 10000, NULL), (2, 'Brakes', 20000, 12),
                            (3, 'Timing belt', 100000, NULL), (4, 'Air filter', 15000, 12)) AS d(pos, name, km, months)
         WHERE p.car_id IS NOT NULL;
      -- Each car at its own point of its oil interval (phase): about one in five within 500 km of its next oil.
      UPDATE cars SET odometer_km = 20000 + abs(hashtext(id::text)) % 78000;
      INSERT INTO car_services (car_id, service_date, odometer_km, cost, garage, note, created_by)
        SELECT c.id, current_date - (n - 1) * 45 - abs(hashtext(c.id::text)) % 40,
               greatest(0, c.odometer_km - abs(hashtext(c.id::text || 'phase')) % 5400 - (n - 1) * 5000),
               -- Whole JMD, as the folio counts: JMD 5,000 to 25,000 a service.
               5000 + abs(hashtext(c.id::text || n)) % 20000, 'Portmore Auto', n::text,
               (SELECT id FROM users WHERE role = 'owner' ORDER BY created_at LIMIT 1)
          FROM cars c CROSS JOIN generate_series(1, ${SERVICES_PER_CAR}) AS n;
      INSERT INTO car_service_items (service_id, item_key, name)
        SELECT s.id, lower(i.name), i.name
          FROM car_services s
          JOIN (VALUES ('Oil and filter', 1), ('Tyre rotation', 2), ('Brakes', 4), ('Air filter', 3)) AS i(name, every)
            ON (s.note::int - 1) % i.every = 0;
      -- What logging each service keeps (features/maintenance/services.ts).
      INSERT INTO car_item_last_service (car_id, item_key, last_on, last_km)
        SELECT s.car_id, i.item_key, max(s.service_date), max(s.odometer_km)
          FROM car_services s JOIN car_service_items i ON i.service_id = s.id GROUP BY 1, 2;
      ANALYZE;`);
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM cars)::int AS cars, (SELECT count(*) FROM car_services)::int AS services, (SELECT count(*) FROM car_service_items)::int AS items, (SELECT count(*) FROM car_item_last_service)::int AS lasts`,
    );
    const [car] = (await db.query('SELECT id FROM cars ORDER BY md5(id::text) LIMIT 1')).rows;
    return { ...rows[0], carId: car.id };
  } finally {
    await db.close();
  }
}

const percentile = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)];

async function timed(url, headers) {
  const times = [];
  let last;
  for (let i = 0; i < 20 + RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    last = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(last).slice(0, 300)}`);
    if (i >= 20) times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), last };
}

console.log(`Maintenance due list: PGlite, ${CARS} cars x ${(CARS * SERVICES_PER_CAR).toLocaleString('en-US')} services; load average ${load()}`);
const database = await freshDatabase({});
let server;
try {
  const manifest = await seedDatabase({ ...database.target, cars: CARS, customers: 20, bookings: 500, log: (line) => console.log(`  seed: ${line}`) });
  const shape = await addMaintenance(database.target.dataDir);
  console.log(`  seed: ${shape.cars} cars, ${shape.services.toLocaleString('en-US')} services doing ${shape.items.toLocaleString('en-US')} items`);
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const ownerSession = await ownerToken(base, manifest);
  const auth = { authorization: ownerSession };

  const due = await timed(`${base}/api/owner/maintenance/due`, auth);
  const items = due.last.cars.flatMap((car) => car.items);
  console.log(
    `  due list: ${due.last.cars.length} cars listed, ${items.filter((i) => i.state === 'overdue').length} items overdue, ${items.filter((i) => i.state === 'due_soon').length} due soon`,
  );
  const plan = await timed(`${base}/api/owner/cars/${shape.carId}/maintenance-plan`, auth);
  const health = await timed(`${base}/health`, {});
  const ms = (n) => `${n.toFixed(1)} ms`;
  console.log(`  one car's plan (peer): p50 ${ms(plan.p50)}, p95 ${ms(plan.p95)}; /health (floor): p50 ${ms(health.p50)}, p95 ${ms(health.p95)}`);
  console.log(
    `Due list over ${RUNS} calls: p50 ${ms(due.p50)}, p95 ${ms(due.p95)} (target <= ${TARGET_MS} ms p95: ${due.p95 <= TARGET_MS ? 'met' : 'NOT met'}); load average ${load()}`,
  );
} finally {
  await server?.stop?.();
  await database.drop();
}
