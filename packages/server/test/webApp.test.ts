import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { API, type Car, MESSAGES } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageTemplate } from '../src/features/publicPages/pageTemplate';
import { identityOf } from '../src/features/fleetCache/encodedAnswers';
import { Prerenderer, type ServerEntry, serverEntryFile } from '../src/features/publicPages/prerenderer';
import { IMMUTABLE } from '../src/features/publicPages/webApp';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { addCar, book, carForm, carUpload, day } from './support/fleet';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('car rental '.repeat(300))});`;

describe(`serving the web app (${describeDatabase})`, () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A stand-in for Vite's output, with the .br files scripts/compress-web.mjs writes.
    webDist = await mkdtemp(join(tmpdir(), 'rental-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX);
    await writeFile(join(webDist, 'assets', 'index-a1b2c3.js'), SCRIPT);
    await writeFile(join(webDist, 'assets', 'index-a1b2c3.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / without letting caches keep it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain('text/html');
  });

  it("answers the client's routes with index.html", async () => {
    for (const url of ['/car-details/3f2a', '/owner/manage-bookings', '/payment/abc/2030-01-02/2030-01-05?x=1', '/cars?pickupDate=2030-01-01']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, precompressed when the browser accepts brotli', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves other public files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not answer a missing asset or an API path with the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-old.js', headers: { accept: 'text/html' } });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/user/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.notFound });
    const post = await t.app.inject({ method: 'POST', url: '/car-details/x', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });
});

describe(`before the web app is built (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDist: join(tmpdir(), 'rental-web-does-not-exist') });
  });
  afterAll(() => t?.close());

  it('says so on the pages while the API works', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/cars', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('The web app is not built yet');
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

/**
 * Server-drawn pages (decision 075) with a stand-in for the web package's server bundle: it lists
 * what the API answered, so these tests see exactly which data a page was drawn with. The real
 * React rendering is tested in packages/web (entry-server.test.tsx) and by the browser journeys.
 */
const STAND_IN_ENTRY = `
export const ready = Promise.resolve();
// One record for every copy of this module (the server imports each build under its own URL).
export const calls = (globalThis.standInCalls ??= { renders: 0, urls: [] });
export function pageQueries(pathname) {
  if (pathname === '/cars') return [{ queryKey: ['cars'], path: '/api/user/cars' }];
  if (pathname === '/broken') return [];
  const car = /^\\/car-details\\/([^/]+)$/.exec(pathname);
  return car ? [{ queryKey: ['car', car[1]], path: '/api/user/car/' + car[1] }] : null;
}
export function pageModule(pathname) {
  return pathname === '/cars' ? 'src/pages/CarsPage.tsx' : undefined;
}
export function renderPage(url, fetched) {
  if (url === '/broken') throw new Error('a bug in a page');
  calls.renders += 1;
  calls.urls.push(url);
  const cars = fetched.flatMap(({ answer }) => answer.cars ?? [answer.car]);
  const rows = cars.map((c) => '<li>' + c.brand + ' ' + c.model + ' ' + c.pricePerDay + ' reserved ' + c.reservedDates.map((r) => r.pickupDate + '..' + r.returnDate).join(',') + '</li>');
  return { html: '<ul>' + rows.join('') + '</ul>', state: JSON.stringify(fetched.map((f) => f.queryKey)) };
}
`;
const DRAWN_INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1b2c3.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-d4e5f6.css"></head><body><div id="root"></div></body></html>';
const CSS = '.car-card{display:grid}';
const MANIFEST = {
  'index.html': { file: 'assets/index-a1b2c3.js', imports: [] },
  'src/pages/CarsPage.tsx': { file: 'assets/CarsPage-x1.js', imports: ['index.html', '_shared-y2.js'] },
  '_shared-y2.js': { file: 'assets/shared-y2.js' },
};

describe(`pages drawn on the server (${describeDatabase})`, () => {
  let t: TestApp;
  let webRoot: string;
  let owner: Account;
  let customer: Account;
  let calls: { renders: number; urls: string[] };

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'rental-web-ssr-'));
    const webDist = join(webRoot, 'dist');
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await mkdir(join(webDist, '.vite'));
    await mkdir(join(webRoot, 'dist-ssr'));
    await writeFile(join(webDist, 'index.html'), DRAWN_INDEX);
    await writeFile(join(webDist, 'assets', 'index-d4e5f6.css'), CSS);
    await writeFile(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(join(webRoot, 'dist-ssr', 'entry-server.js'), STAND_IN_ENTRY);
    t = await createTestApp({ webDist });
    calls = ((await import(pathToFileURL(serverEntryFile(webDist)).href)) as { calls: { renders: number; urls: string[] } }).calls;
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('sends /cars as HTML holding every car and its price, with the stylesheet inlined and the page chunk announced', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', pricePerDay: 7100 });
    const res = await page('/cars');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const cars = (await t.app.inject({ method: 'GET', url: API.cars })).json().cars as Car[];
    expect(cars.map((c) => c._id)).toContain(car._id);
    for (const c of cars) expect(rootOf(res.body)).toContain(`<li>${c.brand} ${c.model} ${c.pricePerDay} reserved`);
    expect(res.body).toContain(`<style>${CSS}</style>`);
    expect(res.body).not.toContain('index-d4e5f6.css');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/CarsPage-x1.js">');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-y2.js">');
    // The entry chunk is already in the page: not announced twice; the page is readable without it.
    expect(res.body.match(/index-a1b2c3\.js/g)).toHaveLength(1);
    expect(res.body).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a1b2c3.js">');
    expect(res.body).toContain('<script type="application/json" id="server-state">[["cars"]]</script>');
  });

  it('sends a drawn page compressed as it was kept, and a browser holding it gets 304 until the page changes', async () => {
    // Enough cars for a page over the 1 KB below which nothing is compressed.
    await Promise.all(Array.from({ length: 16 }, (_, i) => addCar(t.app, owner.token, { brand: 'Kia', model: `Rio ${i}`, pricePerDay: 6400 + i })));
    const br = await t.app.inject({ method: 'GET', url: '/cars', headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('Kia');
    expect(html).toBe((await page('/cars')).body);

    const etag = String(br.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/cars', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await addCar(t.app, owner.token, { brand: 'Mazda', model: 'Demio', pricePerDay: 6600 });
    const changed = await t.app.inject({ method: 'GET', url: '/cars', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Mazda');
  });

  it('shows a new price on the very next page once the change is acknowledged, and reuses the HTML while nothing changed', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', pricePerDay: 6400 });
    expect(rootOf((await page('/cars')).body)).toContain('Honda Fit 6400 reserved');
    const before = calls.renders;
    expect(rootOf((await page('/cars')).body)).toContain('Honda Fit 6400 reserved');
    expect(calls.renders).toBe(before);

    const edit = await carUpload(carForm({ brand: 'Honda', model: 'Fit', pricePerDay: 6900 }), null);
    const saved = await t.app.inject({
      method: 'PUT',
      url: API.updateCar(car._id),
      headers: { ...authHeader(owner.token), ...edit.headers },
      payload: edit.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = rootOf((await page('/cars')).body);
    expect(after).toContain('Honda Fit 6900 reserved');
    expect(after).not.toContain('Honda Fit 6400');
  });

  it("shows a booking's days on the car's page as soon as the booking is acknowledged", async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Kia', model: 'Rio' });
    expect(rootOf((await page(`/car-details/${car._id}`)).body)).toContain('Kia Rio 8500 reserved </li>');
    const booked = await book(t.app, customer.token, car._id, day(10), day(12));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(rootOf((await page(`/car-details/${car._id}`)).body)).toContain(`Kia Rio 8500 reserved ${day(10)}..${day(12)}</li>`);
  });

  it('leaves the other pages to the browser, and a page that fails to draw is still served', async () => {
    for (const url of ['/my-bookings', '/owner', '/about-us']) expect((await page(url)).body, url).toBe(DRAWN_INDEX);
    const broken = await page('/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(DRAWN_INDEX);
    // A car that does not exist: the browser draws the page and says why; nothing is drawn or kept here.
    const rendersBefore = calls.renders;
    for (const id of ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', 'not-a-car']) {
      const missing = await page(`/car-details/${id}`);
      expect(missing.statusCode).toBe(200);
      expect(missing.body).toBe(DRAWN_INDEX);
    }
    expect(calls.renders).toBe(rendersBefore);
  });

  it('draws /cars once for any made-up query string, and hands the page only the parameters it reads', async () => {
    await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris' });
    const plain = await page('/cars');
    const rendersBefore = calls.renders;
    for (let n = 0; n < 20; n++) {
      const res = await page(`/cars?r=${Math.random()}&utm_source=flyer${n}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(plain.body);
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    // A trip the booking rules refuse is the page without dates: malformed, past, reversed.
    for (const [pickupDate, returnDate] of [
      ['soon', 'later'],
      [day(-3), day(2)],
      [day(9), day(4)],
    ]) {
      expect((await page(`/cars?pickupDate=${pickupDate}&returnDate=${returnDate}`)).body).toBe(plain.body);
    }
    expect(calls.renders).toBe(rendersBefore);

    // A real trip is a page of its own, drawn once for the canonical address whatever else the link holds.
    const trip = `/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=${day(5)}&returnDate=${day(8)}`;
    await page(`/cars?returnDate=${day(8)}&x=1&pickupDate=${day(5)}&pickupLocation=Waterford%2C%20Portmore`);
    await page(`${trip}&fbclid=abc`);
    expect(calls.renders).toBe(rendersBefore + 1);
    expect(calls.urls.at(-1)).toBe(trip);
  });

  it('keeps a bounded number of drawn pages', async () => {
    const entry: ServerEntry = {
      ready: Promise.resolve(),
      pageQueries: () => [{ queryKey: ['cars'], path: API.cars }],
      pageModule: () => undefined,
      renderPage: (url) => ({ html: `<p>${url}</p>`, state: '[]' }),
    };
    const prerenderer = new Prerenderer(t.app, entry, new PageTemplate(join(webRoot, 'dist')), undefined, { maxPages: 3 });
    for (let n = 1; n <= 6; n++) await prerenderer.page(`/cars?pickupDate=${day(n)}&returnDate=${day(n + 1)}`);
    expect(prerenderer.keptPages).toBe(3);
  });

  it('picks up a new web build while it runs: the page names the new chunks and is drawn by the new bundle', async () => {
    // Written a moment later than the first build, so the files' times differ on any file system.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(join(webRoot, 'dist', 'index.html'), DRAWN_INDEX.replace('index-a1b2c3.js', 'index-n3w.js'));
    await writeFile(join(webRoot, 'dist-ssr', 'entry-server.js'), STAND_IN_ENTRY.replace("'<ul>'", '\'<ul class="new">\''));
    const res = await page('/cars');
    expect(res.body).toContain('src="/assets/index-n3w.js"');
    expect(res.body).not.toContain('index-a1b2c3.js');
    expect(rootOf(res.body)).toMatch(/^<ul class="new">/);
  });

  it('draws a page again when the day in Jamaica changes, even if no answer did', async () => {
    let today = '2030-01-01';
    let renders = 0;
    const entry: ServerEntry = {
      ready: Promise.resolve(),
      pageQueries: () => [{ queryKey: ['cars'], path: API.cars }],
      pageModule: () => undefined,
      renderPage: () => {
        renders += 1;
        return { html: `<p>drawn on ${today}</p>`, state: '[]' };
      },
    };
    const prerenderer = new Prerenderer(t.app, entry, new PageTemplate(join(webRoot, 'dist')), () => today);
    const drawn = async (url: string) => (await identityOf((await prerenderer.page(url))!)).toString();
    expect(await drawn('/cars')).toContain('drawn on 2030-01-01');
    expect(await drawn('/cars')).toContain('drawn on 2030-01-01');
    expect(renders).toBe(1);
    today = '2030-01-02';
    expect(await drawn('/cars')).toContain('drawn on 2030-01-02');
    expect(renders).toBe(2);
  });
});
