import { API, type Car } from '@rental/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_BAD_WIDTH } from '../src/features/images/variants';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar, carForm, carUpload } from './support/fleet';
import { cameraJpeg } from './support/images';

describe(`phone-sized pictures (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  /** A car whose stored picture is the full 1280 x 800. */
  let wideCar: Car;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    const body = await carUpload(carForm(), await cameraJpeg(1600, 1000));
    const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { ...authHeader(owner.token), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    wideCar = res.json().car;
  });
  afterAll(() => t?.close());

  const fetchImage = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([320, 640, 800, 960])('serves the picture %i px wide as WebP, proportions kept', async (width) => {
    const res = await fetchImage(`${wideCar.image}?w=${width}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width * (800 / 1280) });
    const full = await fetchImage(wideCar.image);
    expect(res.rawPayload.length).toBeLessThan(full.rawPayload.length);
  });

  it('caches a variant for a year under its own ETag, and answers 304 to it', async () => {
    const url = `${wideCar.image}?w=640`;
    const res = await fetchImage(url);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}-w640"$/);
    expect(etag).not.toBe((await fetchImage(wideCar.image)).headers.etag);
    expect((await fetchImage(`${wideCar.image}?w=320`)).headers.etag).not.toBe(etag);

    const again = await fetchImage(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The second full answer (from memory) is the same picture.
    expect((await fetchImage(url)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('never enlarges a picture narrower than the width asked', async () => {
    const narrow = await addCar(t.app, owner.token);
    const full = await fetchImage(narrow.image);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
    const res = await fetchImage(`${narrow.image}?w=640`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it.each(['100', '1280', '641', '0640', 'abc', '', '640&w=320'])('refuses w=%s with a 400 naming w', async (w) => {
    const res = await fetchImage(`${wideCar.image}?w=${w}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGE_BAD_WIDTH });
    expect(res.json().message).toMatch(/^A smaller picture can be 320, 640, 800 or 960 pixels wide/);
  });

  it.each(['/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b?w=640', '/api/images/not-an-id?w=320'])('answers 404 for %s', async (url) => {
    const res = await fetchImage(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('stops serving a variant once its picture is replaced', async () => {
    const car = await addCar(t.app, owner.token);
    expect((await fetchImage(`${car.image}?w=320`)).statusCode).toBe(200);
    const body = await carUpload(carForm(), await cameraJpeg(800, 500));
    const replaced = await t.app.inject({
      method: 'PUT',
      url: API.updateCar(car._id),
      headers: { ...authHeader(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect((await fetchImage(`${car.image}?w=320`)).statusCode).toBe(404);
  });
});
