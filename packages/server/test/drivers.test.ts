/**
 * Drivers the company can trust: details and the rules checked at booking (at their edges), the
 * documents and who may read them, vetting and its e-mails, do not rent, other drivers, erasure.
 */
import { API, type BodyInputOf, DELETED_CUSTOMER_NAME, DRIVER_MESSAGES, MESSAGES, pathFor, responses, ROUTES } from '@rental/contract';
import { PDFDocument, PDFName } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  outcomeOf,
  refusalOf,
  registerCustomer,
  statusOf,
  TEST_PASSWORD,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day, ownerCall } from './support/fleet';
import { cameraJpeg, NOT_AN_IMAGE } from './support/images';
import { formData } from './support/multipart';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

/** The same calendar day `years` earlier (a pickup on 29 February is moved off it by the callers). */
const yearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;
/** A pickup day at least `n` days ahead that is not 29 February, so "the same day n years before" exists. */
const pickupAt = (n: number) => (day(n).endsWith('-02-29') ? day(n + 1) : day(n));

function driverFor(pickupDate: string, returnDate: string, change: Record<string, string> = {}) {
  return {
    licenceNumber: 'JM 1234-5678',
    licenceCountry: 'Jamaica',
    licenceIssued: yearsBefore(pickupDate, 5),
    licenceExpires: yearsBefore(returnDate, -3),
    dateOfBirth: yearsBefore(pickupDate, 30),
    ...change,
  };
}

