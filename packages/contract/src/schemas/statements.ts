/** Bank statements matched to bookings (statements.ts, docs/decisions/113). */
import { z } from 'zod';
import { MATCH_CONFIDENCES, STATEMENT_DATE_FORMATS, STATEMENT_FORMATS, STATEMENT_LINE_STATES, STATEMENT_PREVIEW_ROWS } from '../statements';

const column = (what: string) =>
  z
    .string({ error: `Please choose the column holding ${what}.` })
    .trim()
    .min(1, { error: `Please choose the column holding ${what}.` })
    .max(100, { error: 'A column name is at most 100 characters.' })
    .describe(`The header of the column holding ${what}.`);

export const statementMapping = z
  .object({
    date: column('the date'),
    description: column('the description'),
    amount: column('the amount (money in positive, money out negative)').optional(),
    credit: column('money in').optional(),
    debit: column('money out').optional(),
    reference: column("the bank's reference of the line").optional(),
    balance: column('the running balance').optional(),
    dateFormat: z.enum(STATEMENT_DATE_FORMATS, { error: `Please choose how the dates are written (${STATEMENT_DATE_FORMATS.join(', ')}).` }),
  })
  .refine((m) => m.amount !== undefined || m.credit !== undefined, { error: 'Please choose the amount column, or the money-in column.' });

export const statementUploadFields = z.object({
  file: z.file().describe('The statement as the bank exports it: OFX or QFX (1.x SGML or 2.x XML), or CSV; at most 5 MB.'),
  bankAccount: z.string().describe("The account number of one of the company's bank accounts (digits; spaces and dashes are ignored)."),
  mapping: z
    .string()
    .optional()
    .describe('For a CSV, its columns as JSON (StatementMapping). Left out: the mapping remembered for this account. Remembered once the upload is read.'),
});

export const statementMatch = z.object({
  bookingId: z.string(),
  reference: z.string().describe("The booking's reference."),
  confidence: z.enum(MATCH_CONFIDENCES),
  reason: z.string().describe('Why, in plain words.'),
});
export type StatementMatch = z.infer<typeof statementMatch>;

export const statementLine = z.object({
  id: z.string(),
  date: z.string().describe('YYYY-MM-DD, as the bank posted it.'),
  amount: z.number().describe('Whole dollars; money out is negative.'),
  description: z.string(),
  bankId: z.string().describe("The bank's id of the line (the OFX FITID, or the CSV's reference)."),
  match: statementMatch.nullable(),
  state: z.enum(STATEMENT_LINE_STATES),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementSummary = z.object({
  id: z.string(),
  bankAccount: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  fileName: z.string(),
  currency: z.string(),
  uploadedAt: z.string(),
  lineCount: z.number(),
  openCredits: z.number().describe('Credits not applied yet.'),
});
export type StatementSummary = z.infer<typeof statementSummary>;

export const statement = statementSummary.extend({ lines: z.array(statementLine) });
export type Statement = z.infer<typeof statement>;

export const statementParams = z.object({ id: z.string().describe("The statement's id (a UUID).") });

const lineId = z.string({ error: 'Each line must be named by its id.' }).max(100, { error: 'A line id is too long.' });

export const applyStatementBody = z
  .object({
    lineIds: z
      .array(lineId, { error: 'The lines to apply must be a list of line ids.' })
      .max(20_000, { error: 'Please apply at most 20,000 lines at a time.' })
      .optional()
      .describe('Lines to apply to the booking they were matched to.'),
    lines: z
      .array(
        z.object(
          {
            lineId,
            reference: z
              .string({ error: 'Please give the booking reference (it looks like WR-7K2M9X).' })
              .trim()
              .min(1, { error: 'Please give the booking reference (it looks like WR-7K2M9X).' })
              .max(40, { error: 'A booking reference is at most 40 characters.' })
              .describe('The booking reference, as the customer may write it.'),
          },
          { error: 'Each line assigned by hand needs its line and a booking reference.' },
        ),
        { error: 'The lines assigned by hand must be a list.' },
      )
      .max(1000, { error: 'Please assign at most 1,000 lines at a time.' })
      .optional()
      .describe('Lines assigned by hand: each to the booking of this reference (whatever its match).'),
  })
  .refine((b) => (b.lineIds?.length ?? 0) + (b.lines?.length ?? 0) > 0, { error: 'Please choose at least one line to apply.' });
export type ApplyStatementBody = z.infer<typeof applyStatementBody>;

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

export const statementResponses = {
  list: ok({ statements: z.array(statementSummary) }),
  one: ok({ statement }),
  uploaded: ok({ message: z.string(), statement }),
  applied: ok({ message: z.string(), applied: z.number().describe('Payments recorded by this call.'), statement }),
  preview: ok({
    format: z.enum(STATEMENT_FORMATS),
    headers: z.array(z.string()),
    rows: z.array(z.array(z.string())).describe(`The first ${STATEMENT_PREVIEW_ROWS} rows after the header.`),
    mapping: statementMapping.nullable().describe('The mapping remembered for this account, or one guessed from the headers.'),
    remembered: z.boolean(),
  }),
} as const;
