/**
 * Finding a booking without an account password (issue 33 item 4, docs/decisions/123): the look-up
 * by reference and last name or e-mail, the one-time link e-mailed to a real SMTP server in this
 * process, the session it opens for that booking alone, and the limits.
 */
import { API, BOOKING_LOOKUP_MESSAGES, BOOKING_LOOKUP_REFUSALS, MESSAGES, type Car } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSignInLinks, outbox } from '../src/db/schema';
import { hashLinkToken } from '../src/features/bookingLookup/routes';
import {
  authHeader,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  testApi,
  type Account,
  type TestApp,
  uniqueEmail,
} from './helpers';
import { addCar, day } from './support/fleet';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

const SITE = 'https://rent.example.com';
const LINK = /https:\/\/rent\.example\.com\/booking\/sign-in\?token=([A-Za-z0-9_-]+)/;

describe(`booking look-up without a password (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let owner: Account;
  let agent: Account;
  let car: Car;
  let nextDay = 20;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url, publicUrl: SITE }, mailSender: { pollMs: 50, retryBaseMs: 100 } });
    owner = await createOwner(t.app);
    agent = await createStaff(t.app, 'agent');
    car = await addCar(t.app, owner.token, { brand: 'Toyota', model: 'Yaris' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** A walk-in booked by the agent: no password, maybe no e-mail. */
  async function walkIn(name: string, email?: string) {
    const start = (nextDay += 3);
    const made = await testApi(t.app, agent.token).call('staffBooking', {
      body: {
        customer: { name, phone: '876 555 0190', ...(email && { email }) },
        car: car._id,
        pickupDate: day(start),
        returnDate: day(start + 1),
        paymentMethod: 'upfront',
      },
    });
    return made.booking;
  }

  const lookup = (reference: string, lastNameOrEmail: string, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: API.bookingLookup, payload: { reference, lastNameOrEmail }, remoteAddress });
  const signIn = (token: string) => t.app.inject({ method: 'POST', url: API.bookingLookupSignIn, payload: { token } });

  async function linkFor(email: string, reference: string): Promise<string> {
    const [mail] = await sink.waitFor((m) => m.to.includes(email) && m.subject === `Your sign-in link for booking ${reference}`);
    const found = LINK.exec(mail!.text);
    expect(found, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(found![0]);
    return found![1]!;
  }

  it('a walk-in finds the booking by last name (any case, spaces) or e-mail, sees it read-only, and gets a one-time link by e-mail', async () => {
    const email = uniqueEmail('lookup');
    const booking = await walkIn('Andrea Mc Kenzie-Brown', email);
    for (const typed of ['  BROWN ', 'mckenzie-brown', 'Mc Kenzie Brown', email.toUpperCase()]) {
      const reference = typed === 'mckenzie-brown' ? booking.reference.toLowerCase().replace('-', ' ') : booking.reference;
      const res = await lookup(reference, typed);
      expect(res.statusCode, typed).toBe(200);
      const answer = res.json();
      expect(answer.booking).toMatchObject({
        reference: booking.reference,
        car: { brand: 'Toyota', model: 'Yaris' },
        pickupDate: booking.pickupDate,
        returnDate: booking.returnDate,
        status: booking.status,
        owed: { charged: booking.price, paid: 0, balance: booking.price, currency: 'JMD' },
      });
      // Nothing personal: no name, address, phone, drivers or ids.
      const text = res.body;
      for (const secret of [email, 'Andrea', '876 555 0190', booking._id, 'additionalDrivers', 'user']) expect(text).not.toContain(secret);
      if (typed === '  BROWN ') {
        expect(answer).toMatchObject({ linkSent: true, message: BOOKING_LOOKUP_MESSAGES.linkSent });
      }
    }
    const token = await linkFor(email, booking.reference);
    // Only the hash is kept.
    const stored = await t.db.select().from(bookingSignInLinks).where(eq(bookingSignInLinks.bookingId, booking._id));
    expect(stored.map((s) => s.tokenHash)).toContain(hashLinkToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Three links in 15 minutes, then the fourth look-up still shows the booking but sends none.
    const res = await lookup(booking.reference, 'brown');
    expect(res.json()).toMatchObject({ linkSent: false, message: BOOKING_LOOKUP_MESSAGES.linkSentLately });
    const links = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.recipient} = ${email} AND ${outbox.kind} = 'booking_sign_in_link'`);
    expect(links).toHaveLength(3);
  });

  it('no match: the same refusal whether the reference or the name was wrong, and nothing sent', async () => {
    const email = uniqueEmail('nomatch');
    const booking = await walkIn('Ricardo Powell', email);
    const wrongName = await lookup(booking.reference, 'Powel');
    const wrongRef = await lookup('WR-222222', 'Powell');
    const notARef = await lookup('hello', 'Powell');
    const firstName = await lookup(booking.reference, 'Ricardo');
    const otherMail = await lookup(booking.reference, uniqueEmail('other'));
    for (const res of [wrongName, wrongRef, notARef, firstName, otherMail]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'lookup_no_match', message: BOOKING_LOOKUP_REFUSALS.lookup_no_match });
    }
    const rows = await t.db.select().from(bookingSignInLinks).where(eq(bookingSignInLinks.bookingId, booking._id));
    expect(rows).toHaveLength(0);
  });

  it('a walk-in without an e-mail sees the booking and is told no link can be sent', async () => {
    const booking = await walkIn('Kemar Thompson');
    const res = await lookup(booking.reference, 'thompson');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ linkSent: false, message: BOOKING_LOOKUP_MESSAGES.noEmail, booking: { reference: booking.reference } });
  });

  it('the link signs in to that booking only, once; the session reaches no other call', async () => {
    const email = uniqueEmail('scoped');
    const booking = await walkIn('Shanice Walters', email);
    const other = await walkIn('Someone Else', uniqueEmail('else'));
    const customer = await registerCustomer(t.app, { name: 'Paul Walters' });
    expect((await lookup(booking.reference, email)).statusCode).toBe(200);
    const token = await linkFor(email, booking.reference);

    const [first, second] = [await signIn(token), await signIn(token)];
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ bookingId: booking._id, reference: booking.reference, message: BOOKING_LOOKUP_MESSAGES.signedIn });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ success: false, code: 'lookup_link_gone', message: BOOKING_LOOKUP_REFUSALS.lookup_link_gone });
    const session = first.json().token as string;

    // Its own booking: read in full, by its reference in any spelling.
    const own = await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference.toLowerCase()), headers: authHeader(session) });
    expect(own.statusCode).toBe(200);
    expect(own.json().booking._id).toBe(booking._id);
    // And its folio: what is owed.
    const folio = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking._id}/folio`, headers: authHeader(session) });
    expect(folio.statusCode).toBe(200);
    expect(folio.json().folio.totals.balance).toBe(booking.price);

    // And its online check-in: the state of each step.
    const checkIn = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking._id}/online-check-in`, headers: authHeader(session) });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().checkIn.bookingId).toBe(booking._id);

    // Nothing else: other bookings, the account, the customer's calls, staff pages.
    const walk: [string, string, number[]][] = [
      ['GET', API.userBooking(other.reference), [404]],
      ['GET', API.userBookings, [401]],
      ['GET', API.userData, [401]],
      ['GET', API.userDocuments, [401]],
      ['POST', API.cancelBooking, [401]],
      ['GET', `/api/bookings/${other._id}/folio`, [404]],
      ['GET', `/api/bookings/${other._id}/online-check-in`, [404]],
      ['POST', `/api/bookings/${other._id}/online-check-in/code`, [404]],
      ['GET', API.ownerBookings, [401]],
      ['GET', '/api/owner/desk', [401]],
      ['GET', `/api/owner/bookings/${booking._id}/counter`, [401]],
    ];
    for (const [method, url, wanted] of walk) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: authHeader(session),
        ...(method === 'POST' && { payload: { bookingId: booking._id } }),
      });
      expect(wanted, `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 401) expect(res.json().message).toBe(BOOKING_LOOKUP_MESSAGES.otherBooking);
    }
    // Nor is the session anyone else's: a customer's own token still reads only their own bookings.
    expect((await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(customer.token) })).statusCode).toBe(404);
    // A made-up or tampered token is refused.
    expect((await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(`${session}x`) })).statusCode).toBe(401);
    expect((await signIn(randomBytes(32).toString('base64url'))).statusCode).toBe(400);
  });

  it('two uses of one link at once: one session, one refusal; a password change ends the session', async () => {
    const email = uniqueEmail('race');
    const booking = await walkIn('Jermaine Allen', email);
    await lookup(booking.reference, 'allen');
    const token = await linkFor(email, booking.reference);
    const statuses = (await Promise.all([signIn(token), signIn(token)])).map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const [used] = await t.db
      .select()
      .from(bookingSignInLinks)
      .where(eq(bookingSignInLinks.tokenHash, hashLinkToken(token)));
    expect(used!.usedAt).not.toBeNull();

    await lookup(booking.reference, 'allen', '10.1.0.2');
    const mails = await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('sign-in link'), { count: 2 });
    const token2 = mails.map((m) => LINK.exec(m.text)![1]!).find((found) => found !== token)!;
    const session = (await signIn(token2)).json().token as string;
    expect((await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(session) })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE users SET session_version = session_version + 1 WHERE id = (SELECT user_id FROM bookings WHERE id = ${booking._id})`);
    expect((await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(session) })).statusCode).toBe(401);
  });

  it('an expired link is refused', async () => {
    const email = uniqueEmail('expired');
    const booking = await walkIn('Tricia Campbell', email);
    await lookup(booking.reference, 'Campbell');
    const token = await linkFor(email, booking.reference);
    await t.db.execute(sql`UPDATE booking_sign_in_links SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashLinkToken(token)}`);
    const res = await signIn(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('lookup_link_gone');
  });

  it('a renter who is staff gets no staff powers through the link', async () => {
    const email = uniqueEmail('staffrenter');
    const booking = await walkIn('Marsha Grant', email);
    await t.db.execute(sql`UPDATE users SET role = 'owner', staff_role = 'manager' WHERE id = (SELECT user_id FROM bookings WHERE id = ${booking._id})`);
    expect((await lookup(booking.reference, 'grant')).statusCode).toBe(200);
    const session = (await signIn(await linkFor(email, booking.reference))).json().token as string;
    expect((await t.app.inject({ method: 'GET', url: API.userBooking(booking.reference), headers: authHeader(session) })).statusCode).toBe(200);
    for (const url of [API.ownerBookings, '/api/owner/desk', '/api/owner/dashboard']) {
      expect((await t.app.inject({ method: 'GET', url, headers: authHeader(session) })).statusCode, url).toBe(401);
    }
  });
});