describe(`drivers (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url }, mailSender: { pollMs: 50, retryBaseMs: 100 } });
    owner = await createOwner(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload ? { payload } : {}) });
  /** The save's status, its answer when made and the refusal's whole answer when refused. */
  const saveDriver = (token: string, body: ReturnType<typeof driverFor>) => outcomeOf(callWithStatus(t.app, token, 'saveDriver', { body }));
  const userData = async (token: string) => responses.userData.parse(await testApi(t.app, token).call('userData'));
  /** A customer's booking through the typed client, with the status it was answered with. */
  const bookingCall = (token: string, car: string, pickupDate: string, returnDate: string) =>
    callWithStatus(t.app, token, 'createBooking', { body: { car, pickupDate, returnDate, paymentMethod: 'upfront' } });
  /** An upload's status, its answer when kept and the refusal's whole answer when refused. */
  const upload = (token: string, kind: string, bytes: Buffer, type = 'image/jpeg') =>
    outcomeOf(callWithStatus(t.app, token, 'uploadDocument', { form: formData({ kind }, [{ name: 'file', bytes, type, filename: 'document' }]) }));
  /** A vetting decision's status, its answer when made and the refusal's whole answer when refused. */
  const vet = (token: string, body: BodyInputOf<'decideVetting'>) => outcomeOf(callWithStatus(t.app, token, 'decideVetting', { body }));
  const waiting = async () => (await testApi(t.app, owner.token).call('vetting', { query: { status: 'waiting' } })).customers;

  describe('driver details', () => {
    it('are refused in plain words when impossible, and nothing is stored', async () => {
      const customer = await registerCustomer(t.app);
      const pickup = pickupAt(30);
      for (const [change, message] of [
        [{ dateOfBirth: day(1) }, 'The date of birth cannot be in the future.'],
        [{ licenceIssued: '2020-05-01', licenceExpires: '2020-04-30' }, 'The licence expiry date must be after its issue date.'],
        [{ licenceNumber: '' }, 'Licence number is required.'],
      ] as const) {
        const res = await saveDriver(customer.token, driverFor(pickup, pickup, change));
        expect(res.status).toBe(400);
        expect(res.refusal).toEqual({ success: false, code: expect.any(String), message });
      }
      expect(await userData(customer.token)).toMatchObject({ driver: null, vetting: { status: 'not_submitted' } });
    });

    it('once given, are the customer’s own in /api/user/data and put them in the queue to be checked', async () => {
      const customer = await registerCustomer(t.app);
      const details = driverFor(pickupAt(30), pickupAt(30));
      const res = await saveDriver(customer.token, details);
      expect(res.status).toBe(200);
      expect(res.answer).toMatchObject({ success: true, message: DRIVER_MESSAGES.driverSaved, driver: details, vetting: { status: 'waiting' } });
      expect(await userData(customer.token)).toMatchObject({ driver: details, vetting: { status: 'waiting' } });
      expect((await waiting()).some((c) => c._id === customer.user._id)).toBe(true);
    });
  });

  describe('the rules at booking', () => {
    it('23 on the pickup day books; a day younger is refused with the rule, in words', async () => {
      const car = await addCar(t.app, owner.token);
      const pickup = pickupAt(40);
      const ret = day(42) > pickup ? day(42) : pickup;
      const old = await registerCustomer(t.app);
      expect((await saveDriver(old.token, driverFor(pickup, ret, { dateOfBirth: yearsBefore(pickup, 23) }))).status).toBe(200);
      expect((await bookingCall(old.token, car._id, pickup, ret)).status).toBe(201);

      const young = await registerCustomer(t.app);
      const bornADayLater = new Date(Date.parse(`${yearsBefore(pickup, 23)}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect((await saveDriver(young.token, driverFor(pickup, ret, { dateOfBirth: bornADayLater, licenceIssued: yearsBefore(pickup, 3) }))).status).toBe(200);
      const other = await addCar(t.app, owner.token);
      const refused = await refusalOf(bookingCall(young.token, other._id, pickup, ret));
      expect(refused.status).toBe(422);
      expect(refused.answer).toEqual({ success: false, code: expect.any(String), message: 'You must be 23 or older on the pickup day to rent a car.' });
    });

    it('a licence held exactly 2 years books; a licence expiring the day before return does not', async () => {
      const car = await addCar(t.app, owner.token);
      const pickup = pickupAt(50);
      const ret = day(53);
      const customer = await registerCustomer(t.app);
      await saveDriver(customer.token, driverFor(pickup, ret, { licenceIssued: yearsBefore(pickup, 2) }));
      expect((await bookingCall(customer.token, car._id, pickup, ret)).status).toBe(201);

      const late = await registerCustomer(t.app);
      await saveDriver(late.token, driverFor(pickup, ret, { licenceExpires: day(52) }));
      const refused = await refusalOf(bookingCall(late.token, (await addCar(t.app, owner.token))._id, pickup, ret));
      expect(refused.status).toBe(422);
      expect(refused.answer?.message).toMatch(/^Your driving licence expires before the return day/);
    });

    it("follows the company's settings", async () => {
      const pickup = pickupAt(60);
      const customer = await registerCustomer(t.app);
      await saveDriver(customer.token, driverFor(pickup, pickup, { dateOfBirth: yearsBefore(pickup, 24) }));
      const company = (await testApi(t.app).call('company')).company;
      expect(company).toMatchObject({ minDriverAge: 23, minLicenceYears: 2 });
      expect((await callWithStatus(t.app, owner.token, 'updateCompany', { body: { ...company, minDriverAge: 25 } })).status).toBe(200);
      try {
        const refused = await refusalOf(bookingCall(customer.token, (await addCar(t.app, owner.token))._id, pickup, pickup));
        expect(refused.answer).toEqual({ success: false, code: expect.any(String), message: 'You must be 25 or older on the pickup day to rent a car.' });
        // A client that does not send the rules keeps them.
        const { minDriverAge: _a, minLicenceYears: _b, ...older } = company;
        await testApi(t.app, owner.token).call('updateCompany', { body: older });
        expect((await testApi(t.app).call('company')).company.minDriverAge).toBe(25);
      } finally {
        await testApi(t.app, owner.token).call('updateCompany', { body: company });
      }
    });

    it('without driver details a booking is a reservation: taken, with what is missing said, and staff see it', async () => {
      const customer = await registerCustomer(t.app);
      const res = await bookingCall(customer.token, (await addCar(t.app, owner.token))._id, day(20), day(21));
      expect(res.status).toBe(201);
      expect(res.answer).toMatchObject({ message: MESSAGES.bookingCreated, notice: DRIVER_MESSAGES.driverMissing });
      const listed = (await testApi(t.app, owner.token).call('ownerBookings', { query: { q: customer.user.email, limit: 5 } })).bookings;
      expect(listed[0]?.user).toMatchObject({ vetting: 'not_submitted', doNotRent: false });
    });
  });

  describe('documents', () => {
    it('a photo is kept without its metadata and read only by its customer and staff, never cached nor public', async () => {
      const customer = await registerCustomer(t.app);
      const stranger = await registerCustomer(t.app);
      const res = await upload(customer.token, 'licence_front', await cameraJpeg(2400, 1600));
      expect(res.status).toBe(201);
      const { document } = res.answer!;
      expect(document).toMatchObject({ kind: 'licence_front', mimeType: 'image/webp' });
      const url = pathFor('document', { id: document._id });

      expect((await call(undefined, 'GET', url)).statusCode).toBe(401);
      const refused = await refusalOf(testApi(t.app, stranger.token).call('document', { params: { id: document._id } }));
      expect(refused.status).toBe(404);
      expect(refused.answer?.message).toBe(DRIVER_MESSAGES.documentNotFound);
      // Not through the public pictures either.
      expect((await call(undefined, 'GET', pathFor('image', { id: document._id }))).statusCode).toBe(404);

      for (const reader of [customer, owner]) {
        const file = await call(reader.token, 'GET', url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toBe('private, no-store');
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.width).toBe(2000);
      }
      const listed = (await testApi(t.app, customer.token).call('userDocuments')).documents;
      expect(listed.map((d) => d._id)).toEqual([document._id]);
      expect((await testApi(t.app, stranger.token).call('userDocuments')).documents).toEqual([]);
    });

    it('a PDF is kept without its author and software; a file that is neither is refused in words', async () => {
      const customer = await registerCustomer(t.app);
      const pdf = await PDFDocument.create();
      pdf.addPage([300, 200]).drawText('Proof of address');
      pdf.setAuthor('Secret Author Name');
      pdf.setProducer('Scanner 3000 serial 998877');
      // A scanner's XMP packet, with where the scan was made.
      const xmp = pdf.context.stream('<x:xmpmeta><exif:GPSLatitude>17,57.1N</exif:GPSLatitude><dc:creator>Secret Author Name</dc:creator></x:xmpmeta>', {
        Type: 'Metadata',
        Subtype: 'XML',
      });
      pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(xmp));
      const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
      expect((await PDFDocument.load(bytes)).getAuthor()).toBe('Secret Author Name');
      expect(bytes.includes('GPSLatitude')).toBe(true);
      const res = await upload(customer.token, 'proof_of_address', bytes, 'application/pdf');
      expect(res.status).toBe(201);
      const file = await call(owner.token, 'GET', pathFor('document', { id: res.answer!.document._id }));
      expect(file.headers['content-type']).toBe('application/pdf');
      const kept = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
      expect([kept.getAuthor(), kept.getProducer(), kept.getCreationDate()]).toEqual([undefined, undefined, undefined]);
      expect(file.rawPayload.includes('GPSLatitude')).toBe(false);
      expect(file.rawPayload.includes('Secret Author')).toBe(false);
      expect(kept.getPageCount()).toBe(1);

      // Read in a thread of its own: a file that only starts like a PDF is refused in words, the server unharmed.
      const fake = await upload(customer.token, 'passport', Buffer.from('%PDF-1.7\nthis is not really a PDF\n'), 'application/pdf');
      expect(fake.refusal).toEqual({ success: false, code: expect.any(String), message: DRIVER_MESSAGES.documentInvalid });
      const wrong = await upload(customer.token, 'passport', NOT_AN_IMAGE, 'image/png');
      expect(wrong.status).toBe(400);
      expect(wrong.refusal?.message).toBe(DRIVER_MESSAGES.documentInvalid);
      const noKind = await upload(customer.token, 'selfie', await cameraJpeg(100, 100));
      expect(noKind.status).toBe(400);
      expect(noKind.refusal?.message).toMatch(/^Please say which document this is/);
      expect((await testApi(t.app, customer.token).call('userDocuments')).documents).toHaveLength(1);
    });

    it('a customer removes their own document; nobody else can', async () => {
      const customer = await registerCustomer(t.app);
      const stranger = await registerCustomer(t.app);
      const { document } = (await upload(customer.token, 'work_id', await cameraJpeg(300, 200))).answer!;
      const remove = (token: string) => testApi(t.app, token).call('deleteDocument', { params: { id: document._id } });
      expect((await refusalOf(remove(stranger.token))).status).toBe(404);
      expect(await remove(customer.token)).toEqual({ success: true, message: DRIVER_MESSAGES.documentRemoved });
      expect((await call(owner.token, 'GET', pathFor('document', { id: document._id }))).statusCode).toBe(404);
    });
  });

  describe('vetting', () => {
    it('approved: the customer is e-mailed and sees it; details changed later send them back to be checked', async () => {
      const customer = await registerCustomer(t.app, { name: 'Ricardo Approved' });
      const pickup = pickupAt(80);
      await saveDriver(customer.token, driverFor(pickup, pickup));
      const entry = (await waiting()).find((c) => c._id === customer.user._id);
      expect(entry?.checks).toEqual([expect.objectContaining({ problems: [] })]);

      // Details changed since staff opened the card: they look again first.
      const stale = await vet(owner.token, { userId: customer.user._id, decision: 'approved', detailsUpdatedAt: '2020-01-01T00:00:00.000Z' });
      expect(stale.refusal).toEqual({ success: false, code: expect.any(String), message: DRIVER_MESSAGES.vettingDetailsChanged });
      const seen = (entry as unknown as { driver: { updatedAt: string } }).driver.updatedAt;
      const res = await vet(owner.token, { userId: customer.user._id, decision: 'approved', detailsUpdatedAt: seen });
      expect(res.status).toBe(200);
      expect(res.answer).toMatchObject({ message: DRIVER_MESSAGES.vettingApproved, customer: { vetting: { status: 'approved' } } });
      const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && /approved/i.test(m.subject));
      expect(mail!.text).toContain('you are approved to rent our cars');
      expect((await userData(customer.token)).vetting).toEqual({ status: 'approved' });
      // The history names the customer, and who decided.
      const history = (await testApi(t.app, owner.token).call('ownerActivity', { query: { kind: 'customer', limit: 50 } })).entries;
      const decided = history.find((e) => e.subjectId === customer.user._id && e.after?.vetting_status === 'approved');
      expect(decided).toMatchObject({ subjectName: 'Ricardo Approved', actor: { _id: owner.user._id } });

      const again = await saveDriver(customer.token, driverFor(pickup, pickup, { licenceNumber: 'JM 999 000' }));
      expect(again.answer).toMatchObject({ message: DRIVER_MESSAGES.driverSavedCheckAgain, vetting: { status: 'waiting' } });
    });

    it('not approved: the reason is told, waiting bookings are cancelled, new ones refused neutrally, none confirmed', async () => {
      const customer = await registerCustomer(t.app, { name: 'Dwayne Refused' });
      const car = await addCar(t.app, owner.token);
      await saveDriver(customer.token, driverFor(pickupAt(90), day(95)));
      const held = (await bookingCall(customer.token, car._id, pickupAt(90), day(91))).answer.booking;
      const confirmed = (await bookingCall(customer.token, car._id, day(93), day(94))).answer.booking;
      expect((await callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: confirmed._id, status: 'confirmed' } })).status).toBe(200);

      const noReason = await vet(owner.token, { userId: customer.user._id, decision: 'rejected' });
      expect(noReason.status).toBe(400);
      expect(noReason.refusal?.message).toMatch(/reason/);
      const res = await vet(owner.token, { userId: customer.user._id, decision: 'rejected', reason: 'The licence photo does not match the licence number.' });
      expect(res.answer).toMatchObject({
        message: DRIVER_MESSAGES.vettingRejected,
        customer: { vetting: { status: 'rejected', reason: 'The licence photo does not match the licence number.' } },
      });

      const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && /driver details/i.test(m.subject));
      expect(mail!.text).toContain('The licence photo does not match the licence number.');
      expect(mail!.text).toContain(held.reference);
      expect(mail!.text).not.toContain(confirmed.reference);

      const mine = responses.bookings.parse(await testApi(t.app, customer.token).call('userBookings')).bookings;
      expect(mine.find((b) => b._id === held._id)).toMatchObject({ status: 'cancelled', statusReason: 'not_approved' });
      // A confirmed booking is staff's to settle with the customer; it cannot be confirmed again once cancelled.
      expect(mine.find((b) => b._id === confirmed._id)?.status).toBe('confirmed');
      expect((await refusalOf(testApi(t.app, owner.token).call('changeStatus', { body: { bookingId: held._id, status: 'confirmed' } }))).answer).toEqual({
        success: false,
        code: 'conflict',
        message: DRIVER_MESSAGES.confirmDriverRejected,
      });
      const refused = await refusalOf(bookingCall(customer.token, (await addCar(t.app, owner.token))._id, day(100), day(101)));
      expect(refused.status).toBe(422);
      expect(refused.answer?.message).toBe(DRIVER_MESSAGES.bookingRefused);
      expect((await userData(customer.token)).vetting).toEqual({ status: 'rejected', reason: 'The licence photo does not match the licence number.' });

      // Changing a detail asks for another look, but does not lift the refusal meanwhile.
      await saveDriver(customer.token, driverFor(pickupAt(90), day(95), { licenceCountry: 'JAMAICA' }));
      expect((await userData(customer.token)).vetting.status).toBe('rejected');
      expect(await statusOf(bookingCall(customer.token, (await addCar(t.app, owner.token))._id, day(102), day(103)))).toBe(422);
      expect((await waiting()).some((c) => c._id === customer.user._id)).toBe(true);
      // The history says a reason was given, never the reason.
      const history = JSON.stringify(await testApi(t.app, owner.token).call('ownerActivity', { query: { kind: 'customer', limit: 100 } }));
      expect(history).not.toContain('does not match the licence number');
    });

    it('staff read the rules broken on each coming booking, with the customer named', async () => {
      const customer = await registerCustomer(t.app, { name: 'Tyrone Young' });
      const pickup = pickupAt(140);
      await saveDriver(customer.token, driverFor(pickup, pickup, { dateOfBirth: yearsBefore(pickup, 22), licenceIssued: yearsBefore(pickup, 3) }));
      const entry = (await waiting()).find((c) => c._id === customer.user._id);
      expect(entry?.checks.flatMap((c) => c.problems)).toContain('Tyrone Young must be 23 or older on the pickup day to drive a car.');
    });

    it('a customer without details cannot be approved; customers cannot vet', async () => {
      const customer = await registerCustomer(t.app);
      const res = await vet(owner.token, { userId: customer.user._id, decision: 'approved' });
      expect(res.status).toBe(409);
      expect(res.refusal?.message).toBe(DRIVER_MESSAGES.vettingNeedsDriver);
      expect((await vet(customer.token, { userId: customer.user._id, decision: 'approved' })).status).toBe(403);
      expect(await statusOf(callWithStatus(t.app, customer.token, 'vetting'))).toBe(403);
    });
  });

  describe('do not rent', () => {
    it('refuses new bookings with the neutral sentence, shows staff the flag, and can be removed', async () => {
      const customer = await registerCustomer(t.app);
      const car = await addCar(t.app, owner.token);
      const mark = (token: string, reason: string) => callWithStatus(t.app, token, 'markDoNotRent', { params: { id: customer.user._id }, body: { reason } });
      expect(await statusOf(mark(customer.token, 'me'))).toBe(403);
      expect(await statusOf(mark(owner.token, '  '))).toBe(400);
      expect((await mark(owner.token, 'Returned a car damaged and unpaid in 2025.')).answer.message).toBe(DRIVER_MESSAGES.doNotRentSet);

      const refused = await refusalOf(bookingCall(customer.token, car._id, day(110), day(111)));
      expect(refused.answer).toEqual({ success: false, code: expect.any(String), message: DRIVER_MESSAGES.bookingRefused });
      const list = (await testApi(t.app, owner.token).call('vetting', { query: { status: 'do_not_rent' } })).customers;
      expect(list.find((c) => c._id === customer.user._id)?.doNotRent).toBe('Returned a car damaged and unpaid in 2025.');
      // The customer never reads the reason.
      expect(JSON.stringify(await userData(customer.token))).not.toContain('damaged');

      expect((await testApi(t.app, owner.token).call('clearDoNotRent', { params: { id: customer.user._id } })).message).toBe(DRIVER_MESSAGES.doNotRentCleared);
      expect((await bookingCall(customer.token, car._id, day(110), day(111))).status).toBe(201);
    });
  });

  describe('other drivers on a booking', () => {
    it('are named by the customer, each checked by the rules; at most 3; only on their own open booking', async () => {
      const customer = await registerCustomer(t.app);
      const stranger = await registerCustomer(t.app);
      const pickup = pickupAt(120);
      const ret = day(123);
      const booking = (await bookingCall(customer.token, (await addCar(t.app, owner.token))._id, pickup, ret)).answer.booking;
      const jane = { name: 'Jane Brown', ...driverFor(pickup, ret) };

      const saved = await callWithStatus(t.app, customer.token, 'bookingDrivers', { params: { id: booking._id }, body: { drivers: [jane] } });
      expect(saved.status).toBe(200);
      expect(saved.answer.booking.additionalDrivers).toEqual([jane]);
      const young = { ...jane, name: 'Kevin Young', dateOfBirth: yearsBefore(pickup, 20) };
      const refused = await refusalOf(testApi(t.app, customer.token).call('bookingDrivers', { params: { id: booking._id }, body: { drivers: [jane, young] } }));
      expect(refused.status).toBe(422);
      expect(refused.answer?.message).toBe('Kevin Young must be 23 or older on the pickup day to drive a car.');
      const name = (token: string, drivers: (typeof jane)[]) =>
        refusalOf(testApi(t.app, token).call('bookingDrivers', { params: { id: booking._id }, body: { drivers } }));
      expect((await name(customer.token, [jane, jane, jane, jane])).answer?.message).toBe('A booking can name at most 3 other drivers.');
      expect((await name(stranger.token, [])).status).toBe(404);

      const detail = (await testApi(t.app, customer.token).call('userBooking', { params: { reference: booking.reference } })).booking;
      expect(detail.additionalDrivers).toEqual([jane]);
      await testApi(t.app, customer.token).call('cancelBooking', { body: { bookingId: booking._id } });
      expect((await name(customer.token, [])).answer?.message).toBe(DRIVER_MESSAGES.driversBookingClosed);
    });
  });

  describe('erasing an account', () => {
    it('needs the password; then personal data and documents go, sessions end, bookings stay as "Deleted customer"', async () => {
      const customer = await registerCustomer(t.app, { name: 'Shanice Erased' });
      await saveDriver(customer.token, driverFor(pickupAt(130), day(131)));
      const { document } = (await upload(customer.token, 'passport', await cameraJpeg(400, 300))).answer!;
      const booking = (await bookingCall(customer.token, (await addCar(t.app, owner.token))._id, pickupAt(130), day(131))).answer.booking;

      const asCustomer = testApi(t.app, customer.token);
      const wrong = await refusalOf(asCustomer.call('deleteAccount', { body: { password: 'not my password' } }));
      expect(wrong.answer).toEqual({ success: false, code: expect.any(String), message: DRIVER_MESSAGES.wrongPassword });
      expect((await callWithStatus(t.app, customer.token, 'userData')).status).toBe(200);

      // Not while a car is held for them.
      const booked = await refusalOf(asCustomer.call('deleteAccount', { body: { password: TEST_PASSWORD } }));
      expect(booked.answer).toEqual({ success: false, code: expect.any(String), message: DRIVER_MESSAGES.erasureWhileBooked });
      await asCustomer.call('cancelBooking', { body: { bookingId: booking._id } });

      const erased = await asCustomer.call('deleteAccount', { body: { password: TEST_PASSWORD } });
      expect(erased).toEqual({ success: true, message: DRIVER_MESSAGES.accountDeleted });
      expect(await statusOf(callWithStatus(t.app, customer.token, 'userData'))).toBe(401);
      expect((await call(owner.token, 'GET', pathFor('document', { id: document._id }))).statusCode).toBe(404);
      const login = await refusalOf(testApi(t.app).call('login', { body: { email: customer.user.email, password: TEST_PASSWORD } }));
      expect(login.status).toBe(401);

      const listed = (await testApi(t.app, owner.token).call('ownerBookings', { query: { q: booking.reference, limit: 5 } })).bookings;
      expect(listed[0]).toMatchObject({ _id: booking._id, user: { name: DELETED_CUSTOMER_NAME, email: '', phone: '' } });
      const csv = (await ownerCall(t.app, owner.token, 'GET', `${ROUTES.ownerBookingsCsv.path}?q=${booking.reference}`)).body;
      expect(csv).toContain(`"${booking.reference}"`);
      expect(csv).toContain(`"${DELETED_CUSTOMER_NAME}"`);
      expect(csv).not.toMatch(/erased|Shanice/);
      expect(JSON.stringify(listed[0])).not.toContain(customer.user.email);
      // Nothing of theirs is left in the outbox: their own e-mails nor staff's about their booking.
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM outbox WHERE text_body LIKE '%Shanice%' OR html_body LIKE '%Shanice%' OR recipient = ${customer.user.email}`,
      );
      expect(left!.n).toBe(0);
      // The history says it happened, without the person's details.
      const history = JSON.stringify(await testApi(t.app, owner.token).call('ownerActivity', { query: { kind: 'customer' } }));
      expect(history).toContain('"erased":true');
      expect(history).not.toContain('JM 1234-5678');
      expect(history).not.toContain('Shanice');
    });

    it('is not how staff accounts end', async () => {
      const res = await call(owner.token, 'DELETE', API.deleteAccount, { password: TEST_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DRIVER_MESSAGES.staffAccountNotErased);
    });
  });
});
