/**
 * The folio's four small forms, checked with the very schemas the server checks them with
 * (schemas/folio.ts) before anything is sent, and where each refusal the server may give goes: it
 * is placed by its code (refusalCodes.ts), never by its words.
 */
import { ApiError, errorMessage } from '../../../api/client';
import { typedAmount } from '@rental/contract/numbers';
import { REFUSAL_CODES, type RefusalCode } from '@rental/contract/refusalCodes';
import { folioChargeBody, folioPaymentBody, folioRefundBody, folioVoidBody } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from '../formErrors';
import type { FolioWrite } from './folioQueries';

export type Errors<K extends string> = Partial<Record<K | 'form', string>>;

/**
 * What the schema reads of a form: the amount as the contract's one reader reads it ("JMD 1,250" is
 * 1250); what it cannot read goes as typed, so the schema words the problem ("must be a whole number").
 */
const withAmount = <V extends { amount: string }>(values: V): Omit<V, 'amount'> & { amount: number | string } => ({
  ...values,
  amount: typedAmount(values.amount) ?? values.amount,
});

export interface PaymentValues {
  method: string;
  amount: string;
  reference: string;
  note: string;
}
const PAYMENT_LABELS: Record<keyof PaymentValues, FieldLabel> = {
  method: { label: 'Way it was paid', choice: true },
  amount: { label: 'Amount' },
  reference: { label: 'Reference' },
  note: { label: 'Note' },
};
export const validatePayment = (values: PaymentValues): Errors<keyof PaymentValues> => formErrors(folioPaymentBody, values, PAYMENT_LABELS, withAmount(values));
export const paymentWrite = (values: PaymentValues): FolioWrite => ({ kind: 'payment', body: folioPaymentBody.parse(withAmount(values)) });

export interface RefundValues {
  method: string;
  amount: string;
  note: string;
}
const REFUND_LABELS: Record<keyof RefundValues, FieldLabel> = {
  method: { label: 'Way it was given back', choice: true },
  amount: { label: 'Amount' },
  note: { label: 'Why it is refunded' },
};
export const validateRefund = (values: RefundValues): Errors<keyof RefundValues> => formErrors(folioRefundBody, values, REFUND_LABELS, withAmount(values));
export const refundWrite = (values: RefundValues): FolioWrite => ({ kind: 'refund', body: folioRefundBody.parse(withAmount(values)) });

export interface ChargeValues {
  kind: string;
  label: string;
  amount: string;
  /** 'yes' or 'no': the form's checkbox, kept as text like every other box. */
  gct: string;
}
const CHARGE_LABELS: Record<keyof ChargeValues, FieldLabel> = {
  kind: { label: 'Kind of charge', choice: true },
  label: { label: 'Description' },
  amount: { label: 'Amount' },
  gct: { label: 'GCT' },
};
const chargeInput = (values: ChargeValues) => ({ kind: values.kind, label: values.label, amount: withAmount(values).amount, gctApplies: values.gct === 'yes' });
export const validateCharge = (values: ChargeValues): Errors<keyof ChargeValues> => formErrors(folioChargeBody, values, CHARGE_LABELS, chargeInput(values));
export const chargeWrite = (values: ChargeValues): FolioWrite => ({ kind: 'charge', body: folioChargeBody.parse(chargeInput(values)) });

export interface VoidValues {
  reason: string;
}
const VOID_LABELS: Record<keyof VoidValues, FieldLabel> = { reason: { label: 'Why it is voided' } };
export const validateVoid = (values: VoidValues): Errors<keyof VoidValues> => formErrors(folioVoidBody, values, VOID_LABELS);
export const voidWrite = (lineId: string, values: VoidValues): FolioWrite => ({ kind: 'void', lineId, body: folioVoidBody.parse(values) });

/** Refusals that mean the folio moved on since the page read it: the page reads it again. */
const FOLIO_MOVED: readonly RefusalCode[] = ['nothing_owing', 'line_already_voided', 'line_not_found'];

export interface Refusal<K extends string> {
  errors: Errors<K>;
  /** The folio on screen is out of date: read it again. */
  stale: boolean;
}

/**
 * Where a refusal shows: under the field its code names (placed), else above the button with the
 * server's sentence (a refusal without a code, or one this form has no field for).
 */
export function refusalOf<K extends string>(error: unknown, placed: Partial<Record<RefusalCode, K>>): Refusal<K> {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code && code in REFUSAL_CODES) {
    const known = code as RefusalCode;
    const field = placed[known];
    const sentence = REFUSAL_CODES[known];
    return { errors: field ? ({ [field]: sentence } as Errors<K>) : ({ form: sentence } as Errors<K>), stale: FOLIO_MOVED.includes(known) };
  }
  return { errors: { form: errorMessage(error) } as Errors<K>, stale: false };
}
