#!/usr/bin/env node
/**
 * Keys out with photos: how long POST /api/bookings/:id/check-out takes over HTTP when staff send
 * 6 phone photos of 1600 px (JPEGs drawn with film grain so they weigh what camera photos weigh,
 * ~300-600 KB each), beside the same check-out with no photo, alternating in the same run (photos,
 * none, photos, none, ...), so the machine's load falls on both alike. Target: p95 <= 1.5 s with
 * photos on PGlite.
 * Every check-out needs its own booking: confirmed for today, an approved driver with a licence,
 * a car with a plate. They are written straight into the fresh database before the server starts.
 * Prints median, p95 and slowest in ms of each, the server's CPU per check-out (its PGlite thread
 * included), the time the server's re-encoding of one photo takes alone (in this process, the
 * server idle), the load average before and after. The agreement and receipt rendering alone are
 * timed by bench/counter-pdf.mjs.
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/counter-checkout.mjs [--pg] [--runs 30] [--warmup 3] [--photos 6] [--width 1600]
 *
 * The built server (packages/server/dist/main.js, or BENCH_SERVER_MAIN) when there is one, else
 * its TypeScript through tsx (as the tests run it); the first line says which.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { carPictureSvg } from './lib/carPicture.mjs';
import { DEFAULT_PG_URL, ROOT, SERVER_MAIN, freshDatabase } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    photos: { type: 'string', default: '6' },
    width: { type: 'string', default: '1600' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const photoCount = Number(values.photos);
const width = Number(values.width);
/** A phone's 4:3 photo. */
const height = Math.round((width * 3) / 4);
const CLOCK_TICKS = 100;
const JWT_SECRET = randomBytes(32).toString('hex');
const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');

const { register } = await import('tsx/esm/api');
register();
const serverSrc = join(ROOT, 'packages', 'server', 'src');
const serverModule = (path) => import(pathToFileURL(join(serverSrc, path)).href);
const [contract, { openDatabase }, schema, { signSessionToken }, { processImage }, { default: sharp }] = await Promise.all([
  import('@rental/contract'),
  serverModule('db/open.ts'),
  serverModule('db/schema.ts'),
  serverModule('features/auth/sessionTokens.ts'),
  serverModule('features/images/process.ts'),
  import('sharp'),
]);
const { addDays, companyToday, pathFor } = contract;

/** CPU time a process has used so far, ms (user + system, Linux /proc; PGlite's thread included). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Owner, approved drivers, cars with plates and a confirmed booking of today for each check-out. */
async function prepare(target, count) {
  const opened = await openDatabase(target);
  try {
    const { db } = opened;
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).webp().toBuffer();
    const [image] = await db.insert(schema.images).values({ content: picture, mimeType: 'image/webp', width: 8, height: 8 }).returning();
    // An owner exists, so the server makes none at start; its session is signed with JWT_SECRET.
    const [owner] = await db.insert(schema.users).values({ name: 'Andre Williams', email: 'owner@counter.bench', passwordHash: 'x', role: 'owner' }).returning();
    const customers = await db
      .insert(schema.users)
      .values(Array.from({ length: count }, (_, i) => ({ name: `Customer ${i + 1}`, email: `c${i}@counter.bench`, phone: '+1 876 555 0100', passwordHash: 'x', vettingStatus: 'approved' })))
      .returning({ id: schema.users.id });
    await db.insert(schema.driverDetails).values(
      customers.map(({ id }) => ({ userId: id, licenceNumber: 'JM-4402-1187', licenceCountry: 'Jamaica', licenceIssued: '2015-01-10', licenceExpires: '2031-01-10', dateOfBirth: '1990-05-05' })),
    );
    const cars = await db
      .insert(schema.cars)
      .values(
        Array.from({ length: count }, (_, i) => ({
          brand: 'Toyota',
          model: 'Yaris',
          year: 2022,
          pricePerDay: 6000,
          category: 'Economy',
          transmission: 'Automatic',
          fuelType: 'Gas',
          seatingCapacity: 5,
          location: 'Waterford, Portmore',
          description: 'Bench car',
          imageId: image.id,
          plate: `${1000 + i} KJ`,
          odometerKm: 48_000,
        })),
      )
      .returning({ id: schema.cars.id });
    const today = companyToday();
    const rows = await db
      .insert(schema.bookings)
      .values(cars.map((car, i) => ({ carId: car.id, userId: customers[i].id, pickupDate: today, returnDate: addDays(today, 5), price: 30_000, status: 'confirmed', paymentMethod: 'upfront' })))
      .returning({ id: schema.bookings.id });
    return { bookingIds: rows.map((r) => r.id), token: await signSessionToken(new TextEncoder().encode(JWT_SECRET), owner.id) };
  } finally {
    await opened.close();
  }
}

