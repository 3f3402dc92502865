#!/usr/bin/env node
/**
 * A bank statement matched at scale: POST /api/owner/statements on the BUILT server with a fresh
 * PGlite database of 1,000 cars x 100,000 bookings (lib/load.mjs fleetShape(true)), uploading an
 * OFX of 10,000 lines: 4,000 credits naming a booking's reference as customers write it (any case,
 * spaces, dashes), 3,000 naming the renter with the booking's balance and no reference, 2,000
 * credits that match nothing and 1,000 debits. Timed as the owner, --runs uploads one after another
 * (each a new statement: the matching, the lines stored, the answer read back); then the certain
 * lines of the last applied in one call. The target is <= 2 s for an upload.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build -w @rental/server && node bench/statement-match.mjs [--runs 3] [--lines 10000]
 */
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fleetShape, seedFleet } from './lib/load.mjs';
import { freshDatabase, ownerToken, startServer } from './lib/server.mjs';
import { bookingsToPay, saveBenchAccount, statementOf, uploadStatement } from './lib/statement.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, lines: { type: 'string', default: '10000' }, keep: { type: 'string' } },
});
const RUNS = Number(values.runs);
const LINES = Number(values.lines);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const { seed: shape, totalBookings } = fleetShape(true);
console.log(
  `Statement match: PGlite, ${shape.cars} cars x ${totalBookings.toLocaleString('en-US')} bookings, ${LINES.toLocaleString('en-US')} lines; load average ${load()}`,
);
const started = performance.now();
// --keep DIR: the seeded database is kept in DIR (a copy is taken for each run), so a second run skips the seeding.
const kept = values.keep ? join(values.keep, 'seeded') : null;
const database = await freshDatabase({});
let server;
try {
  let manifest;
  if (kept && existsSync(join(values.keep, 'manifest.json'))) {
    await cp(kept, database.target.dataDir, { recursive: true });
    manifest = JSON.parse(await readFile(join(values.keep, 'manifest.json'), 'utf8'));
  } else {
    manifest = await seedFleet(database.target, true, (line) => console.log(`  seed: ${line}`));
    if (kept) {
      await cp(database.target.dataDir, kept, { recursive: true });
      await writeFile(join(values.keep, 'manifest.json'), JSON.stringify(manifest));
    }
  }
  const toPay = await bookingsToPay(database.target, 4000);
  console.log(
    `  seed: ${manifest.bookingCount.toLocaleString('en-US')} bookings, ${toPay.length} owing to pay, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const ownerSession = await ownerToken(base, manifest);
  const auth = { authorization: ownerSession };
  await saveBenchAccount(base, ownerSession);
  const ofx = statementOf(toPay, LINES);
  console.log(`  statement: ${(ofx.length / 1024).toFixed(0)} KB`);
  const times = [];
  const matching = [];
  let statement;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const { answer, serverTiming: steps } = await uploadStatement(base, ownerSession, ofx);
    const ms = performance.now() - t0;
    statement = answer.statement;
    times.push(ms);
    matching.push(Number(/match;dur=([\d.]+)/.exec(steps)?.[1] ?? NaN));
    const count = (c) => statement.lines.filter((l) => l.match?.confidence === c).length;
    console.log(
      `  upload ${run + 1}: ${Math.round(ms)} ms [${steps}] (${statement.lines.length} lines: ${count('certain')} certain, ${count('likely')} likely, ${statement.lines.filter((l) => l.state === 'ignored').length} debits)`,
    );
  }
  const certain = statement.lines.filter((l) => l.match?.confidence === 'certain' && l.state === 'open').map((l) => l.id);
  const t0 = performance.now();
  const applied = await fetch(`${base}/api/owner/statements/${statement.id}/apply`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ lineIds: certain }),
  });
  const appliedAnswer = await applied.json();
  console.log(`  apply all certain: ${Math.round(performance.now() - t0)} ms (${applied.status}, ${appliedAnswer.applied} payments recorded)`);
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `Matching ${LINES.toLocaleString('en-US')} lines, median of ${RUNS}: ${Math.round(median(matching))} ms (target <= 2000 ms); the whole upload (read, match, store, answer): ${Math.round(median(times))} ms; load average ${load()}`,
  );
} finally {
  await server?.stop?.();
  await database.drop();
}
