/** What the load benchmarks share: autocannon run quietly, requests in turn, the fleet's sizes. */
import { request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { topUpHistory } from './history.mjs';
import { seedDatabase } from '../seed.mjs';

/** One autocannon run, nothing printed; resolves with its result. */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false, outputStream: { write() {} } });
  });
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** One request on a kept-alive connection (`agent`), the body read to its end as sent (compressed): ms, bytes, encoding. */
export function timed(agent, base, { method = 'GET', path, headers, body }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(base + path, { method, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${method} ${path}: ${res.statusCode}`));
        resolve({ ms: performance.now() - started, bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** autocannon's setupRequest sending each of `list` in turn. */
export function rotating(list) {
  let i = 0;
  return (req) => ({ ...req, ...list[i++ % list.length] });
}

/**
 * The fleet the read benchmarks seed: 100 cars x 2,000 bookings, or (`big`) 1,000 cars x 100,000:
 * the seed's year around today with 8,000 bookings, then older history up to 100,000
 * (history.mjs numbers those references; random ones would clash at that count).
 */
export function fleetShape(big) {
  const seed = big ? { cars: 1000, customers: 200, bookings: 8000 } : { cars: 100, customers: 40, bookings: 2000 };
  return { seed, totalBookings: big ? 100_000 : seed.bookings };
}

/** Seeds `target` to that shape; the seed's manifest with `bookingCount` counting the history too. */
export async function seedFleet(target, big, log) {
  const { seed, totalBookings } = fleetShape(big);
  const manifest = await seedDatabase({ ...target, ...seed, log });
  let bookingCount = manifest.bookingCount;
  if (bookingCount < totalBookings) bookingCount += await topUpHistory(target, totalBookings - bookingCount);
  return { ...manifest, bookingCount };
}
