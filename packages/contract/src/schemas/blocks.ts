import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';
import { CONTROL_OR_BIDI_MULTILINE, calendarDate, idField, storable } from './fields';
import { paperAlert } from './carPapers';

/** Staff's note on a block ("Brakes at the garage"): optional, several lines allowed. */
const blockNote = z
  .string({ error: 'Note must be written as text.' })
  .trim()
  .max(500, { error: 'Note can be at most 500 characters long.' })
  .refine(storable, { error: 'Note contains characters that cannot be stored. Please remove them.' })
  .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), { error: 'Note contains invisible control characters. Please type it again.' });

/** A service block: days staff take a car out of hire (garage, inspection). Dates are inclusive, as for bookings. */
export const createBlockBody = z.object({
  car: idField('the car'),
  pickupDate: calendarDate('First day'),
  returnDate: calendarDate('Last day'),
  note: blockNote.optional(),
});
export type CreateBlockBody = z.infer<typeof createBlockBody>;
export type CreateBlockInput = z.input<typeof createBlockBody>;

export const carBlock = z.object({
  _id: z.string(),
  /** The car's id. */
  car: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  note: z.string(),
});
export type CarBlock = z.infer<typeof carBlock>;

export const blocksQuery = z.object({
  car: z.string({ error: 'Please say which is the car.' }).describe("Only this car's blocks (its id).").optional(),
});
export const blockParams = z.object({ id: z.string({ error: 'Please say which is the block.' }).describe('The block id (a UUID).') });

/** The longest span the timeline shows at once, in days. */
export const MAX_TIMELINE_DAYS = 92;
export const timelineQuery = z.object({
  from: calendarDate('First day shown').optional().describe('The first day shown; today in Jamaica when left out.'),
  days: z
    .string({ error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .regex(/^\d{1,3}$/, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .refine((value) => Number(value) >= 1 && Number(value) <= MAX_TIMELINE_DAYS, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .optional()
    .describe('How many days, 35 when left out.'),
});

/** A booking as the timeline and today's lists show it: enough to recognise it and call the customer. */
export const timelineBooking = z.object({
  _id: z.string(),
  reference: z.string(),
  /** The car's id. */
  car: z.string(),
  pickupDate: z.string(),
  returnDate: z.string(),
  status: z.enum(BOOKING_STATUSES),
  customer: z.object({ name: z.string(), phone: z.string() }),
  /** Still on rent after its return day's due time plus the grace period (the desk's rule). */
  overdue: z.boolean().optional(),
  /** The car's paper that has expired or expires on or before the return day (the timeline shows it red). */
  paperAlert: paperAlert.optional(),
});
export type TimelineBooking = z.infer<typeof timelineBooking>;

/** plate: as the lot knows the car (null until staff give it). */
export const timelineCar = z.object({
  _id: z.string(),
  brand: z.string(),
  model: z.string(),
  image: z.string(),
  plate: z.string().nullable().optional(),
  /** The car's paper that has expired by today (red on the timeline). */
  paperAlert: paperAlert.optional(),
});
export type TimelineCar = z.infer<typeof timelineCar>;

/** Today's pickups and returns (the company's day, Jamaica), with the car named for the counter staff. */
export const movement = timelineBooking.extend({ carName: z.string() });
export const todaysMovements = z.object({ date: z.string(), pickups: z.array(movement), returns: z.array(movement) });
export type Movement = z.infer<typeof movement>;
export type TodaysMovements = z.infer<typeof todaysMovements>;

export const blockResponses = {
  blockCreated: z.object({ success: z.literal(true), message: z.string(), block: carBlock }),
  blocks: z.object({ success: z.literal(true), blocks: z.array(carBlock) }),
  timeline: z.object({
    success: z.literal(true),
    from: z.string(),
    days: z.number(),
    cars: z.array(timelineCar),
    /** Bookings not cancelled that share a day with the range. */
    bookings: z.array(timelineBooking),
    blocks: z.array(carBlock),
    today: todaysMovements,
  }),
} as const;
export type TimelineResponse = z.infer<typeof blockResponses.timeline>;
