/**
 * Calls to the real API, used only to arrange data (a second customer, a booking that takes
 * some dates, a fleet to browse) and to learn what the screens should show. Journeys themselves
 * click through the site.
 */
import { API } from '@rental/contract/api';
import type { BankDetails, Booking, Car, CarFormInput, DashboardData, OwnerBooking, PaymentMethod } from './contractTypes';
import type { UploadFile } from './png';

export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type CallOptions = { token?: string; json?: unknown; form?: FormData };

export async function call<T>(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = options.token;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let data: { success?: boolean; message?: string } & Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiCallError(`${method} ${path}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`, response.status);
  }
  if (!response.ok || data.success !== true) {
    throw new ApiCallError(`${method} ${path}: HTTP ${response.status}: ${data.message ?? text.slice(0, 200)}`, response.status);
  }
  return data as T;
}

/** A typed API client bound to one server. */
export function apiClient(baseUrl: string) {
  const get = <T>(path: string, token?: string) => call<T>(baseUrl, 'GET', path, { token });
  const post = <T>(path: string, json: unknown, token?: string) => call<T>(baseUrl, 'POST', path, { token, json });

  const carForm = (fields: CarFormInput, image?: UploadFile) => {
    const form = new FormData();
    form.append('carData', JSON.stringify(fields));
    if (image) form.append('image', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
    return form;
  };

  return {
    async login(email: string, password: string): Promise<string> {
      return (await post<{ token: string }>(API.login, { email, password })).token;
    },
    async register(name: string, email: string, password: string, phone?: string): Promise<string> {
      return (await post<{ token: string }>(API.register, { name, email, password, ...(phone ? { phone } : {}) })).token;
    },
    async publicCars(): Promise<Car[]> {
      return (await get<{ cars: Car[] }>(API.cars)).cars;
    },
    async car(id: string): Promise<Car> {
      return (await get<{ car: Car }>(API.car(id))).car;
    },
    async availableCars(pickupDate: string, returnDate: string, location = 'Waterford, Portmore'): Promise<Car[]> {
      return (await post<{ availableCars: Car[] }>(API.checkAvailability, { location, pickupDate, returnDate })).availableCars;
    },
    async addCar(token: string, fields: CarFormInput, image: UploadFile): Promise<Car> {
      return (await call<{ car: Car }>(baseUrl, 'POST', API.addCar, { token, form: carForm(fields, image) })).car;
    },
    async ownerCars(token: string): Promise<Car[]> {
      return (await get<{ cars: Car[] }>(API.ownerCars, token)).cars;
    },
    async createBooking(
      token: string,
      booking: { car: string; pickupDate: string; returnDate: string; paymentMethod: PaymentMethod },
    ): Promise<Booking> {
      return (await post<{ booking: Booking }>(API.createBooking, booking, token)).booking;
    },
    async userBookings(token: string): Promise<Booking[]> {
      return (await get<{ bookings: Booking[] }>(API.userBookings, token)).bookings;
    },
    async ownerBookings(token: string): Promise<OwnerBooking[]> {
      return (await get<{ bookings: OwnerBooking[] }>(API.ownerBookings, token)).bookings;
    },
    async changeStatus(token: string, bookingId: string, status: Booking['status']): Promise<void> {
      await post(API.changeStatus, { bookingId, status }, token);
    },
    async setBankDetails(token: string, details: BankDetails): Promise<void> {
      await call(baseUrl, 'PUT', API.bankDetails, { token, json: details });
    },
    async publicBankDetails(): Promise<BankDetails | null> {
      return (await get<{ bankDetails: BankDetails | null }>(API.publicBankDetails)).bankDetails;
    },
    async dashboard(token: string): Promise<DashboardData> {
      return (await get<{ dashboardData: DashboardData }>(API.dashboard, token)).dashboardData;
    },
    async userData(token: string): Promise<{ name: string; email: string; role: string; image: string; phone: string }> {
      return (await get<{ user: { name: string; email: string; role: string; image: string; phone: string } }>(API.userData, token)).user;
    },
    async userBooking(token: string, reference: string): Promise<Booking> {
      return (await get<{ booking: Booking }>(API.userBooking(reference), token)).booking;
    },
    /** The HTTP status of /api/user/data for a token: 200 while its session lives, 401 once it ended. */
    async sessionStatus(token: string): Promise<number> {
      return (await fetch(baseUrl + API.userData, { headers: { Authorization: token } })).status;
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
