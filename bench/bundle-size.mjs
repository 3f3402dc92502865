#!/usr/bin/env node
/**
 * Gzip size of the JavaScript a customer downloads for the public pages: the entry chunk of
 * packages/web/dist/index.html and every chunk it imports statically (dynamic imports, such as
 * the owner area, are loaded only when needed). Builds nothing: run `npm run build -w @rental/web` first.
 * Exits 1 when the JS of any public page, opened first, is over the budget (120 KB gzip).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const BUDGET_BYTES = 120 * 1024;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`No build at ${dist}. Run: npm run build -w @rental/web`);
  process.exit(2);
}

await init;
const html = readFileSync(indexHtml, 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g)].map((m) => m[1]);

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const toFile = (from, specifier) => (specifier.startsWith('/') ? join(dist, specifier) : resolve(dirname(from), specifier));

/** Every chunk reachable from the entries through static imports only. */
function staticClosure(files) {
  const seen = new Set();
  const dynamic = new Set();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const [imports] = parse(readFileSync(file, 'utf8'));
    for (const imp of imports) {
      if (!imp.n?.endsWith('.js')) continue;
      const target = toFile(file, imp.n);
      // d > -1 marks import(); -1 a static import.
      if (imp.d > -1) dynamic.add(target);
      else stack.push(target);
    }
  }
  return { seen, dynamic };
}

const publicChunks = staticClosure(entries.map((e) => toFile(indexHtml, e)));
const publicBytes = [...publicChunks.seen].reduce((sum, f) => sum + gzipSize(f), 0);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('Public pages (entry + static imports):');
for (const f of publicChunks.seen) console.log(`  ${f.slice(dist.length + 1).padEnd(44)} ${kb(gzipSize(f))} gzip`);
console.log(`  total ${kb(publicBytes)} gzip (budget ${kb(BUDGET_BYTES)})`);

// Each public page other than the home page is its own lazy chunk: a visit to a page downloads the
// entry plus that page's chunks. The budget holds for the heaviest page.
// The staff area's routes (OwnerRoutes until the team's roles renamed it StaffRoutes), and the small chunk
// the entry imports them through (staffArea.ts, so that the list of their chunks is not in the entry).
const isOwnerChunk = (f) => /[\\/]owner[-.][^\\/]*\.js$/.test(f) || /(Owner|Staff)Routes|staffArea/.test(f);
let heaviest = { name: 'the home page', bytes: publicBytes };
/** Every page opened first whose JS is over the budget, not only the heaviest. */
const overBudget = publicBytes > BUDGET_BYTES ? [heaviest] : [];
const afterPaint = [];
console.log('Each page opened first (entry + its own chunks):');
for (const pageEntry of [...publicChunks.dynamic].filter((f) => !isOwnerChunk(f))) {
  const page = staticClosure([pageEntry]);
  const own = [...page.seen].filter((f) => !publicChunks.seen.has(f));
  const bytes = publicBytes + own.reduce((sum, f) => sum + gzipSize(f), 0);
  const name = pageEntry.slice(dist.length + 1).replace(/-[\w-]{8}\.js$/, '');
  console.log(`  ${name.padEnd(44)} ${kb(bytes)} gzip${bytes > BUDGET_BYTES ? `  OVER by ${kb(bytes - BUDGET_BYTES)}` : ''}`);
  if (bytes > heaviest.bytes) heaviest = { name, bytes };
  if (bytes > BUDGET_BYTES) overBudget.push({ name, bytes });
  // Code a page fetches itself once it has painted (e.g. the car page's calendar, decision 040).
  const ownDynamic = own.flatMap((f) =>
    parse(readFileSync(f, 'utf8'))[0]
      .filter((i) => i.d > -1 && i.n?.endsWith('.js'))
      .map((i) => toFile(f, i.n)),
  );
  for (const later of new Set(ownDynamic)) {
    if (publicChunks.seen.has(later) || publicChunks.dynamic.has(later) || page.seen.has(later)) continue;
    const extra = [...staticClosure([later]).seen].filter((f) => !publicChunks.seen.has(f) && !page.seen.has(f));
    afterPaint.push({ name: `${name} + ${later.slice(dist.length + 1).replace(/-[\w-]{8}\.js$/, '')}`, bytes: extra.reduce((sum, f) => sum + gzipSize(f), 0) });
  }
}
console.log(`  heaviest: ${heaviest.name}, ${kb(heaviest.bytes)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (afterPaint.length > 0) {
  console.log('Fetched by a page after it has painted (not in the budget):');
  for (const { name, bytes } of afterPaint) console.log(`  ${name.padEnd(44)} +${kb(bytes)} gzip`);
}

const ownerEntries = [...publicChunks.dynamic].filter(isOwnerChunk);
if (ownerEntries.length > 0) {
  const ownerStarts = ownerEntries.flatMap((f) => [f, ...[...staticClosure([f]).dynamic].filter(isOwnerChunk)]);
  const owner = staticClosure(ownerStarts);
  const onlyOwner = [...owner.seen].filter((f) => !publicChunks.seen.has(f));
  const ownerBytes = onlyOwner.reduce((sum, f) => sum + gzipSize(f), 0);
  console.log('Owner area (loaded on /owner only):');
  for (const f of onlyOwner) console.log(`  ${f.slice(dist.length + 1).padEnd(44)} ${kb(gzipSize(f))} gzip`);
  console.log(`  total ${kb(ownerBytes)} gzip`);
} else {
  console.log('Owner area: no lazily loaded owner chunk found.');
}

if (overBudget.length > 0) {
  console.error(`Public JS over budget (${kb(BUDGET_BYTES)}) on ${overBudget.length} page(s) opened first:`);
  for (const { name, bytes } of overBudget) console.error(`  ${name.padEnd(44)} ${kb(bytes)} gzip, over by ${kb(bytes - BUDGET_BYTES)}`);
  process.exit(1);
}
