/**
 * Tolls (Highway 2000) and traffic tickets that arrive after the customer brought the car back
 * (docs/decisions/119-tolls-and-tickets-after-the-return.md): staff add each to the returned
 * booking's folio with a scan of the toll record or the ticket, passed through at cost without
 * GCT, and the customer is e-mailed the charge and how to pay it.
 */
import type { FolioLineKind } from './folio';

/** What may arrive after the return: the folio's own kinds for them. */
export const LATE_CHARGE_KINDS = ['toll', 'fine'] as const satisfies readonly FolioLineKind[];
export type LateChargeKind = (typeof LATE_CHARGE_KINDS)[number];

export const LATE_CHARGE_KIND_WORDS: Record<LateChargeKind, string> = {
  toll: 'Toll (Highway 2000)',
  fine: 'Traffic ticket',
};

/** The largest scan kept (the upload limit of every file). */
export const MAX_LATE_CHARGE_SCAN_MB = 10;

export const LATE_CHARGE_REFUSALS = {
  late_charge_not_returned: 'A toll or ticket is added only to a booking whose car has been returned. Add it after the check-in.',
  late_charge_kind_unknown: 'Please choose what it is: a toll or a traffic ticket.',
  late_charge_amount_not_positive: 'The amount must be a whole number above 0.',
  late_charge_scan_needed: 'Please attach the scan of the toll record or the ticket (a photo or a PDF): the customer sees it beside the charge.',
  late_charge_scan_too_large: `The scan is larger than ${MAX_LATE_CHARGE_SCAN_MB} MB. Please send a smaller photo or PDF.`,
  late_charge_key_reused: 'This form was already sent for a different charge. Please open the form again and send it once.',
} as const;
export type LateChargeRefusal = keyof typeof LATE_CHARGE_REFUSALS;

export const LATE_CHARGE_MESSAGES = {
  added: 'The charge is on the booking and the customer has been e-mailed.',
  scanNotFound: 'This scan does not exist, or it is not yours to see.',
} as const;

/** The folio line's label: what it is, where or which ticket, and the day. */
export function lateChargeLabel(kind: LateChargeKind, description: string, offenceDate: string): string {
  return `${LATE_CHARGE_KIND_WORDS[kind]}: ${description}, ${offenceDate}`.slice(0, 300);
}
