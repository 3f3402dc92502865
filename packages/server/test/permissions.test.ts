/**
 * Who may do what: every route of the app x {anonymous, customer, another customer, counter agent,
 * manager, owner}, with the status each must get. The table is checked against the app's own route
 * list, so a route added without an entry here (or in permissionEntries/) fails this file. Refused calls must change nothing in the database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, MESSAGES, pathFor, ROUTES } from '@rental/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  registerCustomer,
  TEST_PASSWORD,
  type TestApp,
  testApi,
  uniqueEmail,
} from './helpers';
import {
  type Call,
  type Entry,
  type StaffMember,
  everyone,
  loggedIn,
  managersOnly,
  ownersOnly,
  refusalsFor,
  ROLES,
  type Role,
  staffOnly,
  type World,
} from './support/permissionMatrix';
import { everyRow } from './support/everyRow';
import { addCar, carUpload, day, insertBooking } from './support/fleet';
import { bookings } from '../src/db/schema';
import { eq } from 'drizzle-orm';
import { smallPng } from './support/images';
import { formData, multipart } from './support/multipart';

/** Every route's entry elsewhere in the matrix: each feature's file of entries (one writer each). */
import { staffEntries } from './permissionEntries/staff';
import { staffBookingEntries } from './permissionEntries/staffBookings';
import { bookingChangeEntries } from './permissionEntries/bookingChanges';
import { outboxEntries } from './permissionEntries/outbox';
import { messageEntries } from './permissionEntries/messages';
import { folioEntries } from './permissionEntries/folio';
import { walkInEntries } from './permissionEntries/walkIns';
import { paymentSlipEntries } from './permissionEntries/paymentSlips';
import { cashUpEntries } from './permissionEntries/cashUp';
import { booksEntries } from './permissionEntries/books';
import { fleetReportEntries } from './permissionEntries/fleetReport';
import { statementEntries } from './permissionEntries/statements';
import { carPaperEntries } from './permissionEntries/carPapers';
import { lateChargeEntries } from './permissionEntries/lateCharges';
import { companyEntries } from './permissionEntries/company';
import { maintenanceEntries } from './permissionEntries/maintenance';
import { onlineCheckInEntries } from './permissionEntries/onlineCheckIn';

/** The spare car a caller works on: each staff member has their own (customers are refused before it matters). */
const spareOf = (role: Role): StaffMember => (role === 'agent' || role === 'manager' ? role : 'owner');
/** Cancel calls made so far: each takes the next of the world's cancellable bookings. */
let cancelCalls = 0;
/** Days far enough apart that each role's booking in the matrix has its own. */
const roleOffset: Record<Role, number> = { anonymous: 0, otherCustomer: 3, customer: 6, agent: 9, manager: 12, owner: 15 };

/** Valid driver details for anyone (licence of 5 years, valid 3 more, born 1990). */
const GOOD_DRIVER = {
  licenceNumber: 'JM 100 200',
  licenceCountry: 'Jamaica',
  licenceIssued: day(-5 * 365),
  licenceExpires: day(3 * 365),
  dateOfBirth: '1990-01-01',
};

const customersFor = new Map<string, Promise<string>>();
/**
 * A customer of one entry's own (vetting, do not rent), so the matrix's accounts stay as they are;
 * made at its first call, which comes before any snapshot of "nothing changed".
 */
function freshCustomer(w: World, purpose: string, withDriver = false): Promise<string> {
  let made = customersFor.get(purpose);
  if (!made) {
    made = (async () => {
      const account = await registerCustomer(w.app);
      if (withDriver) await testApi(w.app, account.token).call('saveDriver', { body: GOOD_DRIVER });
      return account.user._id;
    })();
    customersFor.set(purpose, made);
  }
  return made;
}

let documentOfCustomer: Promise<string> | undefined;
/** One document of the customer's, uploaded once. */
function customersDocument(w: World): Promise<string> {
  documentOfCustomer ??= (async () => {
    const form = formData({ kind: 'licence_front' }, [{ name: 'file', bytes: await smallPng(60, 40), filename: 'licence.png', type: 'image/png' }]);
    return (await testApi(w.app, w.accounts.customer.token).call('uploadDocument', { form })).document._id;
  })();
  return documentOfCustomer;
}

