import { z } from 'zod';
import { oneOf } from './fields';

/** What a history entry is about: the API's names for the database's subjects. */
export const ACTIVITY_KINDS = ['booking', 'car', 'bank_details', 'block', 'company', 'customer', 'prices', 'payment', 'damage', 'staff', 'cash_up'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
const ACTIVITY_KINDS_SHOWN = [
  'bookings',
  'cars',
  'bank details',
  'service blocks',
  'company settings',
  'customers',
  'prices and extras',
  'card payments',
  'damages',
  'staff accounts',
  'cash-ups',
] as const;
export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE = 200;

/** One change, as recorded by the database: who, when, and the fields before and after. */
export const activityEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who made the change; null when the site itself did (a hold that expired). */
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  kind: z.enum(ACTIVITY_KINDS),
  action: z.enum(['added', 'changed', 'removed']),
  /** The booking's, car's or block's id ("1" for the company's one bank account and settings). */
  subjectId: z.string(),
  /** How staff name it: a booking's reference, a car's brand and model (a block's car); empty otherwise. */
  subjectName: z.string(),
  /** Only the fields that changed (every field of something added or removed), by their stored names. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

const ACTIVITY_LIMIT_PROBLEM = `Entries per page must be a whole number from 1 to ${MAX_ACTIVITY_PAGE}.`;
export const activityQuery = z.object({
  limit: z
    .string({ error: ACTIVITY_LIMIT_PROBLEM })
    .regex(/^\d{1,3}$/, { error: ACTIVITY_LIMIT_PROBLEM })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ACTIVITY_PAGE, { error: ACTIVITY_LIMIT_PROBLEM })
    .optional()
    .describe(`1 to ${MAX_ACTIVITY_PAGE}, ${ACTIVITY_PAGE_SIZE} when left out.`),
  cursor: z
    .string({ error: 'The page asked for cannot be found. Please start again from the newest changes.' })
    .regex(/^\d{1,18}$/, { error: 'The page asked for cannot be found. Please start again from the newest changes.' })
    .optional()
    .describe("The previous page's nextCursor."),
  kind: oneOf('which changes to show', ACTIVITY_KINDS, ACTIVITY_KINDS_SHOWN).optional().describe('Only changes of this kind.'),
});
export type ActivityQuery = z.input<typeof activityQuery>;

export const activityResponses = {
  activity: z.object({ success: z.literal(true), entries: z.array(activityEntry), nextCursor: z.string().nullable() }),
} as const;
export type ActivityResponse = z.infer<typeof activityResponses.activity>;
