#!/usr/bin/env node
/**
 * Lighthouse 12 (mobile, its default simulated throttling) on the home page, /cars and one car's
 * page of the BUILT server running the demo data; each page N times (default 3), medians printed.
 * Not a test: figures move with the machine's load.
 *
 *   npm run build && node bench/lighthouse.mjs [--runs 3] [--verbose] [--save DIR]
 *
 * --verbose prints every run and the audits below 100; --save writes each run's report (JSON) to DIR.
 * The machine's load average is printed before and after (TBT, and with it the score, follows it).
 * HTML KB is the page's size on the wire, headers included: Lighthouse's simulated connection
 * delivers ~14 KB (10 TCP segments) in its first round trip, each further round trip 150 ms.
 *
 * Chromium: CHROME_PATH (default /usr/bin/chromium), flags --headless=new --no-sandbox --disable-gpu.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt, startServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    verbose: { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (values.save) mkdirSync(values.save, { recursive: true });
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run: scores 0-100 and the vitals, plus what failed (for --verbose). */
async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (values.save) writeFileSync(join(values.save, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    htmlBytes: lhr.audits['network-requests']?.details?.items?.find((r) => r.resourceType === 'Document')?.transferSize ?? Number.NaN,
    failed,
  };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): that run is made again. */
async function withRetries(run, tries = 3) {
  for (let i = 1; ; i += 1) {
    try {
      return await run();
    } catch (err) {
      if (i >= tries) throw err;
      console.warn(`  (run failed, again: ${err.message.slice(0, 120)})`);
    }
  }
}

ensureBuilt();
const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');
const loadBefore = load();
const dataDir = await mkdtemp(join(tmpdir(), 'rental-lighthouse-'));
const server = await startServer({ env: { DATA_DIR: dataDir, DEMO: '1' }, logLevel: 'warn' });
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const { cars } = await (await fetch(`${server.baseUrl}/api/user/cars`)).json();
  const car = cars.find((c) => c.isAvaliable) ?? cars[0];
  if (!car) throw new Error('The demo data has no car.');
  const pages = [
    ['/', '/'],
    ['/cars', '/cars'],
    ["a car's page", `/car-details/${car._id}`],
  ];
  const rows = [];
  for (const [label, path] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await withRetries(() => audit(`${server.baseUrl}${path}`, chrome.port));
      runs.push(run);
      if (values.verbose) {
        console.log(`${label} run ${i + 1}: perf ${run.performance} a11y ${run.accessibility} bp ${run.bestPractices} seo ${run.seo} FCP ${Math.round(run.fcp)} LCP ${Math.round(run.lcp)} CLS ${run.cls.toFixed(3)} TBT ${Math.round(run.tbt)} HTML ${run.htmlBytes} B`);
        console.log(`  LCP element: ${run.lcpElement}`);
        if (run.failed.length) console.log(`  below 100: ${run.failed.join(', ')}`);
      }
    }
    const m = (key) => median(runs.map((r) => r[key]));
    rows.push({ label, performance: m('performance'), accessibility: m('accessibility'), bestPractices: m('bestPractices'), seo: m('seo'), fcp: m('fcp'), lcp: m('lcp'), cls: m('cls'), tbt: m('tbt'), htmlBytes: m('htmlBytes'), lcpElement: runs.at(-1).lcpElement });
  }
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (simulated throttling), median of ${RUNS}`);
  console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | CLS | TBT ms | HTML KB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcp)} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${(r.htmlBytes / 1024).toFixed(1)} |`);
  }
  for (const r of rows) console.log(`LCP element on ${r.label}: ${r.lcpElement.slice(0, 160)}`);
} finally {
  chrome.kill();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
