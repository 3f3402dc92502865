import type { CarsPageQuery } from '@rental/contract/schemas';

/** TanStack Query keys shared across screens, so one invalidation refreshes every view of the data. */
export const queryKeys = {
  cars: ['cars'] as const,
  /** Under `cars`: invalidating the fleet refreshes its pages too. */
  carsPage: (query: CarsPageQuery) => ['cars', 'page', query] as const,
  car: (id: string) => ['car', id] as const,
  user: (token: string | null) => ['user', token] as const,
  userBookings: ['bookings', 'user'] as const,
  userBooking: (reference: string) => ['booking', reference.toUpperCase()] as const,
  availability: (location: string, pickupDate: string, returnDate: string) => ['availability', location, pickupDate, returnDate] as const,
  publicBankDetails: ['publicBankDetails'] as const,
  /** The customer's own documents on /account. */
  documents: ['documents'] as const,
  company: ['company'] as const,
  prices: ['prices'] as const,
  quote: (carId: string, pickupDate: string, returnDate: string, choices: string) => ['quote', carId, pickupDate, returnDate, choices] as const,
};
