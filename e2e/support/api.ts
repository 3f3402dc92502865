/**
 * Calls to the real API, used only to arrange data (a second customer, a booking that takes
 * some dates, a fleet to browse) and to learn what the screens should show. Journeys themselves
 * click through the site.
 */
import { ApiError, createApiClient, type ApiClient as TypedApiClient } from '@rental/contract/client';
import type {
  BankDetails,
  Booking,
  Car,
  CarFormInput,
  DashboardData,
  OwnerBooking,
  PaymentMethod,
  Quote,
  QuoteBodyInput,
  StaffSetStatus,
  User,
} from './contractTypes';
import type { UploadFile } from './png';

let customersArranged = 0;
/** 10.<this process>.<n>: a private address of its own for each arranged customer. */
function nextCustomerAddress(): string {
  customersArranged += 1;
  return `10.${process.pid % 250}.${(customersArranged >> 8) & 255}.${customersArranged & 255}`;
}

/** The contract's typed client on the journeys' server: a visitor's, or a session's with its token. */
export function typedApi(baseUrl: string, token?: string): TypedApiClient {
  return createApiClient({ baseUrl, token });
}

/** The calls the journeys arrange data with, by what they do, over the typed client. */
export function apiClient(baseUrl: string) {
  const as = (token?: string) => typedApi(baseUrl, token);

  const carForm = (fields: CarFormInput, image?: UploadFile) => {
    const form = new FormData();
    form.append('carData', JSON.stringify(fields));
    if (image) form.append('image', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
    return form;
  };

  return {
    async login(email: string, password: string): Promise<string> {
      return (await as().call('login', { body: { email, password } })).token;
    },
    /**
     * Each arranged customer comes from an address of their own, as real customers do: the server
     * allows 10 registrations a minute per address, and a whole run arranges more than that from this
     * one process. The journeys' server trusts the loopback proxy (TRUST_PROXY in run.mjs), so it reads
     * the address from X-Forwarded-For; what the browser does still comes from 127.0.0.1.
     */
    async register(name: string, email: string, password: string, phone?: string): Promise<string> {
      const headers = { 'X-Forwarded-For': nextCustomerAddress() };
      return (await as().call('register', { body: { name, email, password, ...(phone ? { phone } : {}) }, headers })).token;
    },
    async publicCars(): Promise<Car[]> {
      return (await as().call('cars')).cars;
    },
    async car(id: string): Promise<Car> {
      return (await as().call('car', { params: { id } })).car;
    },
    /** The server's price for a car, days and choices: what every screen must show (totals include GCT). */
    async quote(body: QuoteBodyInput): Promise<Quote> {
      return (await as().call('quote', { body })).quote;
    },
    async availableCars(pickupDate: string, returnDate: string, location = 'Waterford, Portmore'): Promise<Car[]> {
      return (await as().call('checkAvailability', { body: { location, pickupDate, returnDate } })).availableCars;
    },
    async addCar(token: string, fields: CarFormInput, image: UploadFile): Promise<Car> {
      return (await as(token).call('addCar', { form: carForm(fields, image) })).car;
    },
    async ownerCars(token: string): Promise<Car[]> {
      return (await as(token).call('ownerCars')).cars;
    },
    async createBooking(token: string, booking: { car: string; pickupDate: string; returnDate: string; paymentMethod: PaymentMethod }): Promise<Booking> {
      return (await as(token).call('createBooking', { body: booking })).booking;
    },
    async userBookings(token: string): Promise<Booking[]> {
      return (await as(token).call('userBookings')).bookings;
    },
    async ownerBookings(token: string): Promise<OwnerBooking[]> {
      return (await as(token).call('ownerBookings')).bookings;
    },
    async changeStatus(token: string, bookingId: string, status: StaffSetStatus): Promise<void> {
      await as(token).call('changeStatus', { body: { bookingId, status } });
    },
    async setBankDetails(token: string, details: BankDetails): Promise<void> {
      await as(token).call('bankDetails', { body: details });
    },
    async publicBankDetails(): Promise<BankDetails | null> {
      return (await as().call('publicBankDetails')).bankDetails;
    },
    async dashboard(token: string): Promise<DashboardData> {
      return (await as(token).call('dashboard')).dashboardData;
    },
    async userData(token: string): Promise<User> {
      return (await as(token).call('userData')).user;
    },
    async userBooking(token: string, reference: string): Promise<Booking> {
      return (await as(token).call('userBooking', { params: { reference } })).booking;
    },
    /** The HTTP status of /api/user/data for a token: 200 while its session lives, 401 once it ended. */
    async sessionStatus(token: string): Promise<number> {
      try {
        await as(token).call('userData');
        return 200;
      } catch (error) {
        if (error instanceof ApiError && error.status) return error.status;
        throw error;
      }
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