describe(`a booking's sign-in link copied from the outbox, mail off (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let car: Car;

  beforeAll(async () => {
    // No SMTP: the letter waits in the outbox with its link, as for a walk-in whose e-mail cannot go.
    t = await createTestApp({ config: { publicUrl: SITE, paymentProvider: 'sandbox', host: '127.0.0.1' } });
    [owner, manager, agent] = [await createOwner(t.app), await createStaff(t.app, 'manager'), await createStaff(t.app, 'agent')];
    car = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function walkInBooking(name: string, email: string, start: number) {
    return (
      await testApi(t.app, agent.token).call('staffBooking', {
        body: { customer: { name, phone: '876 555 0192', email }, car: car._id, pickupDate: day(start), returnDate: day(start + 1), paymentMethod: 'upfront' },
      })
    ).booking;
  }

  it('owners and managers copy it (agents 403); it opens that booking once, and then answers link_gone', async () => {
    const email = uniqueEmail('copied');
    const booking = await walkInBooking('Kadian Lewis', email, 30);
    const lookup = await t.app.inject({ method: 'POST', url: API.bookingLookup, payload: { reference: booking.reference, lastNameOrEmail: 'lewis' } });
    expect(lookup.json()).toMatchObject({ linkSent: true });
    const [row] = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.recipient} = ${email} AND ${outbox.kind} = 'booking_sign_in_link'`);
    const id = String(row!.id);
    expect((await testApi(t.app, manager.token).call('outboxMessage', { params: { id } })).outboxMessage.copyLink).toBe(true);

    const denied = await refusalOf(testApi(t.app, agent.token).call('outboxLink', { params: { id } }));
    expect(denied.status).toBe(403);
    const { link } = await testApi(t.app, manager.token).call('outboxLink', { params: { id } });
    expect((await testApi(t.app, owner.token).call('outboxLink', { params: { id } })).link).toBe(link);
    const token = LINK.exec(link)?.[1];
    expect(token, link).toBeTruthy();

    const signedIn = await t.app.inject({ method: 'POST', url: API.bookingLookupSignIn, payload: { token: decodeURIComponent(token!) } });
    expect(signedIn.json()).toMatchObject({ bookingId: booking._id, reference: booking.reference });
    const gone = await refusalOf(testApi(t.app, owner.token).call('outboxLink', { params: { id } }));
    expect([gone.status, gone.answer?.code]).toEqual([409, 'link_gone']);
  });

  it('its session cannot start a card payment, for its own booking or another: the call names no booking in its path', async () => {
    const email = uniqueEmail('nocard');
    const booking = await walkInBooking('Orville Grant', email, 34);
    const other = await walkInBooking('Someone Other', uniqueEmail('othercard'), 38);
    await t.app.inject({ method: 'POST', url: API.bookingLookup, payload: { reference: booking.reference, lastNameOrEmail: email } });
    const [row] = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(sql`${outbox.recipient} = ${email} AND ${outbox.kind} = 'booking_sign_in_link'`);
    const { link } = await testApi(t.app, owner.token).call('outboxLink', { params: { id: String(row!.id) } });
    const session = (await t.app.inject({ method: 'POST', url: API.bookingLookupSignIn, payload: { token: decodeURIComponent(LINK.exec(link)![1]!) } })).json()
      .token as string;

    for (const bookingId of [booking._id, other._id]) {
      const res = await t.app.inject({ method: 'POST', url: API.startPayment, headers: authHeader(session), payload: { bookingId } });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().message).toBe(BOOKING_LOOKUP_MESSAGES.otherBooking);
    }
    const { attempts } = await testApi(t.app, owner.token).call('paymentAttempts', { query: { state: 'all' } });
    expect(attempts.filter((a) => a.bookingId === booking._id || a.bookingId === other._id)).toEqual([]);
  });
});

