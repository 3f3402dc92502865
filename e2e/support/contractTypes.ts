/** The contract's types, imported as types only so the journeys never load zod. */
export type {
  BankDetails,
  Booking,
  Car,
  CarFormInput,
  DashboardData,
  StaffBooking as OwnerBooking,
  PricesBodyInput,
  QuoteBodyInput,
  User,
} from '@rental/contract/schemas';
export type { Quote } from '@rental/contract/quote';
export type { PaymentMethod, StaffSetStatus } from '@rental/contract/constants';
