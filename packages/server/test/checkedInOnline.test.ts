/**
 * The counter's two minutes (decision 125): a booking checked in online is handed over without the
 * licence, the terms and the customer's signature. The desk says so and what is still waited for;
 * the check-out keeps the agreement signed online byte for byte and seals the car's condition as an
 * appendix anyone can verify; a booking not checked in online is refused the short form by its code.
 */
import { createHash } from 'node:crypto';
import { counterResponses, pathFor, REFUSAL_CODES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, documents, rentals } from '../src/db/schema';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { approvedCustomer, balanceOf, checkInForm, confirmedBooking, postCounter, signaturePng } from './support/counter';
import { addCar, day } from './support/fleet';
import { multipart } from './support/multipart';
import { pdfText } from './support/pdfText';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './support/smtpSink';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe(`check-out of a booking checked in online (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let owner: Account;
  let plate = 500;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url }, mailSender: { pollMs: 50, retryBaseMs: 100 } });
    owner = await createOwner(t.app, { name: 'Marlon Staff' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** A confirmed booking from today, its customer with licence and documents. */
  async function pickupToday(vetting: 'approved' | 'waiting' = 'approved', name = 'Tanisha Online') {
    const car = await addCar(t.app, owner.token, { plate: `${plate++} OC` } as never);
    const customer = await approvedCustomer(t.app, name, vetting);
    for (const kind of ['licence_front', 'licence_back', 'passport', 'proof_of_address'] as const)
      await t.db.insert(documents).values({ userId: customer.user._id, kind, content: Buffer.from('photo'), mimeType: 'image/webp', size: 5 });
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    return { customer, booking };
  }

  /** The customer checks in online: a code from the e-mail, then the signature. */
  async function checkInOnline(customer: Account, bookingId: string) {
    const api = testApi(t.app, customer.token);
    const isCode = (mail: ReceivedMail) => mail.to.includes(customer.user.email.toLowerCase()) && mail.subject.startsWith('Your check-in code');
    const before = sink.mails.filter(isCode).length;
    await api.call('sendCheckInCode', { params: { id: bookingId } });
    const mails = await sink.waitFor(isCode, { count: before + 1, timeoutMs: 20_000 });
    const code = /(\d{6})/.exec(mails.at(-1)!.subject)![1]!;
    const done = await api.call('completeCheckIn', { params: { id: bookingId }, body: { pickupTime: '10:00', code, signature: await signaturePng() } });
    return done.booking.onlineCheckIn;
  }

  /** What the agent records at the car: the readings, the damages as noted, the items and keys, the money, and their signature. */
  async function shortForm(bookingId: string, overrides: Record<string, unknown> = {}) {
    const balance = await balanceOf(t.app, owner.token, bookingId);
    return {
      odometerKm: 12_345,
      fuelEighths: 6,
      existingDamagesConfirmed: true,
      items: ['Keys', 'Spare tyre'],
      deposit: { amount: 15_000, method: 'card', reference: 'Slip 88' },
      ...(balance > 0 && { payment: { method: 'cash', amount: balance, reference: '' } }),
      staffSignature: await signaturePng(),
      ...overrides,
    };
  }

  const pdf = (token: string, which: 'agreementPdf' | 'conditionPdf', id: string) =>
    t.app.inject({ method: 'GET', url: pathFor(which, { id }), headers: authHeader(token) });
  const statusNow = async (id: string) => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status;
  async function verify(bytes: Buffer) {
    const body = await multipart({}, [{ name: 'file', bytes, filename: 'condition.pdf', type: 'application/pdf' }]);
    return (await t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: body.headers, payload: body.payload })).json();
  }

  it('refuses the short form for a booking not checked in online, by its code, and changes nothing', async () => {
    const { booking } = await pickupToday('approved', 'Devon Counter');
    const bare = await postCounter(t.app, owner.token, 'checkOut', booking._id, await shortForm(booking._id));
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'counter_paperwork_missing', message: REFUSAL_CODES.counter_paperwork_missing });
    // The licence and address typed, still no customer's signature: the same refusal.
    const unsigned = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await shortForm(booking._id, { licenceNumber: 'JM123456789', renterAddress: '4 Main Street, Portmore' }),
    );
    expect(unsigned.statusCode, unsigned.body).toBe(400);
    expect(unsigned.json().code).toBe('counter_paperwork_missing');
    expect(await statusNow(booking._id)).toBe('confirmed');
    expect((await pdf(owner.token, 'agreementPdf', booking._id)).statusCode).toBe(404);
    const desk = counterResponses.desk.parse(await testApi(t.app, owner.token).call('desk'));
    expect(desk.pickups.find((b) => b._id === booking._id)?.stillWaiting).toBeUndefined();
  });

  it('hands over a booking checked in online: the agreement unchanged, the condition appendix sealed and served to the customer and staff', async () => {
    const { customer, booking } = await pickupToday('approved', 'Tanisha Online');
    const checkedIn = await checkInOnline(customer, booking._id);

    // The desk: checked in online, waiting for nothing but the money at the counter.
    const desk = counterResponses.desk.parse(await testApi(t.app, owner.token).call('desk'));
    const row = desk.pickups.find((b) => b._id === booking._id)!;
    expect(row.onlineCheckIn).toEqual(checkedIn);
    expect(row.stillWaiting).toEqual({ vetting: false, balance: booking.price, deposit: expect.any(Number) });
    expect(row.stillWaiting!.balance).toBeGreaterThan(0);

    const before = await pdf(customer.token, 'agreementPdf', booking._id);
    expect(before.statusCode).toBe(200);
    expect(sha(before.rawPayload)).toBe(checkedIn.agreementSha256);

    // Staff must sign.
    const { staffSignature: _left, ...unsignedForm } = await shortForm(booking._id);
    const unsigned = await postCounter(t.app, owner.token, 'checkOut', booking._id, unsignedForm);
    expect(unsigned.statusCode, unsigned.body).toBe(400);
    expect(unsigned.json().code).toBe('staff_signature_missing');
    expect(await statusNow(booking._id)).toBe('confirmed');

    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await shortForm(booking._id));
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().booking.status).toBe('on_rent');

    // The agreement signed online: the same bytes, for the customer and for staff.
    for (const token of [customer.token, owner.token]) {
      const after = await pdf(token, 'agreementPdf', booking._id);
      expect(after.statusCode).toBe(200);
      expect(Buffer.compare(after.rawPayload, before.rawPayload)).toBe(0);
    }

    // The condition appendix: private, the car as handed over, sealed and verifiable.
    const condition = await pdf(customer.token, 'conditionPdf', booking._id);
    expect(condition.statusCode).toBe(200);
    expect(condition.headers['content-type']).toContain('application/pdf');
    expect(condition.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare((await pdf(owner.token, 'conditionPdf', booking._id)).rawPayload, condition.rawPayload)).toBe(0);
    const text = await pdfText(condition.rawPayload);
    for (const words of [
      'Condition at handover',
      booking.reference,
      'Tanisha Online',
      '12,345 km',
      '6/8 of a tank',
      'Handed over to the renter',
      'Spare tyre',
      'Marlon Staff',
      'Signing certificate',
    ])
      expect(text).toContain(words);
    expect(text).toContain(checkedIn.agreementSha256);
    expect(await verify(condition.rawPayload)).toMatchObject({ valid: true, reference: booking.reference });
    const changed = Buffer.from(condition.rawPayload);
    changed[300] = changed[300]! ^ 1;
    expect(await verify(changed)).toMatchObject({ valid: false });
    const stranger = await registerCustomer(t.app);
    expect((await pdf(stranger.token, 'conditionPdf', booking._id)).statusCode).toBe(404);

    // Linked from the customer's booking and the staff's.
    const mine = await testApi(t.app, customer.token).call('userBooking', { params: { reference: booking.reference } });
    expect(mine.booking.counter?.checkOut?.condition).toBe(pathFor('conditionPdf', { id: booking._id }));
    const counter = await testApi(t.app, owner.token).call('counterBooking', { params: { id: booking._id } });
    expect(counter.booking.counter.checkOut?.condition).toBe(pathFor('conditionPdf', { id: booking._id }));

    // A second check-out: refused, and nothing is replaced.
    const again = await postCounter(t.app, owner.token, 'checkOut', booking._id, await shortForm(booking._id));
    expect(again.statusCode).toBe(409);
    expect(Buffer.compare((await pdf(customer.token, 'conditionPdf', booking._id)).rawPayload, condition.rawPayload)).toBe(0);
    expect(Buffer.compare((await pdf(customer.token, 'agreementPdf', booking._id)).rawPayload, before.rawPayload)).toBe(0);
  });

  it('keeps refusing a driver waiting for the company’s check, even checked in online; the desk says who is waiting', async () => {
    const { customer, booking } = await pickupToday('waiting', 'Ricardo Waiting');
    await checkInOnline(customer, booking._id);
    const desk = counterResponses.desk.parse(await testApi(t.app, owner.token).call('desk'));
    expect(desk.pickups.find((b) => b._id === booking._id)?.stillWaiting?.vetting).toBe(true);
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await shortForm(booking._id));
    expect(out.statusCode, out.body).toBe(409);
    expect(await statusNow(booking._id)).toBe('confirmed');
    expect((await pdf(owner.token, 'conditionPdf', booking._id)).statusCode).toBe(404);
  });

  it('clears the appendix when the renter is erased after the return; their copy still checks, the agreement made again keeps the car as handed over', async () => {
    const { customer, booking } = await pickupToday('approved', 'Odane Erased');
    await checkInOnline(customer, booking._id);
    const out = await postCounter(t.app, owner.token, 'checkOut', booking._id, await shortForm(booking._id));
    expect(out.statusCode, out.body).toBe(200);
    const copy = (await pdf(customer.token, 'conditionPdf', booking._id)).rawPayload;
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm({ odometerKm: 12_400, fuelEighths: 6 }));
    expect(back.statusCode, back.body).toBe(200);
    await testApi(t.app, customer.token).call('deleteAccount', { body: { password: customer.password } });

    expect((await pdf(owner.token, 'conditionPdf', booking._id)).statusCode).toBe(404);
    const [rental] = await t.db
      .select({ condition: rentals.conditionPdf, agreement: rentals.agreementPdf })
      .from(rentals)
      .where(eq(rentals.bookingId, booking._id));
    expect(rental!.condition).toBeNull();
    const remade = await pdfText(rental!.agreement);
    expect(remade).not.toContain('Odane Erased');
    expect(remade).toContain('12,345 km');
    expect(await verify(copy)).toMatchObject({ valid: true, reference: booking.reference });
  });
});
