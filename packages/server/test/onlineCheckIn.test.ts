/**
 * Online check-in (issue 33, decision 124): the customer sees each step's state, asks for a 6-digit
 * code that arrives by e-mail (a real SMTP server in the test process), and signs the agreement on
 * the phone; the PDF is stored as made with its SHA-256, the booking answers carry onlineCheckIn,
 * each step is in the booking's history, and every refusal answers its code and stores nothing.
 */
import { createHash } from 'node:crypto';
import { type CompleteCheckInBodyInput, DEFAULT_WEEK_HOURS, pathFor, REFUSAL_CODES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, documents, onlineCheckIns } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  statusOf,
  type TestApp,
  testApi,
} from './helpers';
import { approvedCustomer, confirmedBooking, keysHandedOver, signaturePng } from './support/counter';
import { addCar, day } from './support/fleet';
import { multipart } from './support/multipart';
import { pdfText } from './support/pdfText';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './support/smtpSink';

const SITE = 'https://rent.example.com';

describe(`online check-in (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let owner: Account;
  const cars: string[] = [];
  let slot = 0;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url, publicUrl: SITE }, mailSender: { pollMs: 50, retryBaseMs: 100 } });
    owner = await createOwner(t.app, { name: 'Owner Checkin' });
    // Open ten days ahead: the tests' bookings take different days of a few cars.
    await t.db.execute(sql`UPDATE company_settings SET value = value || '{"onlineCheckInHours": 240}'::jsonb WHERE id = 1`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** Days of their own for each booking: four two-day slots a car, within the ten days check-in is open. */
  async function nextDays(): Promise<{ carId: string; pickup: string; ret: string }> {
    const index = slot++;
    const car = Math.floor(index / 4);
    while (cars.length <= car) cars.push((await addCar(t.app, owner.token, { brand: 'Toyota', model: `Yaris ${cars.length}` }))._id);
    const first = 1 + (index % 4) * 2;
    return { carId: cars[car]!, pickup: day(first), ret: day(first + 1) };
  }

  /** A customer approved by the company with all their documents, and their confirmed booking. */
  async function readyBooking(options: { vetting?: 'approved' | 'waiting'; documents?: boolean; name?: string } = {}) {
    const customer = await approvedCustomer(t.app, options.name ?? 'Keisha Brown', options.vetting ?? 'approved');
    if (options.documents !== false) {
      for (const kind of ['licence_front', 'licence_back', 'passport', 'proof_of_address'] as const)
        await t.db.insert(documents).values({ userId: customer.user._id, kind, content: Buffer.from('photo'), mimeType: 'image/webp', size: 5 });
    }
    const { carId, pickup, ret } = await nextDays();
    const booking = await confirmedBooking(t.app, owner, customer, carId, pickup, ret);
    return { customer, booking };
  }

  const state = (token: string, id: string) => testApi(t.app, token).call('onlineCheckIn', { params: { id } });
  const sendCode = (token: string, id: string) => testApi(t.app, token).call('sendCheckInCode', { params: { id } });
  const complete = (token: string, id: string, body: CompleteCheckInBodyInput) => testApi(t.app, token).call('completeCheckIn', { params: { id }, body });
  const history = async (id: string) => (await testApi(t.app, owner.token).call('bookingHistory', { params: { id } })).history.map((entry) => entry.kind);
  const row = async (id: string) => (await t.db.select().from(onlineCheckIns).where(eq(onlineCheckIns.bookingId, id)))[0];

  /** Asks for a code and reads it from the e-mail the customer receives. */
  async function codeFor(customer: Account, bookingId: string): Promise<string> {
    const isCode = (mail: ReceivedMail) => mail.to.includes(customer.user.email.toLowerCase()) && mail.subject.startsWith('Your check-in code');
    const before = sink.mails.filter(isCode).length;
    await sendCode(customer.token, bookingId);
    const mails = await sink.waitFor(isCode, { count: before + 1, timeoutMs: 20_000 });
    const code = /Your check-in code: (\d{6})/.exec(mails.at(-1)!.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mails.at(-1)!.text).toContain(code!);
    return code!;
  }

  async function body(overrides: Partial<CompleteCheckInBodyInput> = {}): Promise<CompleteCheckInBodyInput> {
    return { pickupTime: '10:00', code: '000000', signature: await signaturePng(), ...overrides };
  }

  it('shows each step: drivers done, arrival and agreement to do, the money owing; the agreement reads as the counter will print it', async () => {
    const { customer, booking } = await readyBooking({ name: 'Andre Campbell' });
    const { checkIn } = await state(customer.token, booking._id);
    expect(checkIn.open).toBe(true);
    expect(checkIn.closedReason).toBeNull();
    expect(checkIn.drivers.state).toBe('done');
    expect(checkIn.drivers.drivers[0]).toMatchObject({ role: 'main', name: 'Andre Campbell', licenceGiven: true, documentsNeeded: [], vetting: 'approved' });
    expect(checkIn.arrival).toMatchObject({ state: 'to_do', pickupTime: null, pickupDate: booking.pickupDate });
    expect(checkIn.agreement.state).toBe('to_do');
    expect(checkIn.agreement.document.title).toBe('Rental agreement');
    const rows = checkIn.agreement.document.sections.flatMap((s) => s.blocks.flatMap((b) => (b.kind === 'rows' ? b.rows : [])));
    expect(rows).toContainEqual(['Name', 'Andre Campbell']);
    expect(rows.some(([label]) => label === 'Signed online')).toBe(true);
    expect(checkIn.money.state).toBe('to_do');
    expect(checkIn.money.balance).toBe(booking.price);
    expect(checkIn.money.bankReference).toBe(booking.reference);
    expect(checkIn.completed).toBeNull();

    // Staff may read it; another customer does not find it.
    expect((await state(owner.token, booking._id)).checkIn.reference).toBe(booking.reference);
    const stranger = await registerCustomer(t.app);
    expect((await refusalOf(state(stranger.token, booking._id))).status).toBe(404);
  });

  it('shows staff the sent code letter without its digits: a code is the customer’s proof of signing', async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const staff = testApi(t.app, owner.token);
    const theLetter = async () =>
      (await staff.call('ownerOutbox', { query: { page: '1' } })).messages.find(
        (m) => m.recipient === customer.user.email.toLowerCase() && m.subject.startsWith('Your check-in code'),
      );
    // Sent once the mail server took it (the customer's copy above holds the digits).
    await expect.poll(async () => (await theLetter())?.status, { timeout: 20_000 }).toBe('sent');
    const listed = (await theLetter())!;
    expect(listed.subject).toBe('Your check-in code: ••••••');
    const { outboxMessage } = await staff.call('outboxMessage', { params: { id: listed._id } });
    expect(outboxMessage.text).toContain(booking.reference);
    expect(`${outboxMessage.subject} ${outboxMessage.text} ${outboxMessage.html} ${outboxMessage.whatsApp ?? ''}`).not.toContain(code);
  });

  it('e-mails a 6-digit code kept only as its hash, refuses a second one within the minute, and not to staff', async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const stored = await row(booking._id);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect(JSON.stringify(await history(booking._id))).toContain('check_in_code_sent');
    // The history keeps no digits.
    const events = await t.db.execute(sql`SELECT data::text AS data FROM booking_events WHERE booking_id = ${booking._id}::uuid`);
    expect(JSON.stringify(events)).not.toContain(code);

    const again = await refusalOf(sendCode(customer.token, booking._id));
    expect(again.status).toBe(429);
    expect(again.answer?.code).toBe('check_in_code_too_soon');
    expect((await refusalOf(sendCode(owner.token, booking._id))).status).toBe(404);
    const { checkIn } = await state(customer.token, booking._id);
    expect(checkIn.agreement.triesLeft).toBe(5);
    expect(checkIn.agreement.codeEmail).toMatch(/^.•••@/);
  });

  it('sends at most five codes an hour', async () => {
    const { customer, booking } = await readyBooking();
    for (let i = 0; i < 5; i++) {
      await sendCode(customer.token, booking._id);
      // As if the minute between two codes had passed.
      await t.db
        .update(onlineCheckIns)
        .set({ codeSentAt: new Date(Date.now() - 120_000) })
        .where(eq(onlineCheckIns.bookingId, booking._id));
    }
    const sixth = await refusalOf(sendCode(customer.token, booking._id));
    expect(sixth.status).toBe(429);
    expect(sixth.answer?.code).toBe('check_in_codes_too_many');
  });

  it('signs: the agreement is stored as made with its SHA-256, the booking carries onlineCheckIn, every step is in the history', async () => {
    const { customer, booking } = await readyBooking({ name: 'Shanice Reid' });
    const code = await codeFor(customer, booking._id);
    const done = await testApi(t.app, customer.token).call('completeCheckIn', {
      params: { id: booking._id },
      body: await body({ code, pickupTime: '11:30', flightNumber: 'jm 123' }),
    });
    expect(done.booking.onlineCheckIn.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await row(booking._id);
    expect(createHash('sha256').update(stored!.agreementPdf!).digest('hex')).toBe(done.booking.onlineCheckIn.agreementSha256);
    expect(stored!.pickupTime).toBe('11:30');
    expect(stored!.flightNumber).toBe('JM 123');
    expect(stored!.signedUserAgent).toBeTruthy();
    expect(stored!.codeHash).toBeNull();
    expect(stored!.trail.map((e) => e.step)).toEqual(['code_sent', 'code_verified', 'signed']);

    const text = await pdfText(stored!.agreementPdf!);
    expect(text).toContain('Rental agreement');
    expect(text).toContain('Shanice Reid');
    expect(text).toContain('Signed online');
    expect(text).toContain('at 11:30');
    expect(text).toContain('Recorded at the counter when the keys are handed over');
    // Sealed: the signing certificate names the trail, and anyone holding the copy can check it.
    expect(text).toContain('Signing certificate');
    expect(text).toContain('Code verified');
    const checked = async (bytes: Buffer) => {
      const body = await multipart({}, [{ name: 'file', bytes, filename: 'agreement.pdf', type: 'application/pdf' }]);
      return (await t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: body.headers, payload: body.payload })).json();
    };
    expect(await checked(Buffer.from(stored!.agreementPdf!))).toMatchObject({ valid: true, reference: booking.reference });
    const changed = Buffer.from(stored!.agreementPdf!);
    changed[200] = changed[200]! ^ 1;
    expect(await checked(changed)).toMatchObject({ valid: false, reference: null });

    expect(await history(booking._id)).toEqual(expect.arrayContaining(['check_in_code_sent', 'check_in_code_verified', 'checked_in_online']));
    // The customer reads the signed agreement back, the same bytes each time, never cached; nobody else finds it.
    for (let i = 0; i < 2; i++) {
      const pdf = await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: booking._id }), headers: authHeader(customer.token) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['cache-control']).toContain('no-store');
      expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(done.booking.onlineCheckIn.agreementSha256);
    }
    const stranger = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: booking._id }), headers: authHeader(stranger.token) })).statusCode).toBe(
      404,
    );
    // The booking's answers carry it: the customer's page and the staff's list.
    const mine = await testApi(t.app, customer.token).call('userBooking', { params: { reference: booking.reference } });
    expect(mine.booking.onlineCheckIn).toEqual(done.booking.onlineCheckIn);
    const list = await testApi(t.app, owner.token).call('ownerBookings', { query: {} });
    expect(list.bookings.find((b) => b._id === booking._id)?.onlineCheckIn?.agreementSha256).toBe(done.booking.onlineCheckIn.agreementSha256);
    const { checkIn } = await state(customer.token, booking._id);
    expect(checkIn).toMatchObject({ open: false, closedReason: 'completed', completed: done.booking.onlineCheckIn });
    expect(checkIn.arrival).toMatchObject({ state: 'done', pickupTime: '11:30', flightNumber: 'JM 123' });

    // A second completion: refused, and the stored agreement is the same bytes.
    const second = await refusalOf(complete(customer.token, booking._id, await body({ code })));
    expect(second.status).toBe(409);
    expect(second.answer?.code).toBe('check_in_done');
    expect((await row(booking._id))!.agreementSha256).toBe(done.booking.onlineCheckIn.agreementSha256);
    // A booking without online check-in carries none.
    const other = await readyBooking();
    expect(
      (await testApi(t.app, other.customer.token).call('userBooking', { params: { reference: other.booking.reference } })).booking.onlineCheckIn,
    ).toBeUndefined();
  });

  it("an erased customer's online agreement, signature and where they signed from are gone; their copy still checks", async () => {
    const { customer, booking } = await readyBooking({ name: 'Odane Forgotten' });
    const code = await codeFor(customer, booking._id);
    const done = await testApi(t.app, customer.token).call('completeCheckIn', {
      params: { id: booking._id },
      body: await body({ code, flightNumber: 'JM 42' }),
    });
    const copy = Buffer.from((await row(booking._id))!.agreementPdf!);
    // Erasure waits for a booking still to come: cancelled first.
    await testApi(t.app, customer.token).call('cancelBooking', { body: { bookingId: booking._id } });
    await testApi(t.app, customer.token).call('deleteAccount', { body: { password: customer.password } });

    const erased = await row(booking._id);
    expect(erased).toMatchObject({ signature: null, agreementPdf: null, signedIp: null, signedUserAgent: null, flightNumber: null });
    expect(erased!.erasedAt).toBeInstanceOf(Date);
    expect(erased!.agreementSha256).toBe(done.booking.onlineCheckIn.agreementSha256);
    const pdf = await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: booking._id }), headers: authHeader(owner.token) });
    expect(pdf.statusCode).toBe(404);
    const answer = await multipart({}, [{ name: 'file', bytes: copy, filename: 'agreement.pdf', type: 'application/pdf' }]);
    const verified = await t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: answer.headers, payload: answer.payload });
    expect(verified.json()).toMatchObject({ valid: true, reference: booking.reference });
  });

  it('signs once when two completions arrive together: one agreement, the other 409 check_in_done', async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const send = async () => statusOf(callWithStatus(t.app, customer.token, 'completeCheckIn', { params: { id: booking._id }, body: await body({ code }) }));
    const statuses = await Promise.all([send(), send()]);
    expect(statuses.sort()).toEqual([200, 409]);
    const events = await history(booking._id);
    expect(events.filter((kind) => kind === 'checked_in_online')).toHaveLength(1);
  });

  it('refuses a pickup time outside the hours, a missing, non-PNG, unreadable or too large signature: nothing stored, the code still good', async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const cases: [Partial<CompleteCheckInBodyInput>, number, string][] = [
      [{ pickupTime: '05:00' }, 422, 'pickup_time_outside_hours'],
      [{ pickupTime: '23:00' }, 422, 'pickup_time_outside_hours'],
      [{ signature: '' }, 422, 'signature_missing'],
      [{ signature: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }, 422, 'signature_not_png'],
      [{ signature: 'a signature' }, 422, 'signature_not_png'],
      [
        { signature: `data:image/png;base64,${Buffer.from('not a png at all, only words pretending to be one, long enough').toString('base64')}` },
        422,
        'signature_unreadable',
      ],
      [{ signature: `data:image/png;base64,${'A'.repeat(600_000)}` }, 413, 'signature_too_large'],
    ];
    for (const [change, status, wanted] of cases) {
      const refused = await refusalOf(complete(customer.token, booking._id, await body({ code, ...change })));
      expect([wanted, refused.status]).toEqual([wanted, status]);
      expect(refused.answer?.code).toBe(wanted);
      expect(refused.answer?.message).toBeTruthy();
    }
    const stored = await row(booking._id);
    expect(stored).toMatchObject({ completedAt: null, agreementPdf: null, codeTries: 0 });
    expect(await history(booking._id)).not.toContain('checked_in_online');
    // The code still works after them.
    expect((await complete(customer.token, booking._id, await body({ code }))).booking.onlineCheckIn).toBeTruthy();
  });

  it('counts wrong codes: five tries, then a new code is needed; an expired code is refused', async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const wrong = code === '111111' ? '222222' : '111111';
    const first = await refusalOf(complete(customer.token, booking._id, await body({ code: wrong })));
    expect(first).toMatchObject({ status: 422, answer: { code: 'check_in_code_wrong' } });
    expect((await state(customer.token, booking._id)).checkIn.agreement.triesLeft).toBe(4);
    expect(await history(booking._id)).toContain('check_in_code_wrong');
    for (let i = 0; i < 3; i++) await refusalOf(complete(customer.token, booking._id, await body({ code: wrong })));
    const fifth = await refusalOf(complete(customer.token, booking._id, await body({ code: wrong })));
    expect(fifth.answer?.code).toBe('check_in_code_used_up');
    // Even the right code now: a new one is needed.
    const right = await refusalOf(complete(customer.token, booking._id, await body({ code })));
    expect(right).toMatchObject({ status: 422, answer: { code: 'check_in_code_used_up', message: REFUSAL_CODES.check_in_code_used_up } });
    expect((await row(booking._id))!.completedAt).toBeNull();

    // A new code, then its ten minutes pass.
    await t.db
      .update(onlineCheckIns)
      .set({ codeSentAt: new Date(Date.now() - 120_000) })
      .where(eq(onlineCheckIns.bookingId, booking._id));
    const fresh = await codeFor(customer, booking._id);
    await t.db
      .update(onlineCheckIns)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(onlineCheckIns.bookingId, booking._id));
    const expired = await refusalOf(complete(customer.token, booking._id, await body({ code: fresh })));
    expect(expired).toMatchObject({ status: 422, answer: { code: 'check_in_code_expired' } });

    // No code asked for at all.
    const other = await readyBooking();
    const none = await refusalOf(complete(other.customer.token, other.booking._id, await body()));
    expect(none).toMatchObject({ status: 422, answer: { code: 'check_in_code_missing' } });
    expect(await row(other.booking._id)).toBeUndefined();
  });

  it("refuses another person's booking, a pending, cancelled, too early or picked-up booking, with its code and nothing stored", async () => {
    const { customer, booking } = await readyBooking();
    const code = await codeFor(customer, booking._id);
    const stranger = await registerCustomer(t.app);
    expect((await refusalOf(complete(stranger.token, booking._id, await body({ code })))).status).toBe(404);
    expect((await refusalOf(complete(owner.token, booking._id, await body({ code })))).status).toBe(404);
    expect((await refusalOf(sendCode(stranger.token, booking._id))).status).toBe(404);

    // Pending: the company has not confirmed it.
    const pendingCustomer = await approvedCustomer(t.app, 'Pending Person');
    const days = await nextDays();
    const pending = (
      await testApi(t.app, pendingCustomer.token).call('createBooking', {
        body: { car: days.carId, pickupDate: days.pickup, returnDate: days.ret, paymentMethod: 'upfront' },
      })
    ).booking;
    expect((await state(pendingCustomer.token, pending._id)).checkIn).toMatchObject({ open: false, closedReason: 'not_confirmed' });
    expect((await refusalOf(sendCode(pendingCustomer.token, pending._id))).answer?.code).toBe('check_in_not_confirmed');

    // Cancelled after the code was sent: the code no longer signs.
    await t.db.update(bookings).set({ status: 'cancelled', statusReason: 'staff' }).where(eq(bookings.id, booking._id));
    const cancelled = await refusalOf(complete(customer.token, booking._id, await body({ code })));
    expect(cancelled).toMatchObject({ status: 409, answer: { code: 'check_in_cancelled' } });
    expect((await row(booking._id))!.completedAt).toBeNull();

    // Picked up already.
    const onRent = await readyBooking();
    await keysHandedOver(t.db, onRent.booking._id, owner.user._id);
    expect((await state(onRent.customer.token, onRent.booking._id)).checkIn.closedReason).toBe('checked_out');
    expect((await refusalOf(sendCode(onRent.customer.token, onRent.booking._id))).answer?.code).toBe('check_in_closed');

    // Too early: pickup beyond the window.
    const early = await readyBooking();
    await t.db
      .update(bookings)
      .set({ pickupDate: day(40), returnDate: day(41) })
      .where(eq(bookings.id, early.booking._id));
    const { checkIn } = await state(early.customer.token, early.booking._id);
    expect(checkIn).toMatchObject({ open: false, closedReason: 'too_early' });
    expect(Date.parse(checkIn.opensAt)).toBeGreaterThan(Date.now());
    expect((await refusalOf(sendCode(early.customer.token, early.booking._id))).answer?.code).toBe('check_in_not_open_yet');
  });

  it('asks for the documents first, and signs a customer still waiting for vetting while alerting staff', async () => {
    const missing = await readyBooking({ documents: false });
    const { checkIn } = await state(missing.customer.token, missing.booking._id);
    expect(checkIn.drivers.state).toBe('to_do');
    expect(checkIn.drivers.drivers[0]!.documentsNeeded).toContain('Passport or work ID');
    const code = await codeFor(missing.customer, missing.booking._id);
    const refused = await refusalOf(complete(missing.customer.token, missing.booking._id, await body({ code })));
    expect(refused).toMatchObject({ status: 409, answer: { code: 'check_in_drivers_missing' } });

    const waiting = await readyBooking({ vetting: 'waiting', name: 'Waiting Walker' });
    const seen = await state(waiting.customer.token, waiting.booking._id);
    expect(seen.checkIn.drivers.state).toBe('waiting');
    expect(seen.checkIn.drivers.drivers[0]!.vetting).toBe('waiting');
    const waitingCode = await codeFor(waiting.customer, waiting.booking._id);
    await complete(waiting.customer.token, waiting.booking._id, await body({ code: waitingCode }));
    expect(await history(waiting.booking._id)).toContain('check_in_vetting_waiting');
    const [alert] = await sink.waitFor((mail) => mail.subject.includes(`driver still to check: booking ${waiting.booking.reference}`), { timeoutMs: 20_000 });
    expect(alert!.text).toContain('Waiting Walker');
  });

  it('keeps opening hours per weekday in the company settings, validated; a pickup on a closed day is refused', async () => {
    const api = testApi(t.app, owner.token);
    const { company } = await api.call('staffCompany');
    expect(company.weekHours).toEqual(DEFAULT_WEEK_HOURS);
    expect(company.onlineCheckInHours).toBe(240);
    const { customer, booking } = await readyBooking();
    const weekday = new Date(`${booking.pickupDate}T12:00:00Z`).getUTCDay();
    const closedDay = (['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const)[weekday]!;
    const weekHours = { ...DEFAULT_WEEK_HOURS, [closedDay]: null };
    const saved = await api.call('updateCompany', { body: { ...company, weekHours } });
    expect(saved.company.weekHours[closedDay]).toBeNull();

    const bad = await fetchStatus('PUT', pathFor('updateCompany', {}), {
      ...company,
      weekHours: { ...DEFAULT_WEEK_HOURS, monday: { opens: '18:00', closes: '08:00' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Each day must close after it opens.');
    const badHours = await fetchStatus('PUT', pathFor('updateCompany', {}), { ...company, onlineCheckInHours: 0 });
    expect(badHours.status).toBe(400);

    const { checkIn } = await state(customer.token, booking._id);
    expect(checkIn.arrival.hours).toBeNull();
    const code = await codeFor(customer, booking._id);
    const refused = await refusalOf(complete(customer.token, booking._id, await body({ code })));
    expect(refused).toMatchObject({ status: 422, answer: { code: 'pickup_day_closed' } });
    await api.call('updateCompany', { body: { ...company, weekHours: DEFAULT_WEEK_HOURS } });
  });

  async function fetchStatus(method: 'PUT', url: string, payload: object) {
    const res = await t.app.inject({ method, url, headers: authHeader(owner.token), payload });
    return { status: res.statusCode, body: res.json() as { message: string; code: string } };
  }
});
