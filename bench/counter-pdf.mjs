#!/usr/bin/env node
/**
 * The counter's papers: how long the rental agreement and the receipt take to render, in this
 * process (the server's TypeScript through tsx, as bench/seed.mjs loads it). Staff wait for the
 * agreement while the customer stands at the desk, so each should stay well under 300 ms.
 * Renders a typical agreement (two damages), one signed on a tablet (1800 x 600 signatures), a
 * long one (20 damages, 3 other drivers), the seal (the signing certificate page, decision 122)
 * alone and with its agreement, and a receipt, each --runs times after --warmup, and
 * prints the median, p95 and slowest in ms, the event loop's busy ms per render (thread), the size, and the load average (other work on the
 * machine shows in p95).
 * Not a test: it asserts nothing and is not part of CI.
 *
 *   node bench/counter-pdf.mjs [--runs 200] [--warmup 20]
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);

const { register } = await import('tsx/esm/api');
register();
const serverSrc = resolve(import.meta.dirname, '../packages/server/src');
const load = (path) => import(pathToFileURL(join(serverSrc, path)).href);
const [{ DEFAULT_COMPANY }, { renderAgreement }, { renderReceipt }, { sealAgreement }, { default: sharp }] = await Promise.all([
  import('@rental/contract'),
  load('features/counter/agreementPdf.ts'),
  load('features/counter/receiptPdf.ts'),
  load('features/agreements/seal.ts'),
  import('sharp'),
]);

// A signature as the counter's pad sends it: a stroke on white, 600 x 200.
const stroke =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/><path d="M20 160 C 120 20, 200 180, 300 80 S 500 140, 580 40" stroke="#123" stroke-width="6" fill="none"/></svg>';
const signature = new Uint8Array(await sharp(Buffer.from(stroke)).png().toBuffer());
// A tablet's pad at three device pixels per CSS pixel: 1800 x 600.
const tabletSignature = new Uint8Array(await sharp(Buffer.from(stroke), { density: 216 }).png().toBuffer());

const company = { ...DEFAULT_COMPANY, trn: '123-456-789' };
const at = '2026-11-25T15:40:00.000Z';
const line = (id, kind, label, amount) => ({
  id,
  kind,
  label,
  amount,
  gct: Math.round(amount * 0.15),
  createdAt: at,
  by: null,
  voidsLineId: null,
  reason: null,
  voided: false,
});
// The folio as the keys go out: the quote's lines, the payment taken with the keys.
const folio = {
  currency: 'JMD',
  lines: [
    line('1', 'rental', 'Toyota Yaris, 3 days at 6,000', 18_000),
    line('2', 'rental', 'Toyota Yaris, Christmas, 2 days at 7,500', 15_000),
    line('3', 'extra', 'Child seat', 2_500),
  ],
  payments: [{ id: '1', kind: 'payment', method: 'cash', amount: 40_825, reference: 'Till 2', note: '', createdAt: at, by: 'Andre Williams' }],
  totals: { charged: 40_825, gct: 5_325, paid: 40_825, refunded: 0, balance: 0 },
};
const licence = (number) => ({ number, country: 'Jamaica', expires: '2030-04-01' });
const agreement = {
  company,
  contactsSaved: true,
  reference: 'WR-7K3M9Q',
  customer: {
    name: 'Marcia Campbell',
    email: 'marcia.campbell@example.com',
    phone: '+1 876 555 0199',
    address: '12 Palm Drive, Waterford, Portmore, St. Catherine',
    dateOfBirth: '1988-03-14',
    licence: licence('JM-4402-1187'),
  },
  drivers: [{ name: 'Delroy Campbell', dateOfBirth: '1985-07-02', licence: licence('JM-3310-0042') }],
  car: { brand: 'Toyota', model: 'Yaris', year: 2022, plate: '5678 KJ', category: 'Economy', location: 'Waterford, Portmore', distancePerDay: 250 },
  pickupDate: '2026-11-25',
  returnDate: '2026-11-30',
  checkedOutAt: new Date('2026-11-25T15:42:00Z'),
  dueBackAt: new Date('2026-11-30T23:00:00Z'),
  folio,
  payAtReturn: null,
  deposit: { amount: 15_000, method: 'card', reference: 'AUTH 889231' },
  odometerKm: 48_213,
  fuelEighths: 6,
  damages: [
    { zone: 'front', description: 'Scratch on the bumper, 10 cm', isNew: false },
    { zone: 'left', description: 'Dent in the rear door', isNew: true },
  ],
  items: ['Spare tyre and jack', 'Child seat'],
  signature,
  staffSignature: signature,
  staffName: 'Andre Williams',
};
const zones = ['front', 'back', 'left', 'right', 'roof', 'interior'];
const longAgreement = {
  ...agreement,
  drivers: [
    agreement.drivers[0],
    { name: 'Kemar Brown', dateOfBirth: '1992-01-20', licence: licence('JM-9981-2200') },
    { name: 'Zoë O’Brien–Smith', dateOfBirth: '1979-11-30', licence: { number: 'GB-ZOE-77', country: 'United Kingdom', expires: '2029-06-30' } },
  ],
  damages: Array.from({ length: 20 }, (_, i) => ({
    zone: zones[i % zones.length],
    description: `Mark number ${i + 1}, about ${i + 2} cm long, seen in daylight`,
    isNew: i % 2 === 0,
  })),
};
// The folio after the return: a late day and fuel charged, paid from the deposit.
const returned = {
  ...folio,
  lines: [...folio.lines, line('4', 'late', 'Late return: 1 extra day at 6,600 a day', 6_600), line('5', 'fuel', 'Fuel: 2 eighths of a tank missing', 3_000)],
  payments: [
    ...folio.payments,
    { id: '2', kind: 'payment', method: 'card', amount: 11_040, reference: 'Kept from the security deposit', note: '', createdAt: at, by: null },
  ],
  totals: { charged: 51_865, gct: 6_765, paid: 51_865, refunded: 0, balance: 0 },
};
const receipt = {
  company,
  receiptNumber: 'R-2026-000123',
  issuedAt: new Date('2026-12-01T14:05:00Z'),
  reference: 'WR-7K3M9Q',
  customer: { name: 'Marcia Campbell', email: 'marcia.campbell@example.com' },
  car: { brand: 'Toyota', model: 'Yaris', year: 2022, plate: '5678 KJ' },
  pickupDate: '2026-11-25',
  returnDate: '2026-11-30',
  checkedOutAt: new Date('2026-11-25T15:42:00Z'),
  returnedAt: new Date('2026-12-01T14:00:00Z'),
  folio: returned,
  deposit: { amount: 15_000, method: 'card' },
  depositRefunded: 3_960,
  depositKept: 11_040,
  depositHeld: 0,
  toBeAssessed: false,
  odometerOut: 48_213,
  odometerIn: 49_020,
  fuelOut: 6,
  fuelIn: 4,
  damages: [],
  itemsMissing: [],
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(name, render) {
  let bytes = 0;
  for (let i = 0; i < warmup; i += 1) await render();
  const times = [];
  // The event loop's busy time: what a render costs the thread that serves requests (work sharp
  // and zlib do on libuv's pool is not in it), less sensitive to other load than the wall clock.
  const before = performance.eventLoopUtilization();
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    bytes = (await render()).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const busy = performance.eventLoopUtilization(before).active / runs;
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} median ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   max ${times.at(-1).toFixed(1).padStart(6)} ms   thread ${busy.toFixed(1).padStart(5)} ms   ${(bytes / 1024).toFixed(1)} KB`,
  );
}

console.log(`Node ${process.version}, ${cpus().length} CPUs, ${runs} runs after ${warmup} warm-up runs each`);
await measure('agreement', () => renderAgreement(agreement));
await measure('agreement, tablet signatures', () => renderAgreement({ ...agreement, signature: tabletSignature, staffSignature: tabletSignature }));
await measure('agreement, 20 damages', () => renderAgreement(longAgreement));
// The seal (decision 122): the signing certificate after the agreement's pages, as the check-out adds it.
const pages = await renderAgreement(agreement);
const signing = {
  kind: 'counter',
  reference: agreement.reference,
  signedAt: agreement.checkedOutAt,
  ip: '192.0.2.10',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X210) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  trail: [{ at: agreement.checkedOutAt, what: 'Signed at the counter by the renter, and by Andre Williams for Waterford Car Rental' }],
  verifyUrl: 'https://waterfordcarrental.example.com/verify-agreement',
};
await measure('seal alone', async () => (await sealAgreement(pages, signing)).pdf);
await measure('agreement and its seal', async () => (await sealAgreement(await renderAgreement(agreement), signing)).pdf);
await measure('receipt', () => renderReceipt(receipt));
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
