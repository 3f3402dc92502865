#!/usr/bin/env node
/**
 * What JavaScript runs in the public pages' long tasks: `/`, `/cars` and a car's page of the BUILT
 * server on the benchmark seed (seed.mjs, --cars N cars and 10 bookings a car), each opened cold
 * (a fresh browser context) in Debian's Chromium as Lighthouse's phone (412x823, CPU slowed 4x
 * through CDP `Emulation.setCPUThrottlingRate`; the network is loopback's, as under Lighthouse's
 * simulated throttling). A trace (`devtools.timeline`, `toplevel`, `v8.cpu_profiler`) covers the
 * load, the page saying it is live (`rental:live`) and the 3 s after. Per page, the run with the
 * median blocking time is printed: each main-thread task over 50 ms (wall, CPU already slowed 4x,
 * so comparable with Lighthouse's "CPU ms x4"), what the trace says ran in it (script runs with
 * their file, layouts, style recalculations, parsing, GC) and its functions by self time, with
 * their time including callees, from the sampled CPU profile, each named through the build's
 * source maps: original name and source file:line. Without maps (a plain `npm run build`) the
 * minified name and the chunk's line:column are printed; build the web with hidden maps (same
 * chunk hashes, no sourceMappingURL in the files) to get names:
 *
 *   (cd packages/web && npx vite build --sourcemap hidden && npx vite build --ssr src/entry-server.tsx && node ../../scripts/compress-web.mjs)
 *   node bench/long-tasks.mjs [--cars 100] [--runs 3] [--top 8] [--min-ms 50] [--only cars] [--all-runs] [--save DIR]
 *
 * --only TEXT: the pages whose label holds TEXT; --all-runs: every run, not only the median one;
 * --save DIR: each run's trace (DevTools' Performance panel opens it) as DIR/<page>-<run>.json.
 *
 * BENCH_SERVER_MAIN=<other checkout>/packages/server/dist/main.js profiles another build (its own
 * web dist, beside it, gives the maps). Not a test: a task's length moves with the machine's load
 * (printed); which functions fill it does not.
 * "(program)" is the browser's own work between JavaScript (style, layout, HTML and CSS parsing);
 * "(garbage collector)" is V8's.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { median } from './lib/lighthouseRun.mjs';
import { ensureBuilt, SERVER_MAIN, startServer } from './lib/server.mjs';
import { seedDatabase } from './seed.mjs';

const { values } = parseArgs({
  options: {
    cars: { type: 'string', default: '100' },
    runs: { type: 'string', default: '3' },
    top: { type: 'string', default: '8' },
    'min-ms': { type: 'string', default: '50' },
    'after-ms': { type: 'string', default: '3000' },
    only: { type: 'string' },
    'all-runs': { type: 'boolean', default: false },
    save: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
if (values.save) mkdirSync(values.save, { recursive: true });
const TOP = Number(values.top);
const MIN_MS = Number(values['min-ms']);
const AFTER_MS = Number(values['after-ms']);
const CPU_SLOWDOWN = 4;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_DIST = join(dirname(SERVER_MAIN), '..', '..', 'web', 'dist');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const ms = (us) => (us / 1000).toFixed(0);

// ---- source maps (a small decoder: base64 VLQ "mappings", version 3) ----

const B64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));
/** Per generated line, its segments [column, source, line, column, name?], columns ascending. */
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  let origLine = 0;
  let origCol = 0;
  let name = 0;
  for (const lineText of mappings.split(';')) {
    const segments = [];
    let col = 0;
    for (const segText of lineText.split(',')) {
      if (!segText) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of segText) {
        const digit = B64[ch];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        origLine += fields[2];
        origCol += fields[3];
        if (fields.length >= 5) name += fields[4];
        segments.push([col, source, origLine, origCol, fields.length >= 5 ? name : -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

const maps = new Map();
/** The build's map of an asset URL, or null (no map in dist, or not an asset). */
function mapOf(url) {
  const file = /\/assets\/([^/?#]+\.js)/.exec(url)?.[1];
  if (!file) return null;
  if (!maps.has(file)) {
    const path = join(WEB_DIST, 'assets', `${file}.map`);
    if (!existsSync(path)) maps.set(file, null);
    else {
      const map = JSON.parse(readFileSync(path, 'utf8'));
      maps.set(file, { sources: map.sources, names: map.names ?? [], lines: decodeMappings(map.mappings) });
    }
  }
  return maps.get(file);
}

/** "name source:line" for a profile call frame (0-based line and column), through the build's map when there is one. */
function describeFrame({ functionName, url, lineNumber, columnNumber }) {
  if (!url) return functionName || '(native)';
  const map = mapOf(url);
  const asset = url.replace(/^https?:\/\/[^/]+\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  if (!map || lineNumber < 0) return `${functionName || '(anonymous)'} ${asset}:${lineNumber + 1}:${columnNumber + 1}`;
  const segments = map.lines[lineNumber] ?? [];
  let found;
  for (const segment of segments) {
    if (segment[0] > columnNumber) break;
    found = segment;
  }
  if (!found) return `${functionName || '(anonymous)'} ${asset}:${lineNumber + 1}:${columnNumber + 1}`;
  // V8 places a function at its parameters' "(", just after its (minified) name, which the map may
  // name: an anonymous function (an arrow, a callback) keeps the name "(anonymous)".
  const named = functionName
    ? segments.toReversed().find((s) => s[4] >= 0 && s[0] <= columnNumber && s[0] >= columnNumber - functionName.length - 12)
    : undefined;
  const name = named ? map.names[named[4]] : functionName || '(anonymous)';
  const source = map.sources[found[1]]
    .replace(/^(\.\.\/)+/, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^packages\/web\//, '');
  return `${name} ${source}:${found[2] + 1}`;
}

// ---- the trace ----

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  // The script's stack on a layout or style recalculation that a script forced.
  'disabled-by-default-devtools.timeline.stack',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

/** Trace event names worth naming inside a task, with short labels. */
const KINDS = new Map([
  ['EvaluateScript', 'EvaluateScript'],
  ['v8.evaluateModule', 'v8.evaluateModule'],
  ['FunctionCall', 'FunctionCall'],
  ['TimerFire', 'TimerFire'],
  ['FireAnimationFrame', 'rAF'],
  ['EventDispatch', 'Event'],
  ['v8.compile', 'compile'],
  ['v8.compileModule', 'compileModule'],
  ['v8.produceModuleCache', 'moduleCache'],
  ['ParseHTML', 'ParseHTML'],
  ['ParseAuthorStyleSheet', 'ParseCSS'],
  ['UpdateLayoutTree', 'UpdateLayoutTree'],
  ['Layout', 'Layout'],
  ['PrePaint', 'PrePaint'],
  ['Paint', 'Paint'],
  ['MajorGC', 'MajorGC'],
  ['MinorGC', 'MinorGC'],
  ['V8.GC_MARK_COMPACTOR', 'MajorGC'],
  ['RunMicrotasks', 'microtasks'],
  ['v8.runMicrotasks', 'microtasks'],
  ['Decode Image', 'DecodeImage'],
]);

/** One page load's trace: { tasks: [{ start, dur, kinds, functions }], blocking } relative to navigation start (µs). */
function analyse(events, pageUrl) {
  const nav = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL === pageUrl)
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
  if (!nav) throw new Error(`No navigationStart for ${pageUrl} in the trace.`);
  const { pid, tid } = nav;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= nav.ts);
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .filter((e) => e.dur >= MIN_MS * 1000)
    .sort((a, b) => a.ts - b.ts)
    // A RunTask can be nested in another (nested loops): keep the outermost.
    .filter((e, i, all) => !all.some((o, j) => j !== i && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));

  // The sampled profile of the page's main thread: Profile then ProfileChunk events sharing an id.
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid || (e.name !== 'Profile' && e.name !== 'ProfileChunk')) continue;
    const id = e.id;
    if (!profiles.has(id)) profiles.set(id, { tid: e.tid, startTime: 0, nodes: new Map(), samples: [] });
    const profile = profiles.get(id);
    const data = e.args?.data ?? {};
    if (e.name === 'Profile') {
      profile.startTime = data.startTime;
      profile.tid = e.tid;
      continue;
    }
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i += 1) profile.samples.push([ids[i], deltas[i] ?? 0]);
  }
  const profile = [...profiles.values()].find((p) => p.tid === tid) ?? [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0];
  /** [time µs, node id, duration µs] */
  const samples = [];
  if (profile) {
    let t = profile.startTime;
    for (const [id, delta] of profile.samples) {
      t += delta;
      samples.push([t, id, 0]);
    }
    samples.sort((a, b) => a[0] - b[0]);
    for (let i = 0; i < samples.length - 1; i += 1) samples[i][2] = Math.min(samples[i + 1][0] - samples[i][0], 10_000);
    for (const node of profile.nodes.values()) {
      for (const child of node.children ?? []) {
        const childNode = profile.nodes.get(child);
        if (childNode) childNode.parent = node.id;
      }
    }
  }
  const frameKey = (node) => {
    const f = node.callFrame;
    return f.url ? `${f.url}:${f.lineNumber}:${f.columnNumber}` : f.functionName || '(native)';
  };

  let blocking = 0;
  const result = tasks.map((task) => {
    blocking += Math.max(0, task.dur - 50_000);
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && KINDS.has(e.name));
    const kinds = new Map();
    for (const e of inside) {
      // Only the outermost event of each kind counts (a FunctionCall inside a FunctionCall is the same time).
      if (inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur)) continue;
      const url = e.args?.data?.url ?? '';
      const forcedBy = e.args?.data?.stackTrace?.[0] ?? e.args?.beginData?.stackTrace?.[0];
      const file = url
        ? ` ${basename(url.split('?')[0]).replace(/-[\w-]{8}\.js$/, '.js')}`
        : forcedBy
          ? ` forced by ${describeFrame({ ...forcedBy, lineNumber: (forcedBy.lineNumber ?? 0) - 1, columnNumber: (forcedBy.columnNumber ?? 1) - 1 })}`
          : '';
      const key = `${KINDS.get(e.name)}${file}`;
      kinds.set(key, (kinds.get(key) ?? 0) + e.dur);
    }
    const self = new Map();
    const total = new Map();
    let sampled = 0;
    if (profile) {
      for (const [t, id, dur] of samples) {
        if (t < task.ts || t > end) continue;
        let node = profile.nodes.get(id);
        if (!node) continue;
        sampled += dur;
        const own = frameKey(node);
        if (!self.has(own)) self.set(own, { frame: node.callFrame, self: 0, total: 0 });
        self.get(own).self += dur;
        const seen = new Set();
        for (; node; node = profile.nodes.get(node.parent)) {
          const key = frameKey(node);
          if (seen.has(key) || key === '(root)') continue;
          seen.add(key);
          if (!total.has(key)) total.set(key, { frame: node.callFrame, self: 0, total: 0 });
          total.get(key).total += dur;
        }
      }
    }
    for (const [key, entry] of self) entry.total = total.get(key)?.total ?? entry.self;
    return {
      start: task.ts - nav.ts,
      dur: task.dur,
      cpu: task.tdur ?? task.dur,
      sampled,
      kinds: [...kinds].sort((a, b) => b[1] - a[1]),
      bySelf: [...self.values()].sort((a, b) => b.self - a.self),
      // The outermost script functions by time including callees: who started the work.
      byTotal: [...total.values()].filter((e) => e.frame.url).sort((a, b) => b.total - a.total),
    };
  });
  return { tasks: result, blocking };
}

// ---- the run ----

async function loadPage(browser, url, saveAs) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('rental:live', () => (window.__liveAt = performance.now()), { once: true });
  });
  const cdp = await context.newCDPSession(page);
  // Same site as the page, so the page's renderer (and its slowed CPU) stays the same across the navigation.
  await page.goto(new URL('/favicon.svg', url).href);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES, excludedCategories: ['*'] } });
  await page.goto(url, { waitUntil: 'load' });
  // Until the page says it is live (boot's code taken over), then AFTER_MS more.
  // Asked through CDP, a few bytes of script a time: Playwright's own helpers (waitForFunction) inject a
  // script of their own, whose evaluation would show up as a long task of the page.
  const liveAt = async () => (await cdp.send('Runtime.evaluate', { expression: 'window.__liveAt', returnByValue: true })).result.value;
  const deadline = Date.now() + 30_000;
  let live;
  while ((live = await liveAt()) === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  if (live === undefined) console.warn(`  ${url}: never said rental:live`);
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  await cdp.send('Tracing.end');
  await complete;
  await context.close();
  if (saveAs) writeFileSync(saveAs, JSON.stringify({ traceEvents: events }));
  return { ...analyse(events, url), live };
}