/** Keyed as Fastify lists routes: "METHOD /path/:param". HEAD routes take their GET's entry. */
const TABLE: Record<string, Entry> = {
  ...staffEntries,
  ...staffBookingEntries,
  ...bookingChangeEntries,
  ...outboxEntries,
  ...messageEntries,
  ...folioEntries,
  ...walkInEntries,
  ...paymentSlipEntries,
  ...cashUpEntries,
  ...booksEntries,
  ...fleetReportEntries,
  ...statementEntries,
  ...carPaperEntries,
  ...lateChargeEntries,
  ...companyEntries,
  ...maintenanceEntries,
  ...onlineCheckInEntries,
  'GET /health': { call: () => ({ method: 'GET', url: '/health' }), expected: everyone(200) },
  [`POST ${API.register}`]: {
    call: () => ({ method: 'POST', url: API.register, payload: { name: 'New Customer', email: uniqueEmail('matrix'), password: TEST_PASSWORD } }),
    expected: everyone(201),
  },
  [`POST ${API.login}`]: {
    call: (w) => ({ method: 'POST', url: API.login, payload: { email: w.accounts.customer.user.email, password: TEST_PASSWORD } }),
    expected: everyone(200),
  },
  // The site has an owner: the one-time setup address no longer makes one, whoever asks.
  [`POST ${ROUTES.setupOwner.path}`]: {
    call: () => ({
      method: 'POST',
      url: ROUTES.setupOwner.path,
      payload: { token: 'a'.repeat(43), name: 'Mallory', email: uniqueEmail('setup'), password: TEST_PASSWORD },
    }),
    expected: everyone(409),
  },
  [`GET ${API.userData}`]: {
    call: () => ({ method: 'GET', url: API.userData }),
    expected: loggedIn(200),
    check: (res, w, role) => {
      if (role !== 'anonymous') expect(res.json().user._id).toBe(w.accounts[role].user._id);
      expect(res.body).not.toMatch(/password|hash/i);
    },
  },
  [`PUT ${API.updateProfile}`]: {
    // Each account saves its own name and phone back: the call changes nobody else (and a booking still has its phone).
    call: (w, role) => ({
      method: 'PUT',
      url: API.updateProfile,
      payload: { name: role === 'anonymous' ? 'Nobody' : w.accounts[role].user.name, phone: role === 'anonymous' ? '' : w.accounts[role].user.phone },
    }),
    expected: loggedIn(200),
  },
  [`POST ${API.changePassword}`]: {
    // A wrong current password: access is checked first (401), then the password (400); no session ends.
    call: () => ({ method: 'POST', url: API.changePassword, payload: { currentPassword: 'not the password', newPassword: 'a brand new one' } }),
    expected: loggedIn(400),
  },
  [`POST ${API.forgotPassword}`]: {
    // An address without an account: the same answer as for one with, and nothing written.
    call: () => ({ method: 'POST', url: API.forgotPassword, payload: { email: uniqueEmail('nobody') } }),
    expected: everyone(200),
  },
  [`POST ${API.resetPassword}`]: {
    call: () => ({ method: 'POST', url: API.resetPassword, payload: { token: 'not-a-real-link', password: 'a brand new one' } }),
    expected: everyone(400),
  },
  [`POST ${API.bookingLookup}`]: {
    // The customer's booking with a name that is not the renter's: one refusal for everyone, nothing sent.
    call: async (w) => {
      const [row] = await w.app.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, w.customersBooking));
      return { method: 'POST', url: API.bookingLookup, payload: { reference: row!.reference, lastNameOrEmail: 'Not-the-renter' } };
    },
    expected: everyone(404),
  },
  // printRoutes names it under POST /api/bookings/lookup, whose path it extends.
  'POST /sign-in': {
    call: () => ({ method: 'POST', url: API.bookingLookupSignIn, payload: { token: 'not-a-real-link' } }),
    expected: everyone(400),
  },
  [`GET ${API.ownerOutbox}`]: {
    call: () => ({ method: 'GET', url: API.ownerOutbox }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().messages)).toBe(true),
  },
  // printRoutes names it under GET /api/owner/outbox, whose path it extends.
  'POST /resend': {
    // POST /api/owner/outbox/resend. A message that does not exist: only staff learn so.
    call: () => ({ method: 'POST', url: API.resendMessage, payload: { messageId: '999999999' } }),
    expected: staffOnly(404),
  },
  // The history (read-only)
  [`GET ${ROUTES.ownerActivity.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.ownerActivity.path}?limit=5` }),
    expected: managersOnly(200),
    check: (res) => expect(Array.isArray(res.json().entries)).toBe(true),
  },
  [`GET ${API.cars}`]: { call: () => ({ method: 'GET', url: API.cars }), expected: everyone(200) },
  // Printed under GET /api/user/cars, whose path it extends.
  'GET /page': { call: () => ({ method: 'GET', url: `${API.carsPage}?page=1&search=a` }), expected: everyone(200) },
  'GET /api/user/car/:id': { call: (w) => ({ method: 'GET', url: API.car(w.car._id) }), expected: everyone(200) },
  [`POST ${API.checkAvailability}`]: {
    call: () => ({ method: 'POST', url: API.checkAvailability, payload: { location: 'Waterford, Portmore', pickupDate: day(40), returnDate: day(41) } }),
    expected: everyone(200),
  },
  [`POST ${API.createBooking}`]: {
    call: (w, role) => ({
      method: 'POST',
      url: API.createBooking,
      payload: { car: w.car._id, pickupDate: day(20 + roleOffset[role]), returnDate: day(21 + roleOffset[role]), paymentMethod: 'upfront' },
    }),
    expected: loggedIn(201),
  },
  [`GET ${API.userBookings}`]: {
    call: () => ({ method: 'GET', url: API.userBookings }),
    expected: loggedIn(200),
    check: (res, w, role) => {
      const ids = (res.json().bookings as { _id: string }[]).map((b) => b._id);
      // Only one's own bookings: the customer's booking is in the customer's list and no one else's.
      if (role === 'customer') expect(ids).toContain(w.customersBooking);
      else expect(ids).not.toContain(w.customersBooking);
    },
  },
  // printRoutes names it under GET /api/bookings/user, whose path it extends.
  'GET /:reference': {
    // GET /api/bookings/user/:reference. Only the customer's own booking is found; to anyone else it does not exist.
    call: async (w) => {
      const [row] = await w.app.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, w.customersBooking));
      return { method: 'GET', url: `/api/bookings/user/${row!.reference}` };
    },
    expected: { ...loggedIn(404), customer: 200 },
  },
  [`POST ${API.cancelBooking}`]: {
    // Each call names another of the customer's bookings (made up front): only the customer may cancel it.
    call: (w) => {
      const bookingId = w.cancellable[cancelCalls++];
      if (!bookingId) throw new Error('The matrix made more cancel calls than it has bookings for.');
      return { method: 'POST', url: API.cancelBooking, payload: { bookingId } };
    },
    expected: { ...loggedIn(404), customer: 200 },
  },
  [`GET ${API.ownerBookings}`]: {
    call: () => ({ method: 'GET', url: API.ownerBookings }),
    expected: staffOnly(200),
    check: (res) => expect(res.body).not.toMatch(/password|hash/i),
  },
  [`POST ${API.changeStatus}`]: {
    // Even the customer whose booking it is may not confirm it.
    call: (w) => ({ method: 'POST', url: API.changeStatus, payload: { bookingId: w.customersBooking, status: 'confirmed' } }),
    expected: staffOnly(200),
  },
  // Pages of bookings, payments received, the export
  // GET /api/owner/bookings.csv, printed under POST /api/owner/bookings (staff booking for a customer).
  'GET .csv': {
    call: () => ({ method: 'GET', url: ROUTES.ownerBookingsCsv.path }),
    expected: managersOnly(200),
    check: (res) => expect(res.body).not.toMatch(/password|hash/i),
  },
  [`GET ${API.publicBankDetails}`]: { call: () => ({ method: 'GET', url: API.publicBankDetails }), expected: everyone(200) },
  [`PUT ${API.bankDetails}`]: {
    call: () => ({
      method: 'PUT',
      url: API.bankDetails,
      payload: { bankName: 'NCB', accountHolderName: 'Waterford Car Rental', branch: 'Portmore', accountNumber: '1234-5678', accountType: 'Savings' },
    }),
    expected: ownersOnly(200),
  },
  [`GET ${API.dashboard}`]: { call: () => ({ method: 'GET', url: API.dashboard }), expected: staffOnly(200) },
  // Service blocks, the fleet timeline
  [`POST ${ROUTES.createBlock.path}`]: {
    call: (w, role) => ({
      method: 'POST',
      url: ROUTES.createBlock.path,
      payload: { car: w.car._id, pickupDate: day(60 + roleOffset[role]), returnDate: day(61 + roleOffset[role]), note: 'Garage' },
    }),
    expected: staffOnly(201),
  },
  [`GET ${ROUTES.blocks.path}`]: {
    call: (w) => ({ method: 'GET', url: `${ROUTES.blocks.path}?car=${w.car._id}` }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().blocks)).toBe(true),
  },
  // printRoutes names it under GET /api/owner/blocks, whose path it extends.
  'DELETE /:id': {
    // A block that does not exist: only staff learn so (the matrix may not leave a block missing for the bad-token checks).
    call: () => ({ method: 'DELETE', url: pathFor('deleteBlock', { id: randomUUID() }) }),
    expected: staffOnly(404),
  },
  [`GET ${ROUTES.timeline.path}`]: {
    call: () => ({ method: 'GET', url: `${ROUTES.timeline.path}?days=35` }),
    expected: staffOnly(200),
    check: (res) => expect(res.body).not.toMatch(/password|hash|email/i),
  },
  [`GET ${API.ownerCars}`]: { call: () => ({ method: 'GET', url: API.ownerCars }), expected: staffOnly(200) },
  'GET /api/owner/car/:id': { call: (w) => ({ method: 'GET', url: API.ownerCar(w.car._id) }), expected: staffOnly(200) },
  // A car's pictures. printRoutes names them under GET /api/owner/cars, whose path they extend.
  'POST /:id/pictures': {
    call: async (w, role) => {
      const body = await multipart({}, [{ name: 'image', bytes: await smallPng(60, 40), filename: 'side.png', type: 'image/png' }]);
      return { method: 'POST', url: pathFor('addCarPicture', { id: w.spareCars[spareOf(role)]._id }), payload: body.payload, headers: body.headers };
    },
    expected: managersOnly(201),
    check: (res) => expect(res.json().car.pictures.length).toBeGreaterThan(1),
  },
  'PUT /:id/pictures': {
    // The booked car's one picture, in the only order it can have.
    call: (w) => ({ method: 'PUT', url: pathFor('orderCarPictures', { id: w.car._id }), payload: { order: [w.car.image.split('/').at(-1)] } }),
    expected: managersOnly(200),
  },
  'DELETE /:pictureId': {
    // A picture the car does not have: only staff learn so (the matrix never leaves a car without its picture).
    call: (w) => ({ method: 'DELETE', url: pathFor('deleteCarPicture', { id: w.car._id, pictureId: randomUUID() }) }),
    expected: managersOnly(404),
  },
  [`POST ${API.addCar}`]: {
    call: async () => {
      const body = await carUpload({ ...carFields, brand: 'Honda' });
      return { method: 'POST', url: API.addCar, payload: body.payload, headers: body.headers };
    },
    expected: managersOnly(201),
  },
  'PUT /api/owner/update-car/:id': {
    call: async (w, role) => {
      const body = await carUpload({ ...carFields, model: 'Renamed' }, null);
      return { method: 'PUT', url: API.updateCar(w.spareCars[spareOf(role)]._id), payload: body.payload, headers: body.headers };
    },
    expected: managersOnly(200),
  },
  [`POST ${API.toggleCar}`]: {
    call: (w, role) => ({ method: 'POST', url: API.toggleCar, payload: { carId: w.spareCars[spareOf(role)]._id } }),
    expected: staffOnly(200),
  },
  [`POST ${API.deleteCar}`]: {
    call: (w, role) => ({ method: 'POST', url: API.deleteCar, payload: { carId: w.spareCars[spareOf(role)]._id } }),
    expected: managersOnly(200),
  },
  [`POST ${API.updateImage}`]: {
    call: async () => {
      const body = await multipart({}, [{ name: 'image', bytes: await smallPng(40, 40), filename: 'me.png', type: 'image/png' }]);
      return { method: 'POST', url: API.updateImage, payload: body.payload, headers: body.headers };
    },
    expected: staffOnly(200),
  },
  'GET /api/images/:id': { call: (w) => ({ method: 'GET', url: w.car.image }), expected: everyone(200) },
  // Drivers. (DELETE /api/user/documents/:id prints as "DELETE /:id", the key the blocks' removal already has.)
  [`PUT ${API.saveDriver}`]: { call: () => ({ method: 'PUT', url: API.saveDriver, payload: GOOD_DRIVER }), expected: loggedIn(200) },
  [`GET ${API.userDocuments}`]: { call: () => ({ method: 'GET', url: API.userDocuments }), expected: loggedIn(200) },
  [`POST ${API.uploadDocument}`]: {
    call: async () => {
      const body = await multipart({ kind: 'passport' }, [{ name: 'file', bytes: await smallPng(40, 40), filename: 'passport.png', type: 'image/png' }]);
      return { method: 'POST', url: API.uploadDocument, payload: body.payload, headers: body.headers };
    },
    expected: loggedIn(201),
  },
  // A wrong password: no account is erased by the matrix.
  [`DELETE ${API.deleteAccount}`]: {
    call: () => ({ method: 'DELETE', url: API.deleteAccount, payload: { password: 'not the password' } }),
    expected: loggedIn(400),
  },
  // Only its customer and staff read a document; anyone else is told it does not exist.
  'GET /api/documents/:id': {
    call: async (w) => ({ method: 'GET', url: pathFor('document', { id: await customersDocument(w) }) }),
    expected: { ...loggedIn(200), otherCustomer: 404 },
  },
  [`PUT ${ROUTES.bookingDrivers.path}`]: {
    call: (w) => ({ method: 'PUT', url: pathFor('bookingDrivers', { id: w.customersBooking }), payload: { drivers: [] } }),
    expected: { ...loggedIn(404), customer: 200 },
  },
  // The counter: staff only; its papers and photos to the booking's customer and staff (none yet here: 404 to all).
  [`GET ${ROUTES.desk.path}`]: { call: () => ({ method: 'GET', url: pathFor('desk') }), expected: staffOnly(200) },
  // GET /api/owner/bookings/:id/counter, printed under POST /api/owner/bookings.
  'GET /:id/counter': {
    call: (w) => ({ method: 'GET', url: pathFor('counterBooking', { id: w.customersBooking }) }),
    expected: staffOnly(200),
  },
  // Not multipart: the owner is refused in words, after the guard turned everyone else away.
  [`POST ${ROUTES.checkOut.path}`]: {
    call: (w) => ({ method: 'POST', url: pathFor('checkOut', { id: w.customersBooking }), payload: {} }),
    expected: staffOnly(400),
  },
  [`POST ${ROUTES.agreementPreview.path}`]: {
    call: (w) => ({ method: 'POST', url: pathFor('agreementPreview', { id: w.customersBooking }), payload: {} }),
    expected: staffOnly(400),
  },
  [`POST ${ROUTES.checkIn.path}`]: {
    call: (w) => ({ method: 'POST', url: pathFor('checkIn', { id: w.customersBooking }), payload: {} }),
    expected: staffOnly(400),
  },
  [`GET ${ROUTES.agreementPdf.path}`]: { call: (w) => ({ method: 'GET', url: pathFor('agreementPdf', { id: w.customersBooking }) }), expected: loggedIn(404) },
  [`GET ${ROUTES.conditionPdf.path}`]: { call: (w) => ({ method: 'GET', url: pathFor('conditionPdf', { id: w.customersBooking }) }), expected: loggedIn(404) },
  [`POST ${ROUTES.verifyAgreement.path}`]: {
    // Anyone may check a copy; a body without the PDF is refused alike for all, and nothing is kept.
    call: () => ({ method: 'POST', url: pathFor('verifyAgreement'), payload: {} }),
    expected: everyone(422),
  },
  [`GET ${ROUTES.receiptPdf.path}`]: { call: (w) => ({ method: 'GET', url: pathFor('receiptPdf', { id: w.customersBooking }) }), expected: loggedIn(404) },
  [`GET ${ROUTES.counterPhoto.path}`]: { call: () => ({ method: 'GET', url: pathFor('counterPhoto', { id: randomUUID() }) }), expected: loggedIn(404) },
  'GET /:id/damages': { call: (w) => ({ method: 'GET', url: pathFor('carDamages', { id: w.car._id }) }), expected: staffOnly(200) },
  [`POST ${ROUTES.repairDamage.path}`]: {
    call: () => ({ method: 'POST', url: pathFor('repairDamage', { id: randomUUID() }), payload: {} }),
    expected: managersOnly(404),
  },
  [`GET ${API.vetting}`]: { call: () => ({ method: 'GET', url: API.vetting }), expected: staffOnly(200) },
  [`POST ${API.decideVetting}`]: {
    call: async (w) => ({ method: 'POST', url: API.decideVetting, payload: { userId: await freshCustomer(w, 'vetting', true), decision: 'approved' } }),
    expected: staffOnly(200),
  },
  // Printed under GET /api/owner/customers (the staff's customer search), whose path it extends.
  'POST /:id/do-not-rent': {
    call: async (w) => ({ method: 'POST', url: pathFor('markDoNotRent', { id: await freshCustomer(w, 'mark') }), payload: { reason: 'Matrix check.' } }),
    expected: staffOnly(200),
  },
  'DELETE /:id/do-not-rent': {
    call: async (w) => ({ method: 'DELETE', url: pathFor('clearDoNotRent', { id: await freshCustomer(w, 'clear') }) }),
    expected: staffOnly(200),
  },
  // Prices: the quote and the offer are public; the rules are staff's (saved as they are, so nothing changes).
  [`POST ${API.quote}`]: {
    call: (w) => ({ method: 'POST', url: API.quote, payload: { car: w.car._id, pickupDate: day(30), returnDate: day(32) } }),
    expected: everyone(200),
  },
  [`GET ${API.prices}`]: { call: () => ({ method: 'GET', url: API.prices }), expected: everyone(200) },
  [`GET ${API.ownerPrices}`]: { call: () => ({ method: 'GET', url: API.ownerPrices }), expected: managersOnly(200) },
  [`PUT ${API.ownerPrices}`]: {
    call: () => ({
      method: 'PUT',
      url: API.ownerPrices,
      payload: {
        seasons: [],
        weeklyPercentOff: 0,
        monthlyPercentOff: 0,
        additionalDriverPerDay: 0,
        delivery: { airport: null, portmore: null, kingston: null },
        extras: [],
      },
    }),
    expected: managersOnly(200),
  },
  // Card payments: the matrix's app has them off (PAYMENT_PROVIDER=none), so a logged-in caller hears 409 and nothing starts.
  [`POST ${API.startPayment}`]: {
    call: (w) => ({ method: 'POST', url: API.startPayment, payload: { bookingId: w.customersBooking } }),
    expected: loggedIn(409),
  },
  // The provider's redirect: anyone's browser; one that proves nothing lands on the bookings page and changes nothing.
  [`GET ${API.paymentReturn}`]: { call: () => ({ method: 'GET', url: `${API.paymentReturn}?status=success&order_id=WR-AAAAAA-1` }), expected: everyone(303) },
  [`GET ${API.paymentAttempts}`]: {
    call: () => ({ method: 'GET', url: `${API.paymentAttempts}?state=all` }),
    expected: staffOnly(200),
    check: (res) => expect(Array.isArray(res.json().attempts)).toBe(true),
  },
  // printRoutes names these under GET /api/owner/payments, whose path they extend.
  'POST /:id/close': {
    call: () => ({ method: 'POST', url: pathFor('closePayment', { id: randomUUID() }), payload: { outcome: 'paid' } }),
    expected: managersOnly(404),
  },
  'POST /:id/refund': {
    call: () => ({ method: 'POST', url: pathFor('refundPayment', { id: randomUUID() }), payload: { amount: 1 } }),
    expected: managersOnly(404),
  },
  [`GET ${API.company}`]: { call: () => ({ method: 'GET', url: API.company }), expected: everyone(200) },
  [`PUT ${API.updateCompany}`]: {
    call: async (w) => {
      const current = (await testApi(w.app).call('company')).company;
      return { method: 'PUT', url: API.updateCompany, payload: { ...current, phone: '+1 (876) 555-0199' } };
    },
    expected: managersOnly(200),
  },
  [`GET ${API.openApi}`]: { call: () => ({ method: 'GET', url: API.openApi }), expected: everyone(200) },
  // The API reference page (Swagger UI's files; printRoutes names them relative to /api/docs/).
  'GET /api/docs': { call: () => ({ method: 'GET', url: '/api/docs' }), expected: everyone(200) },
  'GET /': { call: () => ({ method: 'GET', url: '/api/docs/' }), expected: everyone(200) },
  'GET static/index.html': { call: () => ({ method: 'GET', url: '/api/docs/static/index.html' }), expected: everyone(302) },
  'GET static/swagger-initializer.js': { call: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }), expected: everyone(200) },
  'GET json': { call: () => ({ method: 'GET', url: '/api/docs/json' }), expected: everyone(200) },
  'GET yaml': { call: () => ({ method: 'GET', url: '/api/docs/yaml' }), expected: everyone(200) },
  // The web app's files and pages (fastify-static's catch-all): public; a missing file is a 404.
  'GET *': { call: () => ({ method: 'GET', url: '/no-such-file.txt' }), expected: everyone(404) },
};

