import { z } from 'zod';
import { ok } from './fields';
import { user } from './users';
import { driver, vetting } from './drivers';
import { companySettings, publicCompanySettings, staffCompanySettings, storedBankDetails } from './company';
import { booking, bookingDetail, ownerBooking } from './bookings';
import { availableCar, car } from './cars';
import { outboxMessage } from './outbox';
import { dashboardData } from './dashboard';

export const responses = {
  auth: ok({ token: z.string(), message: z.string() }),
  userData: ok({ user, driver: driver.nullable(), vetting }),
  /** contactsSaved: false until an owner saves the settings; phone, email and chatUrl are then '' (the shipped ones are placeholders). */
  company: ok({ company: publicCompanySettings, contactsSaved: z.boolean() }),
  /** The same for staff, with the accountant's account names (decision 115). */
  staffCompany: ok({ company: staffCompanySettings, contactsSaved: z.boolean() }),
  companySaved: ok({ message: z.string(), company: companySettings }),
  health: z.object({ success: z.literal(true), status: z.literal('ok'), database: z.literal('ok') }),
  imageUpdated: ok({ message: z.string(), image: z.string() }),
  statusChanged: ok({ message: z.string(), booking: ownerBooking }),
  bankDetailsSaved: ok({ message: z.string(), bankDetails: storedBankDetails }),
  cars: ok({ cars: z.array(car) }),
  car: ok({ car }),
  // Each car with what it costs for these days; priceNote: why the days cannot be booked as asked (said once).
  availableCars: ok({ availableCars: z.array(availableCar), priceNote: z.string().optional() }),
  bookings: ok({ bookings: z.array(booking) }),
  // A page (with limit) also says where the next one starts (null on the last).
  ownerBookings: ok({ bookings: z.array(ownerBooking), nextCursor: z.string().nullable().optional() }),
  // notice: what the customer must still do (their driver details, when they booked without them).
  bookingCreated: ok({ message: z.string(), booking, notice: z.string().optional() }),
  bookingDetail: ok({ booking: bookingDetail }),
  bookingCancelled: ok({ message: z.string(), booking }),
  bookingSaved: ok({ message: z.string(), booking }),
  profileSaved: ok({ message: z.string(), user }),
  passwordChanged: ok({ message: z.string(), token: z.string() }),
  publicBankDetails: ok({ bankDetails: storedBankDetails.nullable(), message: z.string().optional() }),
  dashboard: ok({ dashboardData }),
  message: ok({ message: z.string() }),
  carSaved: ok({ message: z.string(), car }),
  outbox: ok({
    messages: z.array(outboxMessage),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    /** false when the server has no mail server (SMTP_URL): messages are kept, none is sent. */
    mailEnabled: z.boolean(),
  }),
  messageResent: ok({ message: z.string(), outboxMessage }),
} as const;

export type AuthResponse = z.infer<typeof responses.auth>;
export type UserDataResponse = z.infer<typeof responses.userData>;
export type CompanyResponse = z.infer<typeof responses.company>;
export type CarsResponse = z.infer<typeof responses.cars>;
export type CarResponse = z.infer<typeof responses.car>;
export type AvailableCarsResponse = z.infer<typeof responses.availableCars>;
export type BookingsResponse = z.infer<typeof responses.bookings>;
export type StaffBookingsResponse = z.infer<typeof responses.ownerBookings>;
export type BookingCreatedResponse = z.infer<typeof responses.bookingCreated>;
export type PublicBankDetailsResponse = z.infer<typeof responses.publicBankDetails>;
export type DashboardResponse = z.infer<typeof responses.dashboard>;
export type MessageResponse = z.infer<typeof responses.message>;
export type CarSavedResponse = z.infer<typeof responses.carSaved>;
export type OutboxResponse = z.infer<typeof responses.outbox>;
