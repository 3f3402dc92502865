/** The folio's calls: read it, record a payment or refund, add a charge, void a line (folio.ts). */
import { z } from 'zod';
import { BOOKING_EVENT_KINDS } from '../companyEvents';
import { FOLIO_LINE_KINDS, FOLIO_METHODS, FOLIO_PAYMENT_KINDS, STAFF_CHARGE_KINDS } from '../folio';
import { CONTROL_OR_BIDI_MULTILINE, ok, oneOf, storable, text, wholeNumber } from './fields';

/** The largest single amount staff may type (a year of the dearest car, with room). */
export const MAX_FOLIO_AMOUNT = 50_000_000;

export const folioLine = z.object({
  id: z.string(),
  kind: z.enum(FOLIO_LINE_KINDS),
  label: z.string(),
  /** Before GCT; negative for a discount or a voiding line. */
  amount: z.number().int(),
  gct: z.number().int(),
  createdAt: z.string(),
  /** Who added it (null: the site itself, e.g. the booking's own quote). */
  by: z.string().nullable(),
  /** Set on a line that voids another; its reason beside it. */
  voidsLineId: z.string().nullable().optional(),
  reason: z.string().nullable().optional(),
  /** True on a line some later line voids. */
  voided: z.boolean(),
});

export const folioPayment = z.object({
  id: z.string(),
  kind: z.enum(FOLIO_PAYMENT_KINDS),
  method: z.enum(FOLIO_METHODS),
  amount: z.number().int(),
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
  by: z.string().nullable(),
});

export const folioTotalsSchema = z.object({
  charged: z.number().int(),
  gct: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  /** charged - paid + refunded: what is still owed (negative: owed back to the customer). */
  balance: z.number().int(),
});

export const folio = z.object({
  bookingId: z.string(),
  reference: z.string(),
  currency: z.string(),
  lines: z.array(folioLine),
  payments: z.array(folioPayment),
  totals: folioTotalsSchema,
  paymentStatus: z.enum(['unpaid', 'part_paid', 'paid', 'refund_due', 'refunded']),
  /** The security deposit taken at check-out: held, then returned or kept against charges (not income). */
  deposit: z.object({ held: z.number().int(), returned: z.number().int(), kept: z.number().int() }),
});
export type Folio = z.infer<typeof folio>;
export type FolioLine = z.infer<typeof folioLine>;
export type FolioPayment = z.infer<typeof folioPayment>;

export const folioParams = z.object({ id: z.string().describe('The booking id (a UUID).') });
export const folioLineParams = z.object({ id: z.string().describe('The booking id (a UUID).'), lineId: z.string().describe('The line id (a UUID).') });

const amountField = wholeNumber('Amount', 1, MAX_FOLIO_AMOUNT);
const methodField = oneOf('how the money moved', FOLIO_METHODS, ['card', 'bank deposit', 'cash', 'bank transfer']);
/** Text that may be left empty (a reference, a note): the same checks as text() but the minimum. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be written as text.` })
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine(storable, { error: `${label} contains characters that cannot be stored. Please remove them.` })
    .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), { error: `${label} contains invisible control characters. Please type it again.` })
    .optional()
    .transform((value) => value ?? '');

export const folioPaymentBody = z.object({
  method: methodField,
  amount: amountField,
  reference: optionalText('Reference', 200),
  note: optionalText('Note', 500),
});
export type FolioPaymentBody = z.infer<typeof folioPaymentBody>;

export const folioRefundBody = z.object({
  method: methodField,
  amount: amountField,
  note: text('Why it is refunded', 500),
});
export type FolioRefundBody = z.infer<typeof folioRefundBody>;

export const folioChargeBody = z.object({
  kind: oneOf('what the charge is for', STAFF_CHARGE_KINDS, [
    'late return',
    'distance',
    'fuel',
    'damage',
    'cleaning',
    'toll',
    'ticket or fine',
    'other',
    'discount',
  ]),
  label: text('Description', 200),
  amount: amountField,
  /** GCT is added on top at the company's rate (tolls and fines usually carry none). */
  gctApplies: z.boolean({ error: 'Please say whether GCT applies.' }),
});
export type FolioChargeBody = z.infer<typeof folioChargeBody>;

export const folioVoidBody = z.object({ reason: text('Why it is voided', 300) });
export type FolioVoidBody = z.infer<typeof folioVoidBody>;

export const folioResponses = {
  folio: ok({ folio }),
  folioChanged: ok({ message: z.string(), folio }),
} as const;

/** One event of a booking's history (contract companyEvents.ts): its kind, its data, who and when. */
export const bookingHistoryEntry = z.object({
  id: z.string(),
  kind: z.enum(BOOKING_EVENT_KINDS),
  /** What the kind carries: amounts, methods, staff's words (never a person's details). */
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
  /** Who did it (null: the site itself, or someone since removed). */
  by: z.string().nullable(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntry>;

export const bookingHistoryResponse = ok({ reference: z.string(), currency: z.string(), history: z.array(bookingHistoryEntry) });
