/**
 * Every failure body carries a code beside its sentence, so screens decide on codes: the general
 * code of its status where the refusal has no particular one, the particular one where it has, and
 * OpenAPI names them all with their words.
 */
import { ALL_FAILURE_CODES, API, codeOfStatus, REFUSAL_CODES, ROUTES } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, refusalOf, registerCustomer, type TestApp } from './helpers';
import { addCar, day } from './support/fleet';

describe(`refusal codes (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  it('gives every code words, and the general code of each status', () => {
    for (const [code, words] of Object.entries(ALL_FAILURE_CODES)) expect(words.length, code).toBeGreaterThan(10);
    expect([400, 401, 403, 404, 409, 413, 422, 429, 500, 503].map(codeOfStatus)).toEqual([
      'invalid_input',
      'login_needed',
      'not_allowed',
      'not_found',
      'conflict',
      'too_large',
      'not_possible',
      'too_many_attempts',
      'server_error',
      'unavailable',
    ]);
  });

  it('answers bad input, no session, no right and nothing there with their codes', async () => {
    const badJson = await t.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ success: false, code: 'invalid_input' });
    const noSession = await t.app.inject({ method: 'GET', url: API.userBookings });
    expect(noSession.json()).toMatchObject({ success: false, code: 'login_needed' });
    const notStaff = await t.app.inject({ method: 'GET', url: API.ownerBookings, headers: authHeader(customer.token) });
    expect(notStaff.json()).toMatchObject({ success: false, code: 'not_allowed' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { accept: 'application/json' } });
    expect(missing.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('answers a booking of taken days with dates_taken, and a refused staff step with its own code', async () => {
    const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', year: 2021 });
    const book = (token: string, pickupDate: string, returnDate: string) =>
      callWithStatus(t.app, token, 'createBooking', { body: { car: car._id, pickupDate, returnDate, paymentMethod: 'upfront' } });
    const first = await book(customer.token, day(30), day(31));
    expect(first.status).toBe(201);
    const other = await registerCustomer(t.app);
    const second = await refusalOf(book(other.token, day(31), day(32)));
    expect(second.status).toBe(409);
    expect(second.answer).toMatchObject({ success: false, code: 'dates_taken' });

    const bookingId = first.answer.booking._id;
    const nothingOwing = await callWithStatus(t.app, owner.token, 'changePaymentStatus', { body: { bookingId, paymentStatus: 'paid', method: 'cash' } });
    expect(nothingOwing.status).toBe(200);
    const again = callWithStatus(t.app, owner.token, 'changePaymentStatus', { body: { bookingId, paymentStatus: 'paid' } });
    expect(await refusalOf(again)).toEqual({ status: 409, answer: { success: false, code: 'nothing_owing', message: REFUSAL_CODES.nothing_owing } });
  });

  it('lists every code with its words in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: ROUTES.openApi.path })).json();
    const code = doc.components.schemas.Failure.properties.code;
    expect(code.enum).toEqual(expect.arrayContaining(Object.keys(ALL_FAILURE_CODES)));
    expect(code.description).toContain(REFUSAL_CODES.refund_too_much);
  });
});
