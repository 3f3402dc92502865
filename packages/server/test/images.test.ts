import { API, CAR_IMAGE_MAX_WIDTH, MAX_UPLOAD_BYTES, MESSAGES, PROFILE_IMAGE_MAX_WIDTH } from '@rental/contract';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/db/schema';
import { type Account, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { addCar, carForm } from './support/fleet';
import { cameraJpeg, NOT_AN_IMAGE, pixelBombPng, SVG, smallPng } from './support/images';
import { type FilePart, multipart } from './support/multipart';

describe(`uploaded pictures (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  const storedImages = async () => (await t.db.select({ n: count() }).from(images))[0]!.n;
  const imageFile = (bytes: Buffer, filename = 'car.jpg', type = 'image/jpeg'): FilePart => ({ name: 'image', bytes, filename, type });
  const send = async (method: 'POST' | 'PUT', url: string, token: string | null, fields: Record<string, string>, files: FilePart[]) => {
    const body = await multipart(fields, files);
    return t.app.inject({ method, url, headers: { ...(token ? { authorization: token } : {}), ...body.headers }, payload: body.payload });
  };
  const addCarWith = (files: FilePart[], token: string | null = owner.token) => send('POST', API.addCar, token, { carData: JSON.stringify(carForm()) }, files);
  const fetchImage = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('stores a camera photo as WebP at most 1280 px wide, without its EXIF (GPS, camera)', async () => {
    const photo = await cameraJpeg(2400, 1600);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await addCarWith([imageFile(photo)]);
    expect(res.statusCode).toBe(201);
    const served = await fetchImage(res.json().car.image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: CAR_IMAGE_MAX_WIDTH, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes('Canon')).toBe(false);
    expect(served.rawPayload.includes('EOS Secret')).toBe(false);
  });

  it('turns a sideways phone photo upright and never enlarges a small picture', async () => {
    const sideways = await cameraJpeg(400, 200, 6);
    const upright = await addCarWith([imageFile(sideways)]);
    expect(await sharp((await fetchImage(upright.json().car.image)).rawPayload).metadata()).toMatchObject({ width: 200, height: 400 });

    const small = await addCarWith([imageFile(await smallPng(300, 200), 'car.png', 'image/png')]);
    expect(await sharp((await fetchImage(small.json().car.image)).rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it('serves pictures with long immutable caching and an ETag', async () => {
    const car = await addCar(t.app, owner.token);
    const res = await fetchImage(car.image);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const again = await fetchImage(car.image, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const suffixed = await fetchImage(`${car.image}.webp`);
    expect(suffixed.statusCode).toBe(200);
    expect(suffixed.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it.each([
    '/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b',
    '/api/images/not-an-id',
    '/api/images/..%2F..%2Fetc%2Fpasswd',
    '/api/images/6f1c2a7e-5b1d-4c8e-9f3a-2d4b6c8e0a1b.png',
  ])('answers 404 for %s', async (url) => {
    const res = await fetchImage(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it.each([
    ['a text file named .png', imageFile(NOT_AN_IMAGE, 'car.png', 'image/png'), MESSAGES.imageInvalid],
    ['an SVG drawing (it can carry scripts)', imageFile(SVG, 'car.svg', 'image/svg+xml'), MESSAGES.imageInvalid],
    ['a JPEG cut in half', null, MESSAGES.imageInvalid],
    ['a tiny file claiming 400 megapixels', imageFile(pixelBombPng(), 'bomb.png', 'image/png'), MESSAGES.imageTooManyPixels],
    ['a tiny file claiming 64 megapixels', imageFile(pixelBombPng(8000), 'bomb.png', 'image/png'), MESSAGES.imageTooManyPixels],
  ])('refuses %s with a 400, storing nothing', async (_label, file, message) => {
    const part = file ?? imageFile((await cameraJpeg(800, 600)).subarray(0, 1200));
    const before = await storedImages();
    const res = await addCarWith([part]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    expect(await storedImages()).toBe(before);
  });

  it('refuses an upload over 10 MB with a 413', async () => {
    const res = await addCarWith([imageFile(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff))]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.imageTooLarge });
  });

  it('refuses a second file or a file under another name', async () => {
    const png = await smallPng();
    const two = await addCarWith([imageFile(png, 'a.png', 'image/png'), imageFile(png, 'b.png', 'image/png')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().success).toBe(false);
    const elsewhere = await addCarWith([{ name: 'photo', bytes: png, filename: 'a.png', type: 'image/png' }]);
    expect(elsewhere.statusCode).toBe(400);
  });

  it('refuses a car form that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.addCar, headers: { authorization: owner.token }, payload: { carData: carForm() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('checks the caller before reading an upload: strangers and customers store nothing', async () => {
    const before = await storedImages();
    const big = imageFile(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff));
    expect((await addCarWith([big], null)).statusCode).toBe(401);
    expect((await addCarWith([imageFile(await cameraJpeg(200, 100))], customer.token)).statusCode).toBe(403);
    expect((await send('POST', API.updateImage, customer.token, {}, [imageFile(await cameraJpeg(200, 100))])).statusCode).toBe(403);
    expect((await send('POST', API.updateImage, null, {}, [big])).statusCode).toBe(401);
    expect(await storedImages()).toBe(before);
  });

  it('keeps the picture on update without a file, replaces it (and drops the old one) with one', async () => {
    const car = await addCar(t.app, owner.token);
    const kept = await send('PUT', API.updateCar(car._id), owner.token, { carData: JSON.stringify(carForm({ model: 'Kept' })) }, []);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().car.image).toBe(car.image);
    // A browser's empty file input is "no new picture" too.
    const empty = await send('PUT', API.updateCar(car._id), owner.token, { carData: JSON.stringify(carForm()) }, [imageFile(Buffer.alloc(0), '')]);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().car.image).toBe(car.image);

    const replaced = await send('PUT', API.updateCar(car._id), owner.token, { carData: JSON.stringify(carForm()) }, [imageFile(await cameraJpeg(640, 480))]);
    expect(replaced.statusCode).toBe(200);
    const newImage = replaced.json().car.image as string;
    expect(newImage).not.toBe(car.image);
    expect((await fetchImage(newImage)).statusCode).toBe(200);
    expect((await fetchImage(car.image)).statusCode).toBe(404);
  });

  it('refuses an invalid new picture on update and keeps the car as it was', async () => {
    const car = await addCar(t.app, owner.token, { model: 'Unchanged' });
    const res = await send('PUT', API.updateCar(car._id), owner.token, { carData: JSON.stringify(carForm({ model: 'Changed' })) }, [
      imageFile(NOT_AN_IMAGE, 'x.png'),
    ]);
    expect(res.statusCode).toBe(400);
    const now = (await t.app.inject({ method: 'GET', url: API.car(car._id) })).json().car;
    expect(now).toMatchObject({ model: 'Unchanged', image: car.image });
  });

  describe('profile picture', () => {
    it('sets the owner’s picture, at most 400 px wide, and replaces it on the next upload', async () => {
      const res = await send('POST', API.updateImage, owner.token, {}, [imageFile(await cameraJpeg(1600, 1200))]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: MESSAGES.imageUpdated });
      const user = (await t.app.inject({ method: 'GET', url: API.userData, headers: { authorization: owner.token } })).json().user;
      expect(user.image).toBe(res.json().image);
      const served = await fetchImage(user.image);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: PROFILE_IMAGE_MAX_WIDTH, height: 300 });

      const second = await send('POST', API.updateImage, owner.token, {}, [imageFile(await smallPng(100, 100), 'me.png', 'image/png')]);
      expect(second.statusCode).toBe(200);
      expect((await fetchImage(user.image)).statusCode).toBe(404);
      expect((await fetchImage(second.json().image)).statusCode).toBe(200);
    });

    it('needs an image that is one', async () => {
      const none = await send('POST', API.updateImage, owner.token, {}, []);
      expect(none.statusCode).toBe(400);
      const text = await send('POST', API.updateImage, owner.token, {}, [imageFile(NOT_AN_IMAGE, 'me.png')]);
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe(MESSAGES.imageInvalid);
    });
  });
});
