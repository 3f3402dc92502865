/**
 * Walk-ins who drive off (issue 32 item 3, docs/decisions/107): staff type a walk-in's licence and
 * send its photo (at the desk and with the booking), the same rules and vetting as a customer's own
 * entry; other drivers named at check-out, a driver who fails the rules refused before anything is
 * saved; and, with mail off, owners and managers copy a customer's welcome or password link out of
 * the outbox (agents 403), the link working once and expiring.
 */
import { ApiError } from '@rental/contract/client';
import { COUNTER_MESSAGES, DRIVER_MESSAGES, pathFor, REFUSAL_CODES, STAFF_BOOKING_MESSAGES, WALK_IN_MESSAGES, type Car } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, documents, driverDetails, outbox, passwordResets, users } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  registerCustomer,
  testApi,
  type TestApp,
  uniqueEmail,
} from './helpers';
import { everyRow } from './support/everyRow';
import { paidCheckOutForm, postCounter, LICENCE } from './support/counter';
import { addCar, day } from './support/fleet';
import { smallPng } from './support/images';
import { formData } from './support/multipart';
import { pdfText } from './support/pdfText';

/** A licence typed off the card: held 8 years, valid 4 more, born 1985. */
const WALK_IN_LICENCE = {
  licenceNumber: LICENCE,
  licenceCountry: 'Jamaica',
  licenceIssued: day(-8 * 365),
  licenceExpires: day(4 * 365),
  dateOfBirth: '1985-03-14',
};
/** Another driver, 21 on the pickup day: younger than the shipped rule (23). */
const TOO_YOUNG = {
  name: 'Junior Young',
  licenceNumber: 'JM 555 111',
  licenceCountry: 'Jamaica',
  licenceIssued: day(-3 * 365),
  licenceExpires: day(3 * 365),
  dateOfBirth: day(-21 * 365 - 30),
};
const SECOND_DRIVER = {
  name: 'Delroy Whyte',
  licenceNumber: 'JM 3310 0042',
  licenceCountry: 'Jamaica',
  licenceIssued: '2012-04-01',
  licenceExpires: day(5 * 365),
  dateOfBirth: '1984-12-02',
};

