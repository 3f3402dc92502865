/**
 * Property-based tests of every endpoint that takes input: random and malformed JSON, huge strings,
 * wrong types, unicode, negative and enormous numbers, impossible dates. Whatever arrives, the
 * answer is a 4xx with { success: false, message } and a sentence in it, never a 5xx, never a
 * stack trace, and the database is exactly as before.
 */
import { API, ACCOUNT_TYPES, BOOKING_STATUSES, CAR_CATEGORIES, DEFAULT_COMPANY, FUEL_TYPES, PAYMENT_METHODS, TRANSMISSIONS } from '@rental/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, TEST_PASSWORD, type Account, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { addCar, book, carForm, carUpload, day } from './support/fleet';
import { multipart } from './support/multipart';

/** Enough runs to find the odd case, few enough that the file stays within seconds. */
const RUNS = 40;

// ---------- values that are never valid for a field ----------
const huge = fc.constantFrom('x'.repeat(300_000), '😀'.repeat(40_000), `${'9'.repeat(5000)}`, 'ä'.repeat(100_000));
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const missing = fc.constant(undefined);
const blank = fc.constantFrom('', ' ', '\t\n', '\u00a0\u2003');
const invalidText = (max: number) =>
  fc.oneof(
    notText,
    missing,
    blank,
    huge,
    fc.string({ minLength: max + 1, maxLength: max + 40 }).filter((s) => s.trim().length > max),
  );
const invalidEmail = fc.oneof(
  notText,
  missing,
  blank,
  huge,
  fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('@')),
);
const invalidNewPassword = fc.oneof(notText, missing, fc.string({ maxLength: 7 }), fc.string({ minLength: 201, maxLength: 260 }), huge);
const invalidChoice = (values: readonly string[]) =>
  fc.oneof(
    notText,
    missing,
    huge,
    fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !values.includes(s)),
    fc.constantFrom(...values).map((v) => (v.toUpperCase() === v ? `${v} ` : v.toUpperCase())),
  );
const impossibleDate = fc.oneof(
  notText,
  missing,
  huge,
  fc.constantFrom('2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '9999-99-99', '2026-1-5', '05/01/2026', 'tomorrow', ''),
  fc.string({ maxLength: 12 }).filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s)),
  fc.integer({ min: 1, max: 2000 }).map((n) => day(-n)),
  fc.integer({ min: 366, max: 5000 }).map((n) => day(n)),
);
const invalidId = fc.oneof(
  notText,
  missing,
  huge,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom("' OR 1=1 --", '../../etc/passwd', '%00', '{"$ne":null}'),
);
const invalidWholeNumber = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: min - 1 }),
    fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noInteger: true }),
    fc.constantFrom(1e308, -1e308, 2 ** 53, '1e3', 'Infinity', 'NaN', '12abc', '', ' ', '-1', '0x10', '99999999999999999999999'),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 2 }),
    missing,
  );

type Spec = Record<string, fc.Arbitrary<unknown>>;

/** A valid body with at least one field replaced by an invalid value, and random extra fields. */
function brokenBody(valid: () => Record<string, unknown>, spec: Spec) {
  const fields = Object.keys(spec);
  return fc
    .record({
      extra: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      broken: fc.subarray(fields, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map((f) => spec[f]!.map((value) => [f, value] as const)))),
    })
    .map(({ extra, broken }) => {
      const body: Record<string, unknown> = { ...extra, ...valid() };
      for (const [field, value] of broken) body[field] = value;
      return body;
    });
}

/** Bytes that are not a JSON object: broken JSON, other JSON values, deep nesting, binary. */
const notAJsonObject = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => {
    try {
      const v = JSON.parse(s);
      return v === null || typeof v !== 'object' || Array.isArray(v);
    } catch {
      return true;
    }
  }),
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
    .map((v) => JSON.stringify(v)),
  fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '{"a":NaN}', '[]', 'null', '""', '0', '\u0000', '\ufeff{}x', '{"a":"\\ud800"'),
  fc.integer({ min: 50, max: 3000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
);

function expectCleanRefusal(res: LightMyRequestResponse, context: string) {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = res.json();
  expect(body.success, context).toBe(false);
  expect(typeof body.message, context).toBe('string');
  expect(body.message.trim().length, context).toBeGreaterThan(0);
  expect(body.message.length, context).toBeLessThan(300);
  expect(res.body, context).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|SELECT |INSERT |syntax error/i);
}