/** The server as a process on a free port (PORT=0; the log line says where), answering /health. */
async function startServer(env) {
  const built = existsSync(SERVER_MAIN);
  const args = built ? [SERVER_MAIN] : ['--import', 'tsx', join(serverSrc, 'main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: built ? ROOT : join(ROOT, 'packages', 'server'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, JWT_SECRET, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: values['log-level'], NODE_ENV: 'production' },
  });
  let output = '';
  const collect = (d) => {
    // Keep only the start of the log: the address is in it, and a run's request lines are not needed.
    if (output.length < 100_000) output += d;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /running at (http:\/\/[^"\s]+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 20);
    void exited.then(({ code, signal }) => {
      clearInterval(timer);
      reject(new Error(`The server stopped at start (${code ?? signal}):\n${output}`));
    });
  });
  return {
    baseUrl,
    pid: child.pid,
    how: built ? SERVER_MAIN : 'packages/server/src/main.ts through tsx (no build found)',
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The check-out form as the counter's phone sends it: readings, the signature, one damage per photo. */
function checkOutForm(signature, photos) {
  const zones = ['front', 'back', 'left', 'right', 'roof', 'interior'];
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      licenceNumber: 'JM-4402-1187',
      odometerKm: 48_213,
      fuelEighths: 6,
      existingDamagesConfirmed: true,
      damages: photos.map((_, i) => ({ zone: zones[i % zones.length], description: `Scratch number ${i + 1}, about 10 cm`, photo: i })),
      items: ['Spare tyre', 'Jack'],
      deposit: { amount: 15_000, method: 'card', reference: 'AUTH 889231' },
      signature,
    }),
  );
  for (const [i, bytes] of photos.entries()) form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), `damage-${i + 1}.jpg`);
  return form;
}

/**
 * A phone camera's JPEG: the benchmark fleet's drawing (gradients) under grain as strong as a
 * phone's sensor noise in shade, at a phone's quality, so it weighs what a real photo does.
 */
async function phonePhoto(spec) {
  const drawing = await sharp(Buffer.from(carPictureSvg({ ...spec, width, height }))).png().toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 22 } } }).png().toBuffer();
  return sharp(drawing).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 88 }).toBuffer();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

console.log(
  `Check-out: ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${runs} check-outs with ${photoCount} photos of ${width} x ${height} and ${runs} with none, alternating, after ${warmup} of each; Node ${process.version}, ${cpus().length} CPUs`,
);
console.log(`  load average before: ${load()}`);

// Photos of different cars and scenes, so no two uploads are the same bytes.
const photos = await Promise.all(
  Array.from({ length: photoCount }, (_, i) =>
    phonePhoto({ category: ['Sedan', 'SUV', 'Hatchback', 'Van', 'Pickup', 'Minivan'][i % 6], colour: ['#c0392b', '#1f3a5f', '#eef0f2', '#2d2d2d', '#9aa3ad', '#2e7d32'][i % 6], scene: i }),
  ),
);
const kb = photos.map((p) => Math.round(p.length / 1024));
console.log(`  photos: ${kb.join(', ')} KB (${Math.round(kb.reduce((a, b) => a + b, 0))} KB in all)`);
// A signature as the counter's pad sends it: a stroke on white, 600 x 200.
const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/><path d="M20 160 C 120 20, 200 180, 300 80 S 500 140, 580 40" stroke="#123" stroke-width="6" fill="none"/></svg>';
const signature = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;

const database = await freshDatabase({ postgresUrl: values.pg ? values['pg-url'] : undefined });
let server;
try {
  const rounds = warmup + runs;
  const { bookingIds, token } = await prepare(database.target, rounds * 2);
  console.log(`  ${bookingIds.length} confirmed bookings of today prepared`);
  server = await startServer(database.env);
  console.log(`  server: ${server.how}`);

  const checkOut = async (bookingId, form) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${pathFor('checkOut', { id: bookingId })}`, { method: 'POST', headers: { authorization: token }, body: form });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`check-out answered ${res.status}: ${text}`);
    return ms;
  };
  const kinds = [
    { name: `${photoCount} photos`, photos, times: [], cpu: 0 },
    { name: 'no photo', photos: [], times: [], cpu: 0 },
  ];
  let next = 0;
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      // The body is made before the clock starts; sending it is part of the time, as from a phone.
      const form = checkOutForm(signature, kind.photos);
      const cpuBefore = cpuMs(server.pid);
      const ms = await checkOut(bookingIds[next++], form);
      if (round < warmup) continue;
      kind.cpu += cpuMs(server.pid) - cpuBefore;
      kind.times.push(ms);
    }
  }

  console.log('');
  console.log('| check-out | median ms | p95 ms | max ms | server CPU ms per check-out |');
  console.log('|---|---|---|---|---|');
  for (const kind of kinds) {
    const sorted = [...kind.times].sort((a, b) => a - b);
    console.log(`| ${kind.name} | ${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 95).toFixed(0)} | ${sorted.at(-1).toFixed(0)} | ${(kind.cpu / runs).toFixed(0)} |`);
  }
  // Where the photos' time goes: the server's own re-encoding (WebP, metadata dropped), here in
  // this process with the server idle, one photo after another as the check-out does them.
  if (photoCount > 0) {
    const perPhoto = [];
    let stored = 0;
    for (let round = 0; round < 3; round++) {
      for (const photo of photos) {
        const started = performance.now();
        stored = (await processImage(photo, 'counter')).content.length;
        perPhoto.push(performance.now() - started);
      }
    }
    perPhoto.sort((a, b) => a - b);
    console.log('');
    console.log(
      `Re-encoding one photo alone (processImage, ${perPhoto.length} times): median ${percentile(perPhoto, 50).toFixed(0)} ms, max ${perPhoto.at(-1).toFixed(0)} ms; ${photoCount} photos one after another ~${(percentile(perPhoto, 50) * photoCount).toFixed(0)} ms; stored WebP ~${Math.round(stored / 1024)} KB each`,
    );
  }
  const withPhotos = [...kinds[0].times].sort((a, b) => a - b);
  console.log('');
  console.log(`Check-out with ${photoCount} photos, p95: ${percentile(withPhotos, 95).toFixed(0)} ms (target <= 1500 ms). Load average after: ${load()}`);
} finally {
  await server?.stop();
  await database.drop();
}
