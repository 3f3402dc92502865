/** Cars, dates, bookings and accounts for the feature tests, made through the API where it can. */
import { randomBytes } from 'node:crypto';
import { API, addDays, type Car, type CarFormInput, companyToday, type PaymentMethod } from '@rental/contract';
import type { FastifyInstance } from 'fastify';
import { bookings, users } from '../../src/db/schema';
import type { Database } from '../../src/db/types';
import { signSessionToken } from '../../src/features/auth/sessionTokens';
import { authHeader, testApi } from '../helpers';
import { smallPng } from './images';
import { formData, multipart } from './multipart';

/** A date `n` days from today in Jamaica (negative: in the past). */
export function day(n: number): string {
  return addDays(companyToday(), n);
}

export function carForm(overrides: Partial<CarFormInput> = {}): CarFormInput {
  return {
    brand: 'Toyota',
    model: 'Corolla',
    year: 2021,
    pricePerDay: 8500,
    category: 'Sedan',
    transmission: 'Automatic',
    fuel_type: 'Gas',
    seating_capacity: 5,
    location: 'Waterford, Portmore',
    description: 'Cold A/C, room for five with luggage.',
    ...overrides,
  };
}

let picture: Promise<Buffer> | undefined;
function carPicture(): Promise<Buffer> {
  picture ??= smallPng();
  return picture;
}

/** The add-car form as the owner's page sends it: carData JSON plus an image file (null: none). */
export async function carUpload(data: unknown, image?: Buffer | null) {
  const bytes = image === null ? undefined : (image ?? (await carPicture()));
  return multipart(
    { carData: typeof data === 'string' ? data : JSON.stringify(data) },
    bytes ? [{ name: 'image', bytes, filename: 'car.png', type: 'image/png' }] : [],
  );
}

/** The same form as a FormData for the typed client's addCar and updateCar. */
export async function carFormData(data: unknown, image?: Buffer | null): Promise<FormData> {
  const bytes = image === null ? undefined : (image ?? (await carPicture()));
  return formData(
    { carData: typeof data === 'string' ? data : JSON.stringify(data) },
    bytes ? [{ name: 'image', bytes, filename: 'car.png', type: 'image/png' }] : [],
  );
}

/** Adds a car as the owner's page does (its details and a picture), through the typed client. */
export async function addCar(app: FastifyInstance, ownerToken: string, overrides: Partial<CarFormInput> = {}): Promise<Car> {
  return (await testApi(app, ownerToken).call('addCar', { form: await carFormData(carForm(overrides)) })).car;
}

/**
 * A booking's raw answer, for a test that must read what the typed client does not (headers) or
 * send what it cannot; the typed way is helpers' bookCar, or callWithStatus(…, 'createBooking', …).
 */
export function book(app: FastifyInstance, token: string, car: string, pickupDate: string, returnDate: string, paymentMethod: PaymentMethod = 'upfront') {
  return app.inject({
    method: 'POST',
    url: API.createBooking,
    headers: authHeader(token),
    payload: { car, pickupDate, returnDate, paymentMethod },
  });
}

/** A raw call with a staff member's session, for a body the contract's types would refuse; otherwise testApi. */
export function ownerCall(app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({ method, url, headers: authHeader(token), payload });
}

/** A booking written straight to the database: the API rightly refuses dates in the past. */
export async function insertBooking(
  db: Database,
  values: { carId: string; userId: string; pickupDate: string; returnDate: string; price?: number; status?: 'pending' | 'confirmed' | 'cancelled' },
): Promise<string> {
  const [row] = await db
    .insert(bookings)
    .values({ price: 1000, status: 'pending', paymentMethod: 'upfront', ...values })
    .returning({ id: bookings.id });
  return row!.id;
}

/**
 * Many customers at once without hashing a password for each (argon2 is slow on purpose):
 * real accounts with real session tokens, which simply cannot log in with a password.
 */
export async function customersWithTokens(app: FastifyInstance, count: number): Promise<{ id: string; token: string }[]> {
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Customer ${i + 1}`,
        email: `crowd.${i}.${randomBytes(4).toString('hex')}@example.com`,
        passwordHash: 'not-a-password-hash',
        // A booking of their own needs a phone.
        phone: `876 555 ${String(1000 + (i % 9000)).padStart(4, '0')}`,
      })),
    )
    .returning({ id: users.id });
  return Promise.all(rows.map(async ({ id }) => ({ id, token: await signSessionToken(app.sessionKey, id) })));
}