describe(`walk-ins who drive off (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let car: Car;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app);
    manager = await createStaff(t.app, 'manager');
    agent = await createStaff(t.app, 'agent', { name: 'Kemar Counter' });
    car = await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris', odometerKm: 20_000 } as never);
    // Another driver costs 1,000 a day: naming one at the counter changes what is owed.
    await api(owner.token).call('savePrices', {
      body: {
        seasons: [],
        weeklyPercentOff: 0,
        monthlyPercentOff: 0,
        additionalDriverPerDay: 1000,
        delivery: { airport: null, portmore: null, kingston: null },
        extras: [],
      },
    });
  });
  afterAll(async () => t?.close());

  const api = (token: string) => testApi(t.app, token);
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  /** A walk-in booked today by the agent (phone only, no licence), confirmed at once. */
  async function walkInToday(name: string, driver?: typeof WALK_IN_LICENCE, days = 2, given?: Car) {
    const own = given ?? (await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note', odometerKm: 30_000 } as never));
    const made = await api(agent.token).call('staffBooking', {
      body: {
        customer: { name, phone: '876 555 0177' },
        car: own._id,
        pickupDate: day(0),
        returnDate: day(days),
        paymentMethod: 'upfront',
        status: 'confirmed',
        ...(driver && { driver }),
      },
    });
    return { ...made, car: own };
  }

  it('the agent types a walk-in’s licence and sends its photo at the desk; they wait for a check as a customer would, are approved from there, and drive off', async () => {
    const { booking, customerId, notice } = await walkInToday('Desmond Walkin');
    expect(notice).toBe(STAFF_BOOKING_MESSAGES.driverMissing);
    // Before: no licence, so no keys.
    const before = await api(agent.token).call('counterBooking', { params: { id: booking._id } });
    expect(before.booking.checkOutProblem).toBe(COUNTER_MESSAGES.driverNotApproved);

    const saved = await api(agent.token).call('saveCustomerDriver', { params: { id: customerId }, body: WALK_IN_LICENCE });
    expect(saved.message).toBe(WALK_IN_MESSAGES.driverSaved);
    expect(saved.customer).toMatchObject({
      _id: customerId,
      name: 'Desmond Walkin',
      vetting: { status: 'waiting' },
      driver: { licenceNumber: LICENCE, dateOfBirth: '1985-03-14' },
    });
    expect(saved.customer.checks[0]).toMatchObject({ reference: booking.reference, problems: [] });
    // The same details again change nothing, and say so.
    expect((await api(agent.token).call('saveCustomerDriver', { params: { id: customerId }, body: WALK_IN_LICENCE })).message).toBe(
      WALK_IN_MESSAGES.driverUnchanged,
    );

    // The photo of the licence, kept with the customer's documents (re-encoded, as their own upload).
    const photo = formData({ kind: 'licence_front' }, [{ name: 'file', bytes: await smallPng(640, 400), filename: 'licence.png', type: 'image/png' }]);
    const sent = await callWithStatus(t.app, agent.token, 'uploadCustomerDocument', { params: { id: customerId }, form: photo });
    expect(sent.status).toBe(201);
    expect(sent.answer).toMatchObject({ message: WALK_IN_MESSAGES.photoSaved, document: { kind: 'licence_front', mimeType: 'image/webp' } });
    const [kept] = await t.db.select({ userId: documents.userId }).from(documents).where(eq(documents.id, sent.answer.document._id));
    expect(kept!.userId).toBe(customerId);
    const read = await api(agent.token).call('customerDriver', { params: { id: customerId } });
    expect(read.customer.documents.map((d) => d.kind)).toEqual(['licence_front']);

    // Still waiting: the keys wait for the check, which the agent makes from the desk.
    expect((await api(agent.token).call('counterBooking', { params: { id: booking._id } })).booking.checkOutProblem).toBe(COUNTER_MESSAGES.driverNotApproved);
    await api(agent.token).call('decideVetting', { body: { userId: customerId, decision: 'approved', detailsUpdatedAt: read.customer.driver!.updatedAt } });
    const ready = await api(agent.token).call('counterBooking', { params: { id: booking._id } });
    expect(ready.booking.checkOutProblem).toBeNull();

    // Keys out and the agreement holds the licence staff typed.
    const out = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id, { odometerKm: 30_010 }));
    expect(out.statusCode, out.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: booking._id }), headers: authHeader(agent.token) });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`${LICENCE}, issued in Jamaica`);
    expect(text).toContain('14 Mar 1985');
    // The desk's "Done today" lists the keys out.
    const desk = await api(agent.token).call('desk');
    expect(desk.doneToday.find((b) => b._id === booking._id)).toMatchObject({ done: 'out', reference: booking.reference });
  });

  it('the licence typed with the booking is checked on its days: one the rules refuse books nothing and makes nobody; one they allow is kept for the check', async () => {
    const own = await addCar(t.app, owner.token, { brand: 'Kia', model: 'Rio', odometerKm: 30_000 } as never);
    const before = await everyRow(t.database.opened.raw);
    const young = { ...WALK_IN_LICENCE, dateOfBirth: day(-20 * 365) };
    const refused = await refusal(walkInToday('Too Young Walkin', young, 2, own));
    expect(refused.status).toBe(422);
    expect(refused.message).toContain('Too Young Walkin must be 23 or older on the pickup day');
    expect(await everyRow(t.database.opened.raw)).toEqual(before);

    const { customerId, notice } = await walkInToday('Marlene Walkin', WALK_IN_LICENCE, 2, own);
    expect(notice).toBeUndefined();
    const [row] = await t.db.select({ number: driverDetails.licenceNumber }).from(driverDetails).where(eq(driverDetails.userId, customerId));
    expect(row!.number).toBe(LICENCE);
    const [account] = await t.db.select({ vetting: users.vettingStatus }).from(users).where(eq(users.id, customerId));
    expect(account!.vetting).toBe('waiting');
  });

  it('the same checks as a customer’s own entry: bad dates are 400 in words; a staff account or nobody is 404', async () => {
    const { customerId } = await walkInToday('Check Walkin');
    const expired = await refusal(
      api(agent.token).call('saveCustomerDriver', { params: { id: customerId }, body: { ...WALK_IN_LICENCE, licenceExpires: day(-1) } }),
    );
    expect([expired.status, expired.message]).toEqual([400, 'This licence has expired. Please enter the details of a valid licence.']);
    for (const id of [manager.user._id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await refusal(api(agent.token).call('saveCustomerDriver', { params: { id }, body: WALK_IN_LICENCE }));
      expect([missing.status, missing.message]).toEqual([404, DRIVER_MESSAGES.customerNotFound]);
    }
  });

  it('other drivers at check-out: one who fails the rules is said before anything is saved; one who passes is named, the price follows and is paid with the keys', async () => {
    const { booking, customerId } = await walkInToday('Paula Walkin', WALK_IN_LICENCE, 3);
    const customer = await api(agent.token).call('customerDriver', { params: { id: customerId } });
    await api(agent.token).call('decideVetting', { body: { userId: customerId, decision: 'approved', detailsUpdatedAt: customer.customer.driver!.updatedAt } });
    const before = await everyRow(t.database.opened.raw);
    const young = await refusal(api(agent.token).call('counterDrivers', { params: { id: booking._id }, body: { drivers: [TOO_YOUNG] } }));
    expect(young.status).toBe(422);
    expect(young.message).toContain('Junior Young must be 23 or older on the pickup day to drive');
    expect(await everyRow(t.database.opened.raw)).toEqual(before);

    // The price with the driver is read first (price_changed with the quote), then accepted.
    const quoted = await refusal(
      api(agent.token).call('counterDrivers', { params: { id: booking._id }, body: { drivers: [SECOND_DRIVER], expectedTotal: booking.price } }),
    );
    expect(quoted.code).toBe('price_changed');
    const newTotal = (quoted.answer as { quote: { total: number } }).quote.total;
    const saved = await api(agent.token).call('counterDrivers', { params: { id: booking._id }, body: { drivers: [SECOND_DRIVER], expectedTotal: newTotal } });
    expect(saved.difference).toBe(newTotal - booking.price);
    expect(saved.booking).toMatchObject({ status: 'confirmed', additionalDrivers: [{ name: 'Delroy Whyte' }], price: newTotal });
    expect(saved.message).toContain(WALK_IN_MESSAGES.counterDriversSaved);

    // The difference is owed before the keys; paid with them, the agreement names the driver.
    const counter = await api(agent.token).call('counterBooking', { params: { id: booking._id } });
    expect(counter.booking.balance).toBe(newTotal);
    expect(counter.booking.additionalDrivers.map((d) => d.name)).toEqual(['Delroy Whyte']);
    const out = await postCounter(t.app, agent.token, 'checkOut', booking._id, await paidCheckOutForm(t.app, agent.token, booking._id, { odometerKm: 30_010 }));
    expect(out.statusCode, out.body).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: booking._id }), headers: authHeader(agent.token) });
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Delroy Whyte Born 2 Dec 1984');

    // Keys out: the list is closed.
    const late = await refusal(api(agent.token).call('counterDrivers', { params: { id: booking._id }, body: { drivers: [] } }));
    expect([late.status, late.message]).toEqual([409, WALK_IN_MESSAGES.counterDriversClosed]);
  });

  describe('a customer’s link copied from the outbox (mail off)', () => {
    /** The outbox message of this kind to this address. */
    const messageTo = async (recipient: string, kind: string) => {
      const [row] = await t.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(sql`${outbox.recipient} = ${recipient} AND ${outbox.kind} = ${kind}`);
      return String(row!.id);
    };

    it('a walk-in’s welcome link: owners and managers copy it, agents get 403 with its code; it works once, then answers link_gone', async () => {
      const email = uniqueEmail('walkin-link');
      await api(agent.token).call('staffBooking', {
        body: {
          customer: { name: 'Linked Walkin', phone: '876 555 0180', email },
          car: car._id,
          pickupDate: day(60),
          returnDate: day(61),
          paymentMethod: 'upfront',
        },
      });
      const id = await messageTo(email, 'welcome_link');
      const opened = await api(manager.token).call('outboxMessage', { params: { id } });
      expect(opened.outboxMessage.copyLink).toBe(true);
      // The letter itself never shows the link.
      expect(opened.outboxMessage.links.some((l) => l.includes('token='))).toBe(false);

      const denied = await refusal(api(agent.token).call('outboxLink', { params: { id } }));
      expect([denied.status, denied.code]).toEqual([403, 'not_allowed']);
      const { link } = await api(manager.token).call('outboxLink', { params: { id } });
      expect((await api(owner.token).call('outboxLink', { params: { id } })).link).toBe(link);
      expect(link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{20,}$/);

      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
      await testApi(t.app).call('resetPassword', { body: { token, password: 'walk-in chose this' } });
      const again = await refusal(testApi(t.app).call('resetPassword', { body: { token, password: 'someone else tries' } }));
      expect(again.status).toBe(400);
      const login = await testApi(t.app).call('login', { body: { email, password: 'walk-in chose this' } });
      expect(login.token).toBeTruthy();

      const gone = await refusal(api(manager.token).call('outboxLink', { params: { id } }));
      expect([gone.status, gone.code, gone.message]).toEqual([409, 'link_gone', REFUSAL_CODES.link_gone]);
      expect((await api(manager.token).call('outboxMessage', { params: { id } })).outboxMessage.copyLink).toBe(false);
    });

    it('a customer’s reset link is copied too, and answers link_gone once its hour is over', async () => {
      const customer = await registerCustomer(t.app, { name: 'Forgetful Customer' });
      await testApi(t.app).call('forgotPassword', { body: { email: customer.user.email } });
      const id = await messageTo(customer.user.email, 'password_reset_link');
      const { link } = await api(owner.token).call('outboxLink', { params: { id } });
      expect(link).toContain('/reset-password?token=');
      await t.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userId, customer.user._id));
      const gone = await refusal(api(owner.token).call('outboxLink', { params: { id } }));
      expect([gone.status, gone.code]).toEqual([409, 'link_gone']);
      const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
      expect((await refusal(testApi(t.app).call('resetPassword', { body: { token, password: 'too late for this' } }))).status).toBe(400);
    });

    it('no link is copied from a letter without one, nor from a staff member’s: 404', async () => {
      const [booked] = await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, 'booking_made_staff')).limit(1);
      expect((await refusal(api(owner.token).call('outboxLink', { params: { id: String(booked!.id) } }))).status).toBe(404);
      await testApi(t.app).call('forgotPassword', { body: { email: manager.user.email } });
      const staffLink = await messageTo(manager.user.email, 'password_reset_link');
      expect((await refusal(api(owner.token).call('outboxLink', { params: { id: staffLink } }))).status).toBe(404);
      expect((await api(owner.token).call('outboxMessage', { params: { id: staffLink } })).outboxMessage.copyLink).toBe(false);
    });
  });

  it('a customer’s bookings are untouched by staff typing their licence (no status or money written)', async () => {
    const { booking, customerId } = await walkInToday('Quiet Walkin');
    const [before] = await t.db.select({ status: bookings.status, price: bookings.price }).from(bookings).where(eq(bookings.id, booking._id));
    await api(agent.token).call('saveCustomerDriver', { params: { id: customerId }, body: WALK_IN_LICENCE });
    const [after] = await t.db.select({ status: bookings.status, price: bookings.price }).from(bookings).where(eq(bookings.id, booking._id));
    expect(after).toEqual(before);
  });
});
