#!/usr/bin/env node
/**
 * Upload memory benchmark: the built server (packages/server/dist/main.js) on a fresh PGlite
 * folder; the owner sends N pictures of about 20 megapixels at once to add-car, and the server's
 * resident memory before the burst and its peak during it (VmHWM, reset before each burst; Linux) are printed. Each picture
 * kind is measured on its own fresh server, so one burst's peak does not hide the next's.
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/upload-memory.mjs [--uploads 8] [--at-once 8] [--kinds png,jpeg] [--rounds 1]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { freshDatabase, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '8' },
    kinds: { type: 'string', default: 'png,jpeg' },
    rounds: { type: 'string', default: '1' },
    // Uploads in flight at a time (default: all at once); 1 shows what the same uploads cost one by one.
    'at-once': { type: 'string' },
  },
});
const UPLOADS = Number(values.uploads);
const ROUNDS = Number(values.rounds);
const AT_ONCE = Number(values['at-once'] ?? UPLOADS);
// 5472 x 3648: the 20 MP frame of many cameras and phones.
const WIDTH = 5472;
const HEIGHT = 3648;
const OWNER = { email: 'owner@bench.example.com', password: 'bench-password-2024' };

/**
 * A different picture for each seed: smooth gradients, with camera-like grain for JPEG (about 4 MB).
 * The PNG has no grain, so that it stays under the 10 MB upload limit: like a screenshot or a
 * drawing, small on the wire and 20 MP once decoded.
 */
async function picture(kind, seed) {
  const amount = kind === 'png' ? 0 : 1;
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = (seed * 2654435761) >>> 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state = (state * 1664525 + 1013904223) >>> 0;
      const grain = ((state >>> 28) - 8) * amount;
      const i = (y * WIDTH + x) * 3;
      raw[i] = Math.max(0, Math.min(255, ((x * 255) / WIDTH + seed * 30 + grain) & 255));
      raw[i + 1] = Math.max(0, Math.min(255, (y * 255) / HEIGHT + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + grain * 4));
    }
  }
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return kind === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

async function login(baseUrl) {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

async function addCar(baseUrl, token, bytes, kind, n) {
  const form = new FormData();
  form.append(
    'carData',
    JSON.stringify({
      brand: 'Toyota',
      model: `Bench ${n}`,
      year: 2022,
      pricePerDay: 9000,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Gas',
      seating_capacity: 5,
      location: 'Waterford, Portmore',
      description: 'A car added by the upload memory benchmark.',
    }),
  );
  form.append('image', new Blob([bytes], { type: `image/${kind}` }), `car.${kind === 'png' ? 'png' : 'jpg'}`);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/owner/add-car`, { method: 'POST', headers: { authorization: token }, body: form });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const mib = (n) => `${n.toFixed(0)} MiB`;

/**
 * Resets the kernel's peak-RSS mark (VmHWM) of the server, so the next peak is the burst's own and
 * not the start-up's (opening PGlite peaks higher than a quiet server sits). Linux: clear_refs "5".
 */
function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

console.log(
  `Upload memory: ${UPLOADS} uploads (${AT_ONCE} at a time) of ${WIDTH}x${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP) pictures, built server on PGlite`,
);
for (const kind of values.kinds.split(',')) {
  const files = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => picture(kind, i + 1)));
  const sizes = files.map((f) => f.length / 1024 / 1024);
  const database = await freshDatabase({});
  const server = await startServer({ env: { ...database.env, OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password }, logLevel: 'warn' });
  try {
    const token = await login(server.baseUrl);
    for (let round = 1; round <= ROUNDS; round++) {
      resetPeak(server.pid);
      const idle = server.memory();
      const started = performance.now();
      const results = [];
      let next = 0;
      const lane = async () => {
        while (next < files.length) {
          const i = next++;
          results.push(await addCar(server.baseUrl, token, files[i], kind, i));
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, lane));
      const wall = performance.now() - started;
      const after = server.memory();
      const statuses = [...new Set(results.map((r) => r.status))].join(',');
      const slowest = Math.max(...results.map((r) => r.ms));
      console.log(
        `${kind.padEnd(4)} round ${round}: files ${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} MB, statuses ${statuses}, ` +
          `wall ${(wall / 1000).toFixed(1)} s (slowest answer ${(slowest / 1000).toFixed(1)} s); ` +
          `RSS before ${mib(idle.rssMiB)}, peak ${mib(after.peakMiB)} (+${mib(after.peakMiB - idle.rssMiB)}), after ${mib(after.rssMiB)}`,
      );
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}