const carFields = {
  brand: 'Toyota',
  model: 'Axio',
  year: 2020,
  pricePerDay: 5000,
  category: 'Sedan',
  transmission: 'Automatic',
  fuel_type: 'Gas',
  seating_capacity: 5,
  location: 'Waterford, Portmore',
  description: 'A spare car.',
};

/** "GET, HEAD" lines of printRoutes({ commonPrefix: false }) as "GET /path" keys. */
function routeKeys(app: FastifyInstance): string[] {
  const keys: string[] = [];
  const lines = app.printRoutes({ commonPrefix: false }).split('\n');
  const rootIsPage = lines[0]?.startsWith('└── / (') ?? false;
  for (const line of lines) {
    if (!line.trim()) continue;
    const match = /── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) throw new Error(`Cannot read this line of the route list: ${line}`);
    // With the home page registered, `/` is the tree's root and its direct children print without
    // their slash: the keys stay the same whether or not the site has a home page route.
    const childOfRootPage = rootIsPage && line.search(/[├└]/) === 4 && match[1] !== '*';
    const path = childOfRootPage ? `/${match[1]}` : match[1]!;
    for (const method of match[2]!.split(',').map((m) => m.trim())) keys.push(`${method} ${path}`);
  }
  return keys;
}

const entryFor = (key: string): Entry | undefined => TABLE[key.replace(/^HEAD /, 'GET ')];

