/** The day's cash-up (cashUp.ts, docs/decisions/114). */
import { z } from 'zod';
import { FOLIO_METHODS } from '../folio';
import { calendarDate, CONTROL_OR_BIDI_MULTILINE, ok, queryText, storable, text, wholeNumber } from './fields';

export const MAX_COUNTED_CASH = 100_000_000;

const staffId = queryText('The staff member', 40).optional().describe("A staff member's id: their own day. Left out: the whole desk.");

export const cashUpQuery = z.object({
  date: calendarDate('Day').describe("The company's day (Jamaica), YYYY-MM-DD."),
  staffId,
});

export const cashUpCloseBody = z.object({
  date: calendarDate('Day'),
  staffId,
  countedCash: wholeNumber('The counted cash', 0, MAX_COUNTED_CASH).describe('The cash counted in the drawer, in whole units of the currency.'),
  note: z
    .string({ error: 'The note must be written as text.' })
    .overwrite((value) => value.trim())
    .max(500, { error: 'The note can be at most 500 characters long.' })
    .refine(storable, { error: 'The note contains characters that cannot be stored. Please remove them.' })
    .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), { error: 'The note contains invisible control characters. Please type it again.' })
    .optional()
    .default('')
    .describe('Why the counted cash differs from what the drawer should hold; required when it differs.'),
});
export type CashUpCloseBody = z.input<typeof cashUpCloseBody>;

export const cashUpReopenParams = z.object({ date: calendarDate('Day') });
export const cashUpReopenBody = z.object({
  staffId,
  reason: text('The reason', 300, { multiline: true }).describe('Why the day is opened again; kept in the history.'),
});

const person = z.object({ _id: z.string(), name: z.string() });

export const cashUpClosing = z.object({
  countedCash: z.number(),
  expectedCash: z.number(),
  difference: z.number(),
  note: z.string(),
  closedBy: person,
  closedAt: z.string(),
});

export const cashUpReopening = cashUpClosing.extend({ reopenedBy: person, reopenedAt: z.string(), reason: z.string() });

export const cashUp = z.object({
  date: z.string(),
  /** null: the whole desk. */
  staff: person.nullable(),
  methods: z.array(z.object({ method: z.enum(FOLIO_METHODS), payments: z.number(), refunds: z.number(), net: z.number() })),
  keptFromDeposits: z.number(),
  deposits: z.object({ taken: z.number(), returned: z.number(), kept: z.number(), cashTaken: z.number(), cashReturned: z.number() }),
  drawer: z.object({ cashIn: z.number(), cashOut: z.number(), expected: z.number() }),
  /** The closing in force; null while the day is open. */
  closing: cashUpClosing.nullable(),
  /** Earlier closings of this day that an owner reopened, oldest first. */
  reopened: z.array(cashUpReopening),
  /** Whom the caller may pick: every staff member for owners and managers, only themselves for a counter agent. */
  staffChoices: z.array(person),
  /** The caller may pick the whole desk (owners and managers). */
  mayChooseDesk: z.boolean(),
  /** The caller may reopen a closed day (owners). */
  mayReopen: z.boolean(),
});
export type CashUp = z.infer<typeof cashUp>;

export const cashUpResponses = {
  cashUp: ok({ cashUp }),
  cashUpChanged: ok({ message: z.string(), cashUp }),
} as const;
