/**
 * What an upload may cost the server: pictures over 25 megapixels are refused from their header,
 * and at most two pictures are decoded at once while the other uploads wait their turn.
 */
import { API, MESSAGES } from '@rental/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cars, images } from '../src/db/schema';
import { DECODE_SLOTS, decoding, MAX_INPUT_PIXELS } from '../src/features/images/process';
import { type Account, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { carForm } from './support/fleet';
import { multipart } from './support/multipart';

/** A real, decodable PNG of one colour: tiny on the wire, width x height pixels once decoded. */
function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 60 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A picture that takes the decoder a moment: a gradient (no JPEG shrink-on-load, no flat-colour shortcut). */
function gradientPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 7) & 255;
      raw[i + 1] = (y * 5) & 255;
      raw[i + 2] = ((x + y) * 3) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe(`upload limits (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
  });
  afterAll(() => t?.close());

  const stored = async () => ({
    images: (await t.db.select({ n: count() }).from(images))[0]!.n,
    cars: (await t.db.select({ n: count() }).from(cars))[0]!.n,
  });
  const addCarWith = async (bytes: Buffer) => {
    const body = await multipart({ carData: JSON.stringify(carForm()) }, [{ name: 'image', bytes, filename: 'car.png', type: 'image/png' }]);
    return t.app.inject({ method: 'POST', url: API.addCar, headers: { authorization: owner.token, ...body.headers }, payload: body.payload });
  };

  it('refuses a real PNG of 30 megapixels (400, nothing stored) and takes one of 24', async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    const before = await stored();
    const thirty = await flatPng(6000, 5000);
    // Small on the wire: only the header says what it would cost to open.
    expect(thirty.length).toBeLessThan(1024 * 1024);
    const refused = await addCarWith(thirty);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.imageTooManyPixels });
    expect(await stored()).toEqual(before);

    // A 24 MP phone photo's frame still goes in.
    const accepted = await addCarWith(await flatPng(6000, 4000));
    expect(accepted.statusCode).toBe(201);
    expect(await stored()).toEqual({ images: before.images + 1, cars: before.cars + 1 });
  });

  it('decodes at most two pictures at once: of 8 uploads sent together, the rest wait, and all are stored', async () => {
    expect(DECODE_SLOTS).toBe(2);
    const picture = await gradientPng(2400, 1600);
    const before = await stored();
    decoding.peak = 0;
    decoding.peakWaiting = 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => addCarWith(picture)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    // Two at once, never more: the limit is reached, and the other uploads queued behind it.
    expect(decoding.peak).toBe(2);
    expect(decoding.peakWaiting).toBeGreaterThan(0);
    expect(decoding.now).toBe(0);
    expect(decoding.waiting).toBe(0);
    expect(await stored()).toEqual({ images: before.images + 8, cars: before.cars + 8 });
  });
});