function withToken(call: Call, token: string | undefined): InjectOptions {
  return { method: call.method, url: call.url, payload: call.payload, headers: { ...call.headers, ...(token === undefined ? {} : { authorization: token }) } };
}

function expectRefusal(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
}

describe(`permissions: every route x every kind of caller (${describeDatabase})`, () => {
  let t: TestApp;
  let world: World;

  let webDist: string;

  beforeAll(async () => {
    // A built web app of our own, so the route list (with the site's static files) does not depend on
    // whether packages/web has been built on this machine.
    webDist = await mkdtemp(join(tmpdir(), 'rental-perm-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>site</title>');
    t = await createTestApp({ webDist });
    const app = t.app;
    const [owner, manager, agent, customer, otherCustomer] = await Promise.all([
      createOwner(app),
      createStaff(app, 'manager'),
      createStaff(app, 'agent'),
      registerCustomer(app, { name: 'Ann' }),
      registerCustomer(app, { name: 'Bob' }),
    ]);
    const car = await addCar(app, owner.token);
    const spareCars = {
      agent: await addCar(app, owner.token, { brand: 'Mazda' }),
      manager: await addCar(app, owner.token, { brand: 'Kia' }),
      owner: await addCar(app, owner.token, { brand: 'Nissan' }),
    };
    const booked = await callWithStatus(app, customer.token, 'createBooking', {
      body: { car: car._id, pickupDate: day(5), returnDate: day(6), paymentMethod: 'upfront' },
    });
    expect(booked.status).toBe(201);
    const cancellable: string[] = [];
    for (let i = 0; i < 40; i++) {
      cancellable.push(
        await insertBooking(app.db, { carId: car._id, userId: customer.user._id, pickupDate: day(150 + i), returnDate: day(150 + i), status: 'confirmed' }),
      );
    }
    world = { app, accounts: { owner, manager, agent, customer, otherCustomer }, car, spareCars, customersBooking: booked.answer.booking._id, cancellable };
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('has an entry for every route of the app, and no entry for a route that does not exist', () => {
    const keys = routeKeys(world.app);
    expect(keys.length).toBeGreaterThan(20);
    const missing = keys.filter((k) => !entryFor(k));
    expect(missing, 'routes without an entry in the permission table').toEqual([]);
    const stale = Object.keys(TABLE).filter((k) => !keys.includes(k));
    expect(stale, 'entries for routes the app does not have').toEqual([]);
  });

  const tokenOf = (role: Role, style: 'raw' | 'bearer' = 'raw') => {
    if (role === 'anonymous') return undefined;
    const token = world.accounts[role].token;
    return style === 'bearer' ? `Bearer ${token}` : token;
  };

  for (const [key, entry] of Object.entries(TABLE)) {
    it(`${key}: ${ROLES.map((r) => `${r} ${entry.expected[r]}`).join(', ')}`, async () => {
      for (const role of ROLES) {
        const call = await entry.call(world, role);
        const denied = entry.expected[role] === 401 || entry.expected[role] === 403;
        const before = denied ? await everyRow(t.database.opened.raw) : undefined;
        // The customer sends "Bearer <token>", the others the raw token as the spec's client does: both must work.
        const res = await world.app.inject(withToken(call, tokenOf(role, role === 'customer' ? 'bearer' : 'raw')));
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(entry.expected[role]);
        if (entry.expected[role] === 401) expectRefusal(res, 401, MESSAGES.notAuthorized);
        if (entry.expected[role] === 403) expectRefusal(res, 403, refusalsFor(entry)[role] ?? MESSAGES.staffOnly);
        if (before) expect(await everyRow(t.database.opened.raw), `${role} changed the database`).toEqual(before);
        if (!denied && res.statusCode < 300) entry.check?.(res, world, role);
        // HEAD gets the GET's answer without a body.
        if (call.method === 'GET' && key !== 'GET *') {
          const head = await world.app.inject({ ...withToken(call, tokenOf(role)), method: 'HEAD' });
          expect(head.statusCode, `HEAD as ${role}`).toBe(entry.expected[role]);
        }
      }
    });
  }

  describe('tokens that must not open anything', () => {
    const signedWith = (key: Uint8Array, userId: string, alg = 'HS256', claims: Record<string, unknown> = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setSubject(userId).setIssuedAt().setExpirationTime('7d').sign(key);
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    const badTokens: Record<string, (w: World) => Promise<string>> = {
      'signed with another secret': (w) => signedWith(randomBytes(48), w.accounts.owner.user._id),
      'alg: none': async (w) => {
        const now = Math.floor(Date.now() / 1000);
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: w.accounts.owner.user._id, iat: now, exp: now + 3600 })}.`;
      },
      'HS512 with the right secret (only HS256 is accepted)': (w) => signedWith(w.app.sessionKey, w.accounts.owner.user._id, 'HS512'),
      'the owner id with its signature cut off': async (w) => (await signedWith(w.app.sessionKey, w.accounts.owner.user._id)).replace(/\.[^.]+$/, '.'),
      'a valid signature for an account that does not exist': (w) => signedWith(w.app.sessionKey, randomUUID()),
      'a valid signature for a subject that is not an id': (w) => signedWith(w.app.sessionKey, "' OR 1=1 --"),
      garbage: async () => 'not.a.token',
      'an empty Bearer': async () => 'Bearer ',
    };

    const protectedRoutes = Object.entries(TABLE).filter(([, entry]) => entry.expected.anonymous === 401);

    for (const [name, make] of Object.entries(badTokens)) {
      it(`${name}: 401 on every route that needs a login, nothing changed`, async () => {
        const token = await make(world);
        const before = await everyRow(t.database.opened.raw);
        for (const [key, entry] of protectedRoutes) {
          const res = await world.app.inject(withToken(await entry.call(world, 'owner'), token));
          expect(res.statusCode, key).toBe(401);
          expect(res.json().success, key).toBe(false);
        }
        expect(await everyRow(t.database.opened.raw)).toEqual(before);
      });
    }

    it('an expired token: 401 saying the session expired, on every route that needs a login', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(world.accounts.owner.user._id)
        .setIssuedAt(now - 8 * 86_400)
        .setExpirationTime(now - 86_400)
        .sign(world.app.sessionKey);
      for (const [key, entry] of protectedRoutes) {
        const res = await world.app.inject(withToken(await entry.call(world, 'owner'), expired));
        expect(res.statusCode, key).toBe(401);
        expect(res.json(), key).toEqual({ success: false, code: expect.any(String), message: MESSAGES.sessionExpired });
      }
    });

    it('a customer token claiming to be an owner is still a customer: the role comes from the database', async () => {
      const forged = await signedWith(world.app.sessionKey, world.accounts.customer.user._id, 'HS256', { role: 'owner', admin: true });
      for (const [key, entry] of Object.entries(TABLE).filter(([, e]) => e.expected.customer === 403)) {
        const res = await world.app.inject(withToken(await entry.call(world, 'owner'), forged));
        expect(res.statusCode, key).toBe(403);
      }
    });

    it("another customer cannot change the customer's booking through any field of any call", async () => {
      const other = world.accounts.otherCustomer.token;
      const statusOfTheBooking = async () => {
        const mine = await testApi(world.app, tokenOf('customer')).call('userBookings');
        return mine.bookings.find((b) => b._id === world.customersBooking)?.status;
      };
      const statusBefore = await statusOfTheBooking();
      expect(statusBefore).toBeDefined();
      const before = await everyRow(t.database.opened.raw);
      const attempts: Call[] = [
        { method: 'POST', url: API.changeStatus, payload: { bookingId: world.customersBooking, status: 'cancelled' } },
        {
          method: 'POST',
          url: API.createBooking,
          payload: {
            car: world.car._id,
            pickupDate: day(5),
            returnDate: day(6),
            paymentMethod: 'upfront',
            _id: world.customersBooking,
            bookingId: world.customersBooking,
          },
        },
        { method: 'GET', url: `${API.userBookings}?userId=${world.accounts.customer.user._id}` },
        { method: 'GET', url: `/api/bookings/${world.customersBooking}` },
      ];
      for (const call of attempts) {
        const res = await world.app.inject(withToken(call, other));
        expect(res.statusCode, call.url).toBeGreaterThanOrEqual(200);
        expect(res.body, call.url).not.toContain(world.customersBooking);
      }
      expect(await statusOfTheBooking()).toBe(statusBefore);
      // The create attempt above was on the customer's days: refused (409), so nothing was written.
      expect(await everyRow(t.database.opened.raw)).toEqual(before);
    });
  });
});
