/** A toll or ticket added after the return (lateCharges.ts, docs/decisions/119). */
import { z } from 'zod';
import { LATE_CHARGE_KINDS, MAX_LATE_CHARGE_SCAN_MB } from '../lateCharges';
import { MAX_FOLIO_AMOUNT, folio } from './folio';
import { calendarDate, ok, oneOf, text, wholeNumber } from './fields';

/** The form's text fields (the scan travels beside them in the field "file"). */
export const lateChargeFields = z.object({
  kind: oneOf('what it is', LATE_CHARGE_KINDS, ['toll', 'traffic ticket']),
  offenceDate: calendarDate('Day of the toll or ticket'),
  amount: wholeNumber('Amount', 1, MAX_FOLIO_AMOUNT),
  description: text('Plaza or ticket number', 200),
});
export type LateChargeFields = z.infer<typeof lateChargeFields>;

export const lateChargeUploadFields = lateChargeFields.extend({
  file: z.file().describe(`The scan of the toll record or the ticket: a JPEG, PNG or WebP photo, or a PDF, at most ${MAX_LATE_CHARGE_SCAN_MB} MB.`),
});

export const lateCharge = z.object({
  id: z.string(),
  kind: z.enum(LATE_CHARGE_KINDS),
  offenceDate: z.string(),
  /** Passed through at cost: no GCT. */
  amount: z.number().int(),
  description: z.string(),
  /** The folio line it made. */
  lineId: z.string(),
  /** GET /api/late-charges/{id}/scan, to the booking's customer and staff; null once the customer's account was erased. */
  scanUrl: z.string().nullable(),
  scanType: z.string().nullable(),
  createdAt: z.string(),
});
export type LateCharge = z.infer<typeof lateCharge>;

export const lateChargeParams = z.object({ id: z.string().describe("The booking's id (a UUID).") });
export const lateChargeScanParams = z.object({ id: z.string().describe("The toll's or ticket's id (a UUID).") });

export const lateChargeResponses = {
  list: ok({ lateCharges: z.array(lateCharge) }),
  added: ok({ message: z.string(), lateCharge, folio }),
} as const;
