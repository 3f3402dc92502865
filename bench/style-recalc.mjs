#!/usr/bin/env node
/**
 * What the browser pays when the whole stylesheet arrives on a drawn public page (decision 077: the
 * page inlines its own rules, boot adds the whole file after the largest paint), beside what a sheet
 * of only the rules the page did not inline would cost. The BUILT server on the benchmark seed
 * (seed.mjs, --cars N), Debian's Chromium as Lighthouse's phone (412x823, CPU slowed 4x through CDP),
 * each page opened cold with its scripts taken out (so nothing else runs), then, in the page, one
 * sheet added as a `<style>` and the style and layout forced at once (`offsetHeight`): the time of
 * that one synchronous step. Sheets, alternating in each round:
 *   - none: an empty sheet (what forcing costs when nothing changed: the baseline);
 *   - whole: the whole stylesheet (what boot adds today);
 *   - whole less base: the whole sheet without the theme, base and properties layers, `@property`,
 *     `@keyframes` and `@font-face` (all inlined already): are the `*`/`:root` rules what costs?
 *   - rest, layered: only the rules of the utilities and components layers (and unlayered ones) whose
 *     selector names a class and none the page uses, inside their `@layer`/`@media`/`@supports`;
 *   - rest, unlayered: the same without the `@layer` blocks.
 * Prints per page and sheet the median ms (at 4x) of the step and of parsing the sheet alone, and the
 * sheet's size. Not a test: figures move with the machine's load (printed); their order does not.
 *
 *   npm run build && node bench/style-recalc.mjs [--cars 100] [--rounds 7]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { median } from './lib/lighthouseRun.mjs';
import { ensureBuilt, startServer } from './lib/server.mjs';
import { seedDatabase } from './seed.mjs';

const { values } = parseArgs({ options: { cars: { type: 'string', default: '100' }, rounds: { type: 'string', default: '7' } } });
const ROUNDS = Number(values.rounds);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SHEETS = ['none', 'whole', 'whole less base', 'rest, layered', 'rest, unlayered'];
const load = () => loadavg()[0].toFixed(1);

/** Runs in the page: builds the asked sheet from the whole stylesheet, adds it, forces style and layout. */
async function addSheet(kind) {
  const { css } = JSON.parse(document.getElementById('page-code').textContent);
  const text = await (await fetch(css[0])).text();
  const used = new Set();
  for (const element of document.querySelectorAll('[class]')) for (const name of element.classList) used.add(name);
  const INLINED_LAYERS = new Set(['theme', 'base', 'properties']);
  const classesOf = (selector) => [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  const whole = new CSSStyleSheet();
  whole.replaceSync(text);
  // The rules kept, as text, inside the blocks that held them.
  const pick = (rules, keep, layered) => {
    let out = '';
    for (const rule of rules) {
      if (rule instanceof CSSLayerBlockRule) {
        if (INLINED_LAYERS.has(rule.name) && kind !== 'whole') continue;
        const inner = pick(rule.cssRules, keep, layered);
        if (inner) out += layered ? `@layer ${rule.name}{${inner}}` : inner;
      } else if (rule instanceof CSSMediaRule) {
        const inner = pick(rule.cssRules, keep, layered);
        if (inner) out += `@media ${rule.conditionText}{${inner}}`;
      } else if (rule instanceof CSSSupportsRule) {
        const inner = pick(rule.cssRules, keep, layered);
        if (inner) out += `@supports ${rule.conditionText}{${inner}}`;
      } else if (rule instanceof CSSStyleRule) {
        if (keep(rule)) out += rule.cssText;
      } else if (kind === 'whole') {
        out += rule.cssText;
      }
    }
    return out;
  };
  const notOnPage = (rule) => {
    const names = classesOf(rule.selectorText);
    return names.length > 0 && !names.some((name) => used.has(name));
  };
  const sheetText =
    kind === 'none'
      ? ''
      : kind === 'whole'
        ? text
        : kind === 'whole less base'
          ? pick(whole.cssRules, () => true, true)
          : pick(whole.cssRules, notOnPage, kind === 'rest, layered');
  const parseStart = performance.now();
  new CSSStyleSheet().replaceSync(sheetText);
  const parseMs = performance.now() - parseStart;
  void document.body.offsetHeight;
  const style = document.createElement('style');
  const start = performance.now();
  style.textContent = sheetText;
  document.head.append(style);
  void document.body.offsetHeight;
  const stepMs = performance.now() - start;
  return { stepMs, parseMs, bytes: sheetText.length, elements: document.querySelectorAll('*').length };
}

ensureBuilt();
const dataDir = await mkdtemp(join(tmpdir(), 'rental-style-recalc-'));
const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
let server;
try {
  const cars = Number(values.cars);
  await seedDatabase({ dataDir, cars, bookings: cars * 10 });
  server = await startServer({ env: { DATA_DIR: dataDir }, logLevel: 'warn' });
  const base = server.baseUrl;
  const {
    cars: [firstCar],
  } = await fetch(`${base}/api/user/cars`).then((r) => r.json());
  const pages = [
    ['/', '/'],
    ['/cars', '/cars'],
    ["a car's page", `/car-details/${firstCar._id}`],
  ];
  // The server keeps what it drew: the first drawing of each page is not what a visitor meets.
  for (const [, path] of pages) await (await fetch(`${base}${path}`)).text();
  console.log(`Style recalculation when a sheet is added: ${cars} cars, ${ROUNDS} rounds, CPU 4x; load ${load()}`);
  const results = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, path] of pages) {
      for (const kind of SHEETS) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
        try {
          // The drawn page without its scripts: the state boot adds the whole sheet to, and nothing else running.
          await context.route(`${base}${path}`, async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/gi, '');
            await route.fulfill({ response, body: html });
          });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(`${base}${path}`, { waitUntil: 'load' });
          const figure = await page.evaluate(addSheet, kind);
          const key = `${label}|${kind}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key).push({ ...figure, load: Number(load()) });
        } finally {
          await context.close();
        }
      }
    }
    console.log(`  round ${round + 1}/${ROUNDS} done, load ${load()}`);
  }
  console.log('\n| page | sheet added | step ms at 4x (median; each) | parsing alone ms | sheet KB | elements | load |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label] of pages) {
    for (const kind of SHEETS) {
      const list = results.get(`${label}|${kind}`);
      const loads = list.map((r) => r.load);
      console.log(
        `| ${label} | ${kind} | **${median(list.map((r) => r.stepMs)).toFixed(1)}** (${list.map((r) => r.stepMs.toFixed(0)).join(', ')}) | ${median(list.map((r) => r.parseMs)).toFixed(1)} | ${(list[0].bytes / 1024).toFixed(1)} | ${list[0].elements} | ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} |`,
      );
    }
  }
} finally {
  await server?.stop();
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
}
