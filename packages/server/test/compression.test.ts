/** Answers travel compressed to browsers that accept it: the car list is the page's heaviest data. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { addCar } from './support/fleet';

describe(`compression of answers (${describeDatabase})`, () => {
  let t: TestApp;
  let imageUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createOwner(t.app);
    const cars = [];
    for (const brand of ['Toyota', 'Honda', 'Nissan', 'Suzuki', 'Mazda', 'Kia']) {
      cars.push(await addCar(t.app, owner.token, { brand, description: `A well-kept ${brand} with cold A/C and room for the family's luggage.` }));
    }
    imageUrl = cars[0]!.image;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the car list brotli- or gzip-compressed, with the same cars inside', async () => {
    const plain = await t.app.inject({ method: 'GET', url: API.cars });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().cars).toHaveLength(6);

    const br = await t.app.inject({ method: 'GET', url: API.cars, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ method: 'GET', url: API.cars, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves pictures as they are: WebP does not compress further', async () => {
    const picture = await t.app.inject({ method: 'GET', url: imageUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-encoding']).toBeUndefined();
  });
});
