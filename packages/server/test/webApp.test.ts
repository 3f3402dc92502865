import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { MESSAGES } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE } from '../src/http/webApp';
import { createTestApp, describeDatabase, type TestApp } from './helpers';

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
    expect(api.json()).toEqual({ success: false, message: MESSAGES.notFound });
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
