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
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { fleetShape, seedFleet } from './lib/load.mjs';
import { freshDatabase, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, lines: { type: 'string', default: '10000' }, keep: { type: 'string' } },
});
const RUNS = Number(values.runs);
const LINES = Number(values.lines);
const ACCOUNT = '354-1027-889';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** Bookings to pay, with their balance and renter, read before the server starts (PGlite has one user at a time). */
async function bookingsToPay(dataDir, count) {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist } });
  try {
    const { rows } = await db.query(
      `SELECT b.reference, u.name,
              (SELECT coalesce(sum(l.amount + l.gct), 0) FROM folio_lines l WHERE l.booking_id = b.id)
              - (SELECT coalesce(sum(CASE WHEN p.kind = 'payment' THEN p.amount ELSE -p.amount END), 0) FROM folio_payments p WHERE p.booking_id = b.id) AS balance
         FROM bookings b JOIN users u ON u.id = b.user_id
        WHERE b.status IN ('pending', 'confirmed', 'on_rent') AND b.payment_status = 'unpaid'
        ORDER BY md5(b.id::text) LIMIT $1`,
      [count],
    );
    return rows.map((r) => ({ ...r, balance: Number(r.balance) })).filter((r) => r.balance > 0);
  } finally {
    await db.close();
  }
}

/** A customer's way of writing a reference: "wr 7k2 m9x", "WR7K2M9X", "Wr-7K2M9X". */
function scribble(reference, n) {
  const code = reference.slice(3);
  return [`wr ${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`, `WR${code}`, `Wr-${code}`][n % 3];
}

function statementOf(toPay, lines) {
  const today = new Date();
  const dateOf = (n) => new Date(today.getTime() - (1 + (n % 28)) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const byRef = Math.round(lines * 0.4);
  const byName = Math.round(lines * 0.3);
  const nothing = Math.round(lines * 0.2);
  const trns = [];
  for (let i = 0; i < lines; i++) {
    const b = toPay[i % toPay.length];
    let amount;
    let name;
    if (i < byRef) [amount, name] = [i % 4 === 0 ? Math.max(1, b.balance - 1000) : b.balance, `CASH DEPOSIT ${scribble(b.reference, i)}`];
    else if (i < byRef + byName) [amount, name] = [b.balance, `TRANSFER FROM ${b.name.toUpperCase()}`];
    else if (i < byRef + byName + nothing) [amount, name] = [1000 + (i % 9000), `ATM DEPOSIT ${i}`];
    else [amount, name] = [-(100 + (i % 5000)), `POS PURCHASE ${i}`];
    trns.push(
      `<STMTTRN>\n<TRNTYPE>${amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${dateOf(i)}120000\n<TRNAMT>${amount}.00\n<FITID>BENCH${i}\n<NAME>${name}\n</STMTTRN>`,
    );
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>JMD\n<BANKTRANLIST>\n${trns.join('\n')}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

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
  const toPay = await bookingsToPay(database.target.dataDir, 4000);
  console.log(
    `  seed: ${manifest.bookingCount.toLocaleString('en-US')} bookings, ${toPay.length} owing to pay, ${Math.round((performance.now() - started) / 1000)} s`,
  );
  server = await startServer({ env: database.env, logLevel: 'warn' });
  const base = server.baseUrl;
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: manifest.owner.email, password: manifest.owner.password }),
  }).then((r) => r.json());
  if (!login.token) throw new Error(`Login failed: ${JSON.stringify(login)}`);
  const auth = { authorization: login.token };
  const bank = { bankName: 'NCB', accountHolderName: 'Bench Rentals Ltd', branch: 'Portmore', accountNumber: ACCOUNT, accountType: 'Chequing' };
  const saved = await fetch(`${base}/api/owner/bank-details`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(bank),
  });
  if (!saved.ok) throw new Error(`Bank details: ${saved.status} ${await saved.text()}`);

  const ofx = statementOf(toPay, LINES);
  console.log(`  statement: ${(ofx.length / 1024).toFixed(0)} KB`);
  const times = [];
  const matching = [];
  let statement;
  for (let run = 0; run < RUNS; run++) {
    const form = new FormData();
    form.append('bankAccount', ACCOUNT);
    form.append('file', new Blob([ofx], { type: 'application/x-ofx' }), 'bench.ofx');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/owner/statements`, { method: 'POST', headers: auth, body: form });
    const answer = await res.json();
    const ms = performance.now() - t0;
    const steps = res.headers.get('server-timing') ?? '';
    if (res.status !== 201) throw new Error(`Upload: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
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
