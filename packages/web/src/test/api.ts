/**
 * Arranges test data through the real API (started by globalServer.ts), as a customer or the
 * owner would. Nothing here fakes a response.
 */
import { API } from '@rental/contract/api';
import type { BankDetails, Booking, Car, CarFormInput } from '@rental/contract/schemas';
import { inject } from 'vitest';

export function serverUrl(): string {
  const url = inject('apiBaseUrl');
  if (!url) throw new Error(`The API server did not start for the web tests:\n${inject('apiServerProblem')}`);
  return url;
}

async function call<T>(method: string, path: string, options: { token?: string; json?: unknown; body?: Uint8Array; contentType?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = options.token;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['Content-Type'] = options.contentType ?? 'application/octet-stream';
    body = options.body as unknown as BodyInit;
  }
  const response = await fetch(serverUrl() + path, { method, headers, body });
  const data = (await response.json()) as T & { success: boolean; message?: string };
  if (!response.ok || !data.success) throw new Error(`${method} ${path} failed: ${response.status} ${data.message}`);
  return data;
}

let counter = 0;
export function uniqueEmail(prefix = 'web'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery';

export async function registerCustomer(name = 'Test Customer', options: { phone?: string } = {}): Promise<{ token: string; email: string }> {
  const email = uniqueEmail();
  const { token } = await call<{ token: string }>('POST', API.register, { json: { name, email, password: TEST_PASSWORD, ...options } });
  return { token, email };
}

export function ownerToken(): string {
  serverUrl();
  return inject('ownerToken');
}

const encoder = new TextEncoder();

/** multipart/form-data by hand: jsdom's FormData is not one Node's fetch can send. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; type: string; bytes: Uint8Array }) {
  const boundary = `----rental${Math.random().toString(36).slice(2)}`;
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, encoder.encode('\r\n'));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    body.set(p, offset);
    offset += p.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function carImage(): Uint8Array {
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

/** Adds a car as the owner, with a real picture, and returns it as the API lists it. */
export async function addCar(fields: Partial<CarFormInput> = {}): Promise<Car> {
  const carData = { ...SAMPLE_CAR, ...fields };
  const { body, contentType } = multipart(
    { carData: JSON.stringify(carData) },
    { name: 'image', filename: 'car.png', type: 'image/png', bytes: carImage() },
  );
  const answer = await call<{ car?: Car }>('POST', API.addCar, { token: ownerToken(), body, contentType });
  if (answer.car) return answer.car;
  // The spec leaves add-car's answer open: find the car in the public list.
  const { cars } = await call<{ cars: Car[] }>('GET', API.cars);
  const found = cars.find((c) => c.brand === carData.brand && c.model === carData.model);
  if (!found) throw new Error('The added car is not in the list.');
  return found;
}

export async function setBankDetails(details: BankDetails): Promise<void> {
  await call('PUT', API.bankDetails, { token: ownerToken(), json: details });
}

export async function createBooking(
  token: string,
  car: string,
  pickupDate: string,
  returnDate: string,
  paymentMethod: 'upfront' | 'cash_deposit' = 'upfront',
): Promise<Booking> {
  const { booking } = await call<{ booking: Booking }>('POST', API.createBooking, { token, json: { car, pickupDate, returnDate, paymentMethod } });
  return booking;
}

/** Staff set a booking's status (as on Manage Bookings). */
export async function setBookingStatus(bookingId: string, status: 'pending' | 'confirmed' | 'cancelled'): Promise<void> {
  await call('POST', API.changeStatus, { token: ownerToken(), json: { bookingId, status } });
}

/** The public bank account for cash deposits, as the payment step reads it. */
export async function publicBankDetails(): Promise<BankDetails | null> {
  return (await call<{ bankDetails: BankDetails | null }>('GET', API.publicBankDetails)).bankDetails;
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
