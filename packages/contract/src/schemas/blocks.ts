import { z } from 'zod';
import { BOOKING_STATUSES } from '../constants';
import { CONTROL_OR_BIDI_MULTILINE, calendarDate, idField, queryText, storable } from './fields';
import { paperAlert } from './carPapers';
import { groupedNumber } from '../numbers';

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
const timelineRangeQuery = z.object({
  from: calendarDate('First day shown').optional().describe('The first day shown; today in Jamaica when left out.'),
  days: z
    .string({ error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .regex(/^\d{1,3}$/, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .refine((value) => Number(value) >= 1 && Number(value) <= MAX_TIMELINE_DAYS, { error: `Days shown must be a whole number from 1 to ${MAX_TIMELINE_DAYS}.` })
    .optional()
    .describe('How many days, 35 when left out.'),
});

/** The most cars a page of the timeline holds, and how many the staff's screen asks for at a time. */
export const MAX_TIMELINE_CARS = 100;
export const TIMELINE_CARS_PAGE = 50;
/** The longest search over the fleet's makes, models and plates the timeline takes. */
export const MAX_TIMELINE_SEARCH_LENGTH = 100;
/** A fleet far larger than any company's: a place past it is a mistyped address, not a page. */
const MAX_TIMELINE_CARS_FROM = 100_000;

const carsFromProblem = `Cars before the page must be a whole number from 0 to ${groupedNumber(MAX_TIMELINE_CARS_FROM)}.`;
const carsProblem = `Cars shown must be a whole number from 1 to ${MAX_TIMELINE_CARS}.`;

/**
 * A page of cars (the whole fleet's answer was 400 KB and over 100 ms at 1,000 cars): carsFrom, cars and search each narrow the fleet,
 * in its order (make, model); left out, every car is answered, as before they existed.
 */
export const timelineQuery = timelineRangeQuery.extend({
  carsFrom: z
    .string({ error: carsFromProblem })
    .regex(/^\d{1,6}$/, { error: carsFromProblem })
    .refine((value) => Number(value) <= MAX_TIMELINE_CARS_FROM, { error: carsFromProblem })
    .optional()
    .describe('How many cars of the order (make, model) come before the page: 0 starts at the first car, 50 at the 51st. 0 when left out.'),
  cars: z
    .string({ error: carsProblem })
    .regex(/^\d{1,3}$/, { error: carsProblem })
    .refine((value) => Number(value) >= 1 && Number(value) <= MAX_TIMELINE_CARS, { error: carsProblem })
    .optional()
    .describe(`How many cars the page holds, 1 to ${MAX_TIMELINE_CARS}; every car from carsFrom on when left out.`),
  search: queryText('The search', MAX_TIMELINE_SEARCH_LENGTH)
    .optional()
    .describe('Words that must all appear in the make, model or plate, in any case (a plate with or without its spaces).'),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

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
    /** The page of cars asked for (every car when no page was asked), in the fleet's order: make, model. */
    cars: z.array(timelineCar),
    /** Cars matching the search in the whole fleet, of which `cars` is the page ("Cars 51-100 of 1,000"). */
    carsTotal: z.number().optional(),
    /** Bookings not cancelled of the page's cars that share a day with the range. */
    bookings: z.array(timelineBooking),
    /** The page's cars' blocks that share a day with the range. */
    blocks: z.array(carBlock),
    /** The whole fleet's: the counter hands over keys whatever page is shown. */
    today: todaysMovements,
  }),
} as const;
export type TimelineResponse = z.infer<typeof blockResponses.timeline>;
