/** The GCT report and the journal for the accountant (books.ts, docs/decisions/115). */
import { z } from 'zod';
import { JOURNAL_LAYOUTS, JOURNAL_LAYOUT_WORDS } from '../books';
import { oneOf } from './fields';

/** Checked by the server itself (so a bad month answers month_not_valid, not a general refusal). */
export const gctReportQuery = z.object({
  month: z.string({ error: 'Please choose one month.' }).optional().describe('The month, YYYY-MM, counted in Jamaica time (the company’s clock).'),
});

export const journalQuery = z.object({
  from: z.string({ error: 'Please give one first day.' }).optional().describe('The first day, YYYY-MM-DD (Jamaica time), included.'),
  to: z.string({ error: 'Please give one last day.' }).optional().describe('The last day, YYYY-MM-DD, included; at most 366 days after from.'),
  layout: oneOf('the accounting program', JOURNAL_LAYOUTS, Object.values(JOURNAL_LAYOUT_WORDS))
    .optional()
    .describe('quickbooks (the default): QuickBooks Online’s journal import; xero: Xero’s manual journal template.'),
});

const whole = (description: string) => z.number().int().describe(description);

export const gctMonth = z.object({
  month: z.string(),
  currency: z.string(),
  trn: z.string().describe('The company’s TRN (company settings); empty until given.'),
  gctPercent: z.number(),
  taxableCharges: whole('The amounts before GCT of the month’s lines that carried GCT.'),
  gctCharged: whole('Their GCT.'),
  taxableCredits: whole('The amounts before GCT of lines that gave GCT back (voided charges, discounts, prices lowered), as a positive sum.'),
  gctCredited: whole('The GCT they gave back, as a positive sum.'),
  netGct: whole('GCT charged less GCT given back: what the month owes.'),
  untaxedCharges: whole('Charges of the month without GCT (tolls, fines).'),
  lines: whole('How many folio lines the month holds.'),
});

export const booksResponses = {
  gctReport: z.object({ success: z.literal(true), report: gctMonth }),
} as const;
export type GctReportResponse = z.infer<typeof booksResponses.gctReport>;
