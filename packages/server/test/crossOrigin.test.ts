/**
 * Another origin's client (the company's previous React app, served from its own host) can use
 * the API: CORS for the listed origins only, absolute picture URLs with PUBLIC_URL, and pictures
 * another origin may show.
 */
import { API } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { addCar, book, day } from './support/fleet';

const CLIENT = 'https://old-client.example.com';
const STRANGER = 'https://evil.example.net';
const PUBLIC_URL = 'https://rent.example.com';

describe(`another origin's client (${describeDatabase})`, () => {
  let t: TestApp;
  let plain: TestApp;
  let ownerToken: string;
  let carImage: string;

  beforeAll(async () => {
    [t, plain] = await Promise.all([createTestApp({ config: { corsOrigins: [CLIENT, 'http://localhost:5173'], publicUrl: PUBLIC_URL } }), createTestApp()]);
    const owner = await createOwner(t.app);
    ownerToken = owner.token;
    carImage = (await addCar(t.app, ownerToken)).image;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), plain?.close()]);
  });

  describe('CORS', () => {
    it('answers a listed origin’s preflight with 2xx, allowing Authorization and Content-Type', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: API.createBooking,
        headers: { origin: CLIENT, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      expect(res.statusCode).toBeLessThan(300);
      expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
      const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
      expect(allowed).toContain('authorization');
      expect(allowed).toContain('content-type');
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    });

    it('grants a listed origin on API answers, failures included', async () => {
      const cars = await t.app.inject({ method: 'GET', url: API.cars, headers: { origin: CLIENT } });
      expect(cars.statusCode).toBe(200);
      expect(cars.headers['access-control-allow-origin']).toBe(CLIENT);
      const refused = await t.app.inject({ method: 'GET', url: API.userData, headers: { origin: CLIENT } });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe(CLIENT);
    });

    it('grants no other origin, on a call or a preflight', async () => {
      const cars = await t.app.inject({ method: 'GET', url: API.cars, headers: { origin: STRANGER } });
      expect(cars.statusCode).toBe(200);
      expect(cars.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: API.createBooking,
        headers: { origin: STRANGER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      // A look-alike of a listed origin is another origin.
      const lookalike = await t.app.inject({ method: 'GET', url: API.cars, headers: { origin: `${CLIENT}.evil.net` } });
      expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('grants nobody when CORS_ORIGINS is not set', async () => {
      const res = await plain.app.inject({ method: 'GET', url: API.cars, headers: { origin: CLIENT } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('pictures', () => {
    it('are absolute URLs from PUBLIC_URL in every answer that names one', async () => {
      expect(carImage).toMatch(new RegExp(`^${PUBLIC_URL}/api/images/[0-9a-f-]{36}$`));
      const { cars } = (await t.app.inject({ method: 'GET', url: API.cars })).json();
      expect(cars.length).toBeGreaterThan(0);
      for (const car of cars) expect(car.image.startsWith(`${PUBLIC_URL}/api/images/`)).toBe(true);

      const customer = await registerCustomer(t.app);
      const booked = await book(t.app, customer.token, cars[0]._id, day(3), day(4));
      expect(booked.statusCode).toBe(201);
      expect(booked.json().booking.car.image.startsWith(`${PUBLIC_URL}/api/images/`)).toBe(true);
      const mine = (await t.app.inject({ method: 'GET', url: API.userBookings, headers: authHeader(customer.token) })).json();
      expect(mine.bookings[0].car.image.startsWith(`${PUBLIC_URL}/api/images/`)).toBe(true);
      const owners = (await t.app.inject({ method: 'GET', url: API.ownerBookings, headers: authHeader(ownerToken) })).json();
      expect(owners.bookings[0].car.image.startsWith(`${PUBLIC_URL}/api/images/`)).toBe(true);
    });

    it('stay relative without PUBLIC_URL', async () => {
      const owner = await createOwner(plain.app);
      const car = await addCar(plain.app, owner.token);
      expect(car.image).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    });

    it('may be shown by another origin (Cross-Origin-Resource-Policy: cross-origin)', async () => {
      const res = await t.app.inject({ method: 'GET', url: new URL(carImage).pathname, headers: { origin: CLIENT } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });
  });
});