describe(`booking look-up limits (${describeDatabase})`, () => {
  let t: TestApp;
  let reference: string;

  beforeAll(async () => {
    t = await createTestApp({
      rateLimit: {
        max: 3,
        timeWindow: '1 minute',
        maxPerAddress: 6,
        perAccount: { max: 5, timeWindow: '15 minutes' },
        nameSpace: `t-${randomBytes(4).toString('hex')}-`,
      },
    });
    const owner = await createOwner(t.app);
    const agent = await createStaff(t.app, 'agent');
    const car = await addCar(t.app, owner.token);
    reference = (
      await testApi(t.app, agent.token).call('staffBooking', {
        body: { customer: { name: 'Dwayne Reid', phone: '876 555 0191' }, car: car._id, pickupDate: day(5), returnDate: day(6), paymentMethod: 'upfront' },
      })
    ).booking.reference;
  });
  afterAll(async () => {
    await t?.close();
  });

  const lookup = (ref: string, lastNameOrEmail: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: API.bookingLookup, payload: { reference: ref, lastNameOrEmail }, remoteAddress });

  it('failed tries are limited per address and reference, per reference from many addresses, and per address; right details do not count', async () => {
    // Right details do not use up the tries.
    for (let i = 0; i < 5; i++) expect((await lookup(reference, 'Reid', '10.2.0.1')).statusCode).toBe(200);
    // Three wrong names from one address, then even the right one waits.
    for (let i = 0; i < 3; i++) expect((await lookup(reference, 'Smith', '10.2.0.1')).statusCode).toBe(404);
    const locked = await lookup(reference, 'Reid', '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'too_many_attempts', message: MESSAGES.tooManyAttempts });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets in...
    expect((await lookup(reference, 'Reid', '10.2.0.2')).statusCode).toBe(200);
    // ...until the reference has had its 5 failures from everywhere.
    for (const address of ['10.2.0.3', '10.2.0.4']) expect((await lookup(reference, 'Smith', address)).statusCode).toBe(404);
    expect((await lookup(reference, 'Reid', '10.2.0.9')).statusCode).toBe(429);
    // One address trying many references: 6 a minute, whatever the reference.
    for (let i = 0; i < 6; i++) expect((await lookup(`WR-2222${'ABCDEFGH'[i]}2`, 'Reid', '10.3.0.1')).statusCode).toBe(404);
    expect((await lookup('WR-33333A', 'Reid', '10.3.0.1')).statusCode).toBe(429);
  });
});
