#!/usr/bin/env node
/**
 * Page-speed benchmark: the public pages opened cold (fresh browser context, empty cache) in
 * Debian's Chromium on an emulated phone: 390x844, CPU slowed 4x and DevTools' "Fast 3G" network
 * (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up). Per page: TTFB, FCP, LCP, CLS, compressed
 * JS bytes, all bytes and request count; each page 3 times, medians printed. Not a test.
 *
 *   node bench/page-speed.mjs [--pg] [--runs 3] [--no-throttle]
 *
 * The built server is started on a fresh seeded database (bench/seed.mjs). Chromium reaches only
 * loopback: every other host name resolves to nothing (the about page's map iframe fails fast).
 */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEFAULT_PG_URL, seededServer } from './lib/server.mjs';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: DEFAULT_PG_URL },
    runs: { type: 'string', default: '3' },
    'no-throttle': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const THROTTLE = !values['no-throttle'];

/** Chrome DevTools' "Fast 3G" preset (bytes per second; latency in ms). */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8, uploadThroughput: (750 * 1_000 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;
/** Once no request has been in flight for this long after `load`, the page is taken as settled. */
const SETTLE_MS = 1000;

/** Runs in the page before its own scripts: collects paint timings and layout shifts. */
function observeVitals() {
  const vitals = { fcp: null, lcp: null, lcpElement: '', cls: 0, shifts: [] };
  window.__vitals = vitals;
  const describe = (el) => {
    if (!el) return '';
    if (el.nodeType !== 1) return el.nodeName.toLowerCase();
    const tag = el.tagName.toLowerCase();
    if (tag === 'img') return `img ${new URL(el.currentSrc || el.src, location.href).pathname.slice(0, 30)}`;
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${tag} "${text}"`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      vitals.lcp = e.startTime;
      vitals.lcpElement = describe(e.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      vitals.cls += e.value;
      const moved = e.sources.map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}`);
      vitals.shifts.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms: ${moved.join('; ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (THROTTLE) {
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
      if (!/^(data|blob):/.test(request.url)) requests.set(requestId, { url: request.url, type: '', bytes: 0, failed: false, sentAt: timestamp });
    });
    // Chromium's emulated latency is added after the response headers arrive, so the page's own
    // navigation timing shows the unthrottled responseStart; CDP's receive time includes it.
    let ttfb = null;
    cdp.on('Network.responseReceived', ({ requestId, type, timestamp }) => {
      const r = requests.get(requestId);
      if (!r) return;
      r.type = type;
      if (type === 'Document' && ttfb === null) ttfb = (timestamp - r.sentAt) * 1000;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      const r = requests.get(requestId);
      if (r) Object.assign(r, { bytes: encodedDataLength, done: true, finishedAt: timestamp });
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      const r = requests.get(requestId);
      if (r) Object.assign(r, { failed: true, done: true });
    });

    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Settled: every request seen has finished (or failed) and none started for SETTLE_MS.
    const deadline = Date.now() + 120_000;
    let quietSince = Date.now();
    let seen = requests.size;
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      const pending = [...requests.values()].some((r) => !r.done);
      if (pending || requests.size !== seen) {
        seen = requests.size;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= SETTLE_MS) break;
    }
    const result = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { serverTtfb: nav.responseStart, ...window.__vitals };
    });
    if (values.verbose) {
      const t0 = [...requests.values()][0]?.sentAt ?? 0;
      const at = (t) => (t ? String(Math.round((t - t0) * 1000)).padStart(5) : '    -');
      for (const r of requests.values()) {
        const path = r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60);
        console.log(`    ${at(r.sentAt)} -> ${at(r.finishedAt)} ms ${r.type.padEnd(10)} ${String(r.bytes).padStart(8)} B ${r.failed ? 'FAILED ' : ''}${path}`);
      }
      for (const shift of result.shifts) console.log(`    shift ${shift}`);
    }
    const all = [...requests.values()];
    const loaded = all.filter((r) => !r.failed);
    return {
      ...result,
      ttfb,
      jsBytes: loaded.filter((r) => r.type === 'Script').reduce((s, r) => s + r.bytes, 0),
      imageBytes: loaded.filter((r) => r.type === 'Image').reduce((s, r) => s + r.bytes, 0),
      totalBytes: loaded.reduce((s, r) => s + r.bytes, 0),
      requests: loaded.length,
      failed: all.length - loaded.length,
      apiCalls: loaded.filter((r) => new URL(r.url).pathname.startsWith('/api/') && r.type !== 'Image').length,
    };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const sorted = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (x) => (x === null ? 'n/a' : Math.round(x));
const kb = (x) => (x / 1024).toFixed(1);

console.log(
  `Page speed: ${values.pg ? 'PostgreSQL' : 'PGlite'}, 390x844 phone, ${THROTTLE ? `CPU ${CPU_SLOWDOWN}x slower, Fast 3G` : 'no throttling'}, ${RUNS} cold runs per page (median)`,
);
const env = await seededServer({ postgres: values.pg, postgresUrl: values['pg-url'], logLevel: 'warn' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    // Loopback only: any other host (the map embed) fails to resolve at once.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
});
try {
  const base = env.server.baseUrl;
  const car = env.manifest.cars[0];
  const pages = [
    ['/', '/'],
    ['/cars', '/cars'],
    ['/car-details/:id', `/car-details/${car.id}`],
    ['/about-us', '/about-us'],
  ];
  const rows = [];
  const lcpElements = [];
  for (const [name, path] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${base}${path}`));
    const pick = (key) => median(runs.map((r) => r[key]));
    rows.push({
      page: name,
      'TTFB ms': ms(pick('ttfb')),
      'server ms': ms(pick('serverTtfb')),
      'FCP ms': ms(pick('fcp')),
      'LCP ms': ms(pick('lcp')),
      CLS: pick('cls').toFixed(3),
      'JS KB': kb(pick('jsBytes')),
      'images KB': kb(pick('imageBytes')),
      'total KB': kb(pick('totalBytes')),
      requests: pick('requests'),
      'API calls': pick('apiCalls'),
      failed: pick('failed'),
    });
    lcpElements.push(
      `  ${name}: LCP element ${[...new Set(runs.map((r) => r.lcpElement || '?'))].join(' | ')}; LCP runs ${runs.map((r) => ms(r.lcp)).join(', ')} ms`,
    );
    console.log(`  ${name}: LCP ${runs.map((r) => ms(r.lcp)).join(' / ')} ms`);
  }
  console.log('');
  console.log(`Results (${env.kind}, ${env.manifest.cars.length} cars; bytes as transferred, compressed, headers included):`);
  console.table(rows);
  console.log(lcpElements.join('\n'));
} finally {
  await browser.close();
  await env.close();
}
