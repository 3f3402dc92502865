/** Bookings brought to the counter for the tests: an approved driver, a confirmed booking, the forms as a phone sends them. */
import { type CheckInDataInput, type CheckOutDataInput, pathFor } from '@rental/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookings, driverDetails, rentals, users } from '../../src/db/schema';
import type { Database } from '../../src/db/types';
import { type Account, authHeader, bookCar, registerCustomer, testApi } from '../helpers';
import { smallPng } from './images';
import { type FilePart, multipart } from './multipart';

export const LICENCE = 'JM 123-456-789';
export const RENTER_ADDRESS = '12 Palm Drive, Waterford, Portmore, St. Catherine';

/** A customer whose driver details the company approved (the vetting itself is tested in drivers.test.ts). */
export async function approvedCustomer(
  app: FastifyInstance,
  name = 'Keisha Brown',
  vetting: 'approved' | 'waiting' | 'rejected' = 'approved',
): Promise<Account> {
  const customer = await registerCustomer(app, { name });
  await app.db.insert(driverDetails).values({
    userId: customer.user._id,
    licenceNumber: 'JM123456789',
    licenceCountry: 'Jamaica',
    licenceIssued: '2015-01-10',
    licenceExpires: '2031-01-10',
    dateOfBirth: '1990-05-05',
  });
  await app.db.update(users).set({ vettingStatus: vetting }).where(eq(users.id, customer.user._id));
  return customer;
}

/** A booking made by the customer and confirmed by staff, through the API. */
export async function confirmedBooking(app: FastifyInstance, owner: Account, customer: Account, carId: string, pickupDate: string, returnDate: string) {
  const booking = await bookCar(app, customer.token, carId, pickupDate, returnDate);
  await testApi(app, owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
  return booking;
}

/**
 * Keys handed over without the counter's forms (for tests of what follows a check-out): the booking
 * on rent and its check-out, with a signed agreement, written straight to the database.
 */
export async function keysHandedOver(
  db: Database,
  bookingId: string,
  checkedOutBy: string,
  rental: { odometerOut?: number; fuelOut?: number; agreementPdf?: Buffer } = {},
): Promise<void> {
  await db.update(bookings).set({ status: 'on_rent' }).where(eq(bookings.id, bookingId));
  await db.insert(rentals).values({
    bookingId,
    checkedOutBy,
    licenceNumber: '123456789',
    odometerOut: 1000,
    fuelOut: 8,
    depositAmount: 15_000,
    depositMethod: 'cash',
    signature: Buffer.from('signature'),
    agreementPdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    ...rental,
  });
}

let signature: Promise<string> | undefined;
export function signaturePng(): Promise<string> {
  signature ??= smallPng(300, 100).then((png) => `data:image/png;base64,${png.toString('base64')}`);
  return signature;
}

export async function checkOutForm(overrides: Partial<CheckOutDataInput> = {}): Promise<CheckOutDataInput> {
  return {
    licenceNumber: LICENCE,
    renterAddress: RENTER_ADDRESS,
    odometerKm: 10_000,
    fuelEighths: 8,
    existingDamagesConfirmed: true,
    damages: [],
    items: ['Spare tyre', 'Jack'],
    deposit: { amount: 15_000, method: 'cash', reference: '' },
    signature: await signaturePng(),
    ...overrides,
  };
}

/** What the booking's folio still asks, as the check-out form reads it. */
export async function balanceOf(app: FastifyInstance, token: string, bookingId: string): Promise<number> {
  return (await testApi(app, token).call('counterBooking', { params: { id: bookingId } })).booking.balance;
}

/** The check-out form with the balance paid at the counter in cash, as keys go out only once it is. */
export async function paidCheckOutForm(
  app: FastifyInstance,
  token: string,
  bookingId: string,
  overrides: Partial<CheckOutDataInput> = {},
): Promise<CheckOutDataInput> {
  const balance = await balanceOf(app, token, bookingId);
  return checkOutForm({ ...(balance > 0 && { payment: { method: 'cash', amount: balance, reference: 'Till 2' } }), ...overrides });
}

export function checkInForm(overrides: Partial<CheckInDataInput> = {}): CheckInDataInput {
  return { odometerKm: 10_500, fuelEighths: 8, damages: [], cleaning: 0, ...overrides };
}

/** Posts a counter form (the `data` JSON and photos) as the staff's phone does. */
export async function postCounter(
  app: FastifyInstance,
  token: string | undefined,
  which: 'checkOut' | 'checkIn',
  bookingId: string,
  data: unknown,
  photos: FilePart[] = [],
) {
  const body = await multipart({ data: typeof data === 'string' ? data : JSON.stringify(data) }, photos);
  return app.inject({
    method: 'POST',
    url: pathFor(which, { id: bookingId }),
    headers: { ...body.headers, ...(token ? authHeader(token) : {}) },
    payload: body.payload,
  });
}
