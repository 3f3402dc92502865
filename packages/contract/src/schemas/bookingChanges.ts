/** Changing a booking's dates or car (bookingChanges.ts holds the rules; decision 095). */
import { z } from 'zod';
import { PAYMENT_STATUSES } from '../constants';
import { calendarDate, expectedTotal, idField, ok } from './fields';
import { quoteSchema } from './prices';

/** A field left out stays as it was; at least one must be sent (the handler says so in words). */
export const bookingChangeBody = z.object({
  pickupDate: calendarDate('Pickup date').optional(),
  returnDate: calendarDate('Return date').optional(),
  car: idField('the car').optional(),
  expectedTotal,
});
export type BookingChangeBody = z.infer<typeof bookingChangeBody>;

const bookingSide = z.object({
  pickupDate: z.string(),
  returnDate: z.string(),
  days: z.number(),
  car: z.object({ _id: z.string(), name: z.string() }),
  total: z.number(),
});

/** Before and after, the difference and what it means for the payment. */
export const bookingChange = z.object({
  bookingId: z.string(),
  reference: z.string(),
  /** With the quote it was sold at (null: made before quotes), so a screen can say which lines moved (changedLines.ts). */
  before: bookingSide.extend({ quote: quoteSchema.nullable().optional() }),
  after: bookingSide.extend({ quote: quoteSchema }),
  difference: z.number(),
  currency: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentNote: z.string(),
  /** A customer's change to a confirmed booking that takes new days or costs more: it waits for staff again (pending, held). */
  confirmAgain: z.boolean(),
});
export type BookingChange = z.infer<typeof bookingChange>;

export const bookingChangeResponses = {
  /** The preview: nothing was written. */
  changeQuote: ok({ change: bookingChange }),
  changed: ok({ message: z.string(), change: bookingChange }),
};