function printRun(label, run, runs) {
  console.log(
    `\n${label}: ${run.tasks.length} task(s) over ${MIN_MS} ms, blocking (time past 50 ms, every task from the navigation on) ${ms(run.blocking)} ms in this run (all runs: ${runs.map((r) => ms(r.blocking)).join(', ')}); live at ${Math.round(run.live ?? Number.NaN)} ms`,
  );
  for (const task of run.tasks) {
    const kinds = task.kinds
      .slice(0, 6)
      .map(([k, d]) => `${k} ${ms(d)}`)
      .join(', ');
    console.log(`  at ${ms(task.start)} ms: ${ms(task.dur)} ms (CPU ${ms(task.cpu)}; sampled ${ms(task.sampled)}) — ${kinds}`);
    console.log(`    self ms | total ms | function (source)`);
    for (const entry of task.bySelf.slice(0, TOP)) {
      console.log(`    ${ms(entry.self).padStart(7)} | ${ms(entry.total).padStart(8)} | ${describeFrame(entry.frame)}`);
    }
    const starters = task.byTotal.slice(0, 3).map((e) => `${describeFrame(e.frame)} ${ms(e.total)}`);
    if (starters.length) console.log(`    outermost (total): ${starters.join('; ')}`);
  }
}

ensureBuilt();
if (!readdirSync(join(WEB_DIST, 'assets')).some((f) => f.endsWith('.js.map'))) {
  console.warn(`No source maps in ${WEB_DIST}/assets: functions are named as minified (see the top of this file to build with hidden maps).`);
}
const loadBefore = load();
const dataDir = await mkdtemp(join(tmpdir(), 'rental-long-tasks-'));
let server;
const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const cars = Number(values.cars);
  console.log(`seeding ${cars} cars and ${cars * 10} bookings…`);
  await seedDatabase({ dataDir, cars, bookings: cars * 10 });
  server = await startServer({ env: { DATA_DIR: dataDir }, logLevel: 'warn' });
  const { cars: fleet } = await (await fetch(`${server.baseUrl}/api/user/cars`)).json();
  const car = fleet.find((c) => c.isAvaliable) ?? list[0];
  const pages = [
    ['/', '/'],
    ['/cars', '/cars'],
    ["a car's page", `/car-details/${car._id}`],
  ].filter(([label]) => !values.only || label.includes(values.only));
  // The server keeps what it drew: the first drawing of each page is not what a visitor meets.
  for (const [, path] of pages) await (await fetch(`${server.baseUrl}${path}`)).text();
  const runs = new Map(pages.map(([label]) => [label, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const [label, path] of pages) {
      const saveAs = values.save ? join(values.save, `${label.replace(/\W+/g, '_')}-${round + 1}.json`) : undefined;
      runs.get(label).push(await loadPage(browser, `${server.baseUrl}${path}`, saveAs));
    }
  }
  console.log(`\nChromium ${browser.version()}, CPU x${CPU_SLOWDOWN}, ${cars} cars; load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
  console.log(`server: ${SERVER_MAIN}; source maps: ${WEB_DIST}/assets`);
  for (const [label, list] of runs) {
    if (values['all-runs']) list.forEach((run, i) => printRun(`${label}, run ${i + 1}`, run, list));
    else {
      const mid = median(list.map((r) => r.blocking));
      const run = list.find((r) => r.blocking === mid) ?? [...list].sort((a, b) => a.blocking - b.blocking)[Math.floor((list.length - 1) / 2)];
      printRun(`${label} (the run with the median blocking)`, run, list);
    }
  }
} finally {
  await browser.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