describe(`hostile input to every endpoint (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;
  let carId: string;
  let bookingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, customer] = await Promise.all([createOwner(t.app), registerCustomer(t.app)]);
    carId = (await addCar(t.app, owner.token))._id;
    bookingId = (await book(t.app, customer.token, carId, day(3), day(4))).json().booking._id;
    const bank = await t.app.inject({
      method: 'PUT',
      url: API.bankDetails,
      headers: authHeader(owner.token),
      payload: { bankName: 'NCB', accountHolderName: 'Waterford Car Rental', branch: 'Portmore', accountNumber: '12345', accountType: 'Savings' },
    });
    expect(bank.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  interface JsonEndpoint {
    method: 'POST' | 'PUT';
    url: string;
    token?: () => string;
    valid: () => Record<string, unknown>;
    spec: Spec;
  }

  const jsonEndpoints: Record<string, JsonEndpoint> = {
    register: {
      method: 'POST',
      url: API.register,
      valid: () => ({ name: 'Fuzzy', email: 'fuzzy@example.com', password: TEST_PASSWORD }),
      spec: { name: invalidText(100), email: invalidEmail, password: invalidNewPassword },
    },
    login: {
      method: 'POST',
      url: API.login,
      valid: () => ({ email: customer.user.email, password: TEST_PASSWORD }),
      // Any password but the right one fails; so does anything that is not a password at all.
      spec: {
        email: invalidEmail,
        password: fc.oneof(
          notText,
          missing,
          fc.string({ maxLength: 60 }).filter((p) => p !== TEST_PASSWORD),
          huge,
        ),
      },
    },
    'check-availability': {
      method: 'POST',
      url: API.checkAvailability,
      valid: () => ({ location: DEFAULT_COMPANY.locations[0], pickupDate: day(5), returnDate: day(6) }),
      // Any text is a location (one the company does not list has no cars); only non-text is refused.
      spec: { location: invalidText(100), pickupDate: impossibleDate, returnDate: impossibleDate },
    },
    'create booking': {
      method: 'POST',
      url: API.createBooking,
      token: () => customer.token,
      valid: () => ({ car: carId, pickupDate: day(40), returnDate: day(42), paymentMethod: 'upfront' }),
      spec: { car: invalidId, pickupDate: impossibleDate, returnDate: impossibleDate, paymentMethod: invalidChoice(PAYMENT_METHODS) },
    },
    'change-status': {
      method: 'POST',
      url: API.changeStatus,
      token: () => owner.token,
      valid: () => ({ bookingId, status: 'confirmed' }),
      spec: { bookingId: invalidId, status: invalidChoice(BOOKING_STATUSES) },
    },
    'bank-details': {
      method: 'PUT',
      url: API.bankDetails,
      token: () => owner.token,
      valid: () => ({ bankName: 'Scotiabank', accountHolderName: 'Waterford', branch: 'Portmore', accountNumber: '999-0001', accountType: 'Chequing' }),
      spec: {
        bankName: invalidText(100),
        accountHolderName: invalidText(100),
        branch: invalidText(100),
        accountNumber: fc.oneof(invalidText(34), fc.constantFrom('12<script>', "1'; DROP TABLE bookings; --", '１２３', '12\n34')),
        accountType: invalidChoice(ACCOUNT_TYPES),
      },
    },
    'toggle-car': { method: 'POST', url: API.toggleCar, token: () => owner.token, valid: () => ({ carId }), spec: { carId: invalidId } },
    'delete-car': { method: 'POST', url: API.deleteCar, token: () => owner.token, valid: () => ({ carId }), spec: { carId: invalidId } },
  };

  for (const [name, endpoint] of Object.entries(jsonEndpoints)) {
    it(`${endpoint.method} ${endpoint.url} (${name}): wrong types, missing fields, huge and impossible values`, async () => {
      const before = await everyRow(t.database.opened.raw);
      await fc.assert(
        fc.asyncProperty(brokenBody(endpoint.valid, endpoint.spec), async (body) => {
          const res = await t.app.inject({
            method: endpoint.method,
            url: endpoint.url,
            headers: { 'content-type': 'application/json', ...(endpoint.token ? authHeader(endpoint.token()) : {}) },
            payload: JSON.stringify(body),
          });
          expectCleanRefusal(res, `${name} ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      expect(await everyRow(t.database.opened.raw)).toEqual(before);
    });

    it(`${endpoint.method} ${endpoint.url} (${name}): bodies that are not a JSON object, or not JSON at all`, async () => {
      const before = await everyRow(t.database.opened.raw);
      await fc.assert(
        fc.asyncProperty(
          notAJsonObject,
          fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
          async (payload, type) => {
            const res = await t.app.inject({
              method: endpoint.method,
              url: endpoint.url,
              headers: { 'content-type': type, ...(endpoint.token ? authHeader(endpoint.token()) : {}) },
              payload,
            });
            expectCleanRefusal(res, `${name} ${type} ${payload.slice(0, 100)}`);
          },
        ),
        { numRuns: RUNS },
      );
      expect(await everyRow(t.database.opened.raw)).toEqual(before);
    });
  }

  const carDataSpec: Spec = {
    brand: invalidText(60),
    model: invalidText(60),
    year: invalidWholeNumber(1950, new Date().getUTCFullYear() + 1),
    pricePerDay: invalidWholeNumber(1, 1_000_000),
    category: invalidChoice(CAR_CATEGORIES),
    transmission: invalidChoice(TRANSMISSIONS),
    fuel_type: invalidChoice(FUEL_TYPES),
    seating_capacity: invalidWholeNumber(1, 60),
    location: invalidChoice(DEFAULT_COMPANY.locations),
    description: invalidText(2000),
  };
  const brokenCarData = fc.oneof(
    { weight: 4, arbitrary: brokenBody(() => ({ ...carForm() }), carDataSpec).map((d) => JSON.stringify(d)) },
    { weight: 1, arbitrary: notAJsonObject },
  );

  for (const [name, call] of [
    ['add-car', () => ({ method: 'POST' as const, url: API.addCar })],
    ['update-car', () => ({ method: 'PUT' as const, url: API.updateCar(carId) })],
  ] as const) {
    it(`${name}: carData with wrong types, missing fields, huge and impossible values, or not JSON`, async () => {
      const before = await everyRow(t.database.opened.raw);
      await fc.assert(
        fc.asyncProperty(brokenCarData, fc.boolean(), async (carData, withImage) => {
          const form = await carUpload(carData, withImage ? undefined : null);
          const res = await t.app.inject({ ...call(), headers: { ...authHeader(owner.token), ...form.headers }, payload: form.payload });
          expectCleanRefusal(res, `${name} ${carData.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
      expect(await everyRow(t.database.opened.raw)).toEqual(before);
    });
  }

  it('update-image: random bytes, or no file, are refused', async () => {
    const before = await everyRow(t.database.opened.raw);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2000 }), fc.constantFrom('image', 'picture', ''), async (bytes, field) => {
        const form = await multipart({}, field ? [{ name: field, bytes: Buffer.from(bytes), filename: 'x.png', type: 'image/png' }] : []);
        const res = await t.app.inject({
          method: 'POST',
          url: API.updateImage,
          headers: { ...authHeader(owner.token), ...form.headers },
          payload: form.payload,
        });
        expectCleanRefusal(res, `update-image ${field} ${bytes.length} bytes`);
      }),
      { numRuns: RUNS },
    );
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('ids in paths: any text, any length, any (mal)formed encoding is a clean 4xx, never a 5xx', async () => {
    const before = await everyRow(t.database.opened.raw);
    const paths = [
      (id: string) => ({ method: 'GET' as const, url: `/api/user/car/${id}` }),
      (id: string) => ({ method: 'GET' as const, url: `/api/owner/car/${id}`, headers: authHeader(owner.token) }),
      (id: string) => ({ method: 'GET' as const, url: `/api/images/${id}` }),
      (id: string) => ({ method: 'PUT' as const, url: `/api/owner/update-car/${id}`, headers: authHeader(owner.token) }),
    ];
    const encoded = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, 'x'));
      }
    };
    const segment = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map(encoded),
      fc.uuid(),
      // Sent as they are: broken percent-encoding, traversal, NUL, overlong.
      fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..%2f..%2fetc%2fpasswd', '%00', `${'x'.repeat(5000)}`, '%F0%9F%98%80', "'%20OR%201=1"),
    );
    await fc.assert(
      fc.asyncProperty(segment, fc.constantFrom(...paths), async (id, path) => {
        const request = path(id);
        const res = await t.app.inject(request);
        expectCleanRefusal(res, `${request.method} ${request.url.slice(0, 120)}`);
      }),
      { numRuns: RUNS * 2 },
    );
    expect(await everyRow(t.database.opened.raw)).toEqual(before);
  });

  it('unicode of every kind in otherwise valid fields is stored and read back, or refused: never a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
      fc.constantFrom('Zoë 🚗', 'عربي', '\u0000nul', 'a\u0000b', '\ud800lone', 'e\u0301', '\u202eevil', 'NULL', "O'Brien; --"),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (bankName, branch) => {
        const res = await t.app.inject({
          method: 'PUT',
          url: API.bankDetails,
          headers: authHeader(owner.token),
          payload: { bankName, accountHolderName: 'Waterford', branch, accountNumber: '4242-4242', accountType: 'Savings' },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) return expectCleanRefusal(res, `bank ${JSON.stringify([bankName, branch])}`);
        const read = await t.app.inject({ method: 'GET', url: API.publicBankDetails });
        // What customers read back is exactly what the owner was told was saved.
        expect(read.json().bankDetails).toEqual(res.json().bankDetails);
      }),
      { numRuns: RUNS },
    );
  });
});
