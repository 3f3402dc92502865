/**
 * Arranges test data through the real API (started by globalServer.ts), as a customer or the
 * owner would. Nothing here fakes a response.
 */
import { type ApiClient, createApiClient } from '@rental/contract/client';
import type { BankDetails, Booking, Car, CarFormInput } from '@rental/contract/schemas';
import { inject } from 'vitest';

export function serverUrl(): string {
  const url = inject('apiBaseUrl');
  if (!url) throw new Error(`The API server did not start for the web tests:\n${inject('apiServerProblem')}`);
  return url;
}

/** The contract's typed client on the tests' server: a visitor's, or a session's with its token. */
export function testApi(token?: string): ApiClient {
  return createApiClient({ baseUrl: serverUrl(), token });
}

/** The typed client as the test owner (staff). */
export function ownerApi(): ApiClient {
  return testApi(ownerToken());
}

let counter = 0;
export function uniqueEmail(prefix = 'web'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

/** A customer with a phone unless `phone: null` (a booking of their own needs one); the payment step asks one without. */
export async function registerCustomer(name = 'Test Customer', options: { phone?: string | null } = {}): Promise<{ token: string; email: string }> {
  const email = uniqueEmail();
  const phone = options.phone === undefined ? '876 555 0100' : options.phone;
  const { token } = await testApi().call('register', { body: { name, email, password: TEST_PASSWORD, ...(phone === null ? {} : { phone }) } });
  return { token, email };
}

/** The e-mail of the test server's counter agent or manager (password TEST_PASSWORD), to log in through the forms. */
export function staffEmail(role: 'agent' | 'manager'): string {
  serverUrl();
  return role === 'agent' ? inject('agentEmail') : inject('managerEmail');
}

export function ownerToken(): string {
  serverUrl();
  return inject('ownerToken');
}

/**
 * A form Node's fetch can send. In jsdom the global FormData and File are jsdom's, whose bytes
 * Node's fetch cannot read; Node's own FormData is reached through Node's Response, its File
 * through node:buffer (named in a variable so the browser code's type check skips Node's types).
 */
const NODE_BUFFER = 'node:buffer';
async function nodeForm(
  fields: Record<string, string>,
  file: { name: string; filename: string; type: string; bytes: Uint8Array<ArrayBuffer> },
): Promise<FormData> {
  const form = await new Response(new URLSearchParams(fields)).formData();
  const { File: NodeFile } = (await import(/* @vite-ignore */ NODE_BUFFER)) as { File: typeof File };
  form.append(file.name, new NodeFile([file.bytes], file.filename, { type: file.type }));
  return form;
}

function carImage(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(inject('carImageBase64')), (c) => c.charCodeAt(0));
}

export const SAMPLE_CAR: CarFormInput = {
  brand: 'Toyota',
  model: 'Corolla',
  year: 2022,
  pricePerDay: 6500,
  category: 'Sedan',
  transmission: 'Automatic',
  fuel_type: 'Petrol',
  seating_capacity: 5,
  location: 'Waterford, Portmore',
  description: 'A reliable sedan for town and country.',
};

/** Adds a car as the owner, with a real picture, and returns it as the API lists it (owner: another server's owner, e.g. cardServer.ts's). */
export async function addCar(fields: Partial<CarFormInput> = {}, owner: ApiClient = ownerApi()): Promise<Car> {
  const carData = { ...SAMPLE_CAR, ...fields };
  const form = await nodeForm({ carData: JSON.stringify(carData) }, { name: 'image', filename: 'car.png', type: 'image/png', bytes: carImage() });
  return (await owner.call('addCar', { form })).car;
}

export async function setBankDetails(details: BankDetails): Promise<void> {
  await ownerApi().call('bankDetails', { body: details });
}

export async function createBooking(
  token: string,
  car: string,
  pickupDate: string,
  returnDate: string,
  paymentMethod: 'upfront' | 'cash_deposit' = 'upfront',
): Promise<Booking> {
  return (await testApi(token).call('createBooking', { body: { car, pickupDate, returnDate, paymentMethod } })).booking;
}

/** Staff set a booking's status (as on Manage Bookings). */
export async function setBookingStatus(bookingId: string, status: 'pending' | 'confirmed' | 'cancelled'): Promise<void> {
  await ownerApi().call('changeStatus', { body: { bookingId, status } });
}

/** The public bank account for cash deposits, as the payment step reads it. */
export async function publicBankDetails(): Promise<BankDetails | null> {
  return (await testApi().call('publicBankDetails')).bankDetails;
}

/** A word no other test's car holds, so a test finds exactly its own cars in a shared fleet. */
export function uniqueWord(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export const TEST_BANK: BankDetails = {
  bankName: 'National Commercial Bank',
  accountHolderName: 'Waterford Car Rental Ltd',
  branch: 'Portmore Pines',
  accountNumber: '404-123-456',
  accountType: 'Chequing',
};

/** Cash deposits need the company's bank account: set one if none is, and leave any other test's alone. */
export async function ensureBankDetails(): Promise<BankDetails> {
  const existing = await publicBankDetails();
  if (existing) return existing;
  await setBankDetails(TEST_BANK);
  return TEST_BANK;
}
