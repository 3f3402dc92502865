/**
 * The day's cash-up (docs/decisions/114-the-days-cash-up.md): for one day of the company (Jamaica)
 * and one staff member or the whole desk, the money the folios recorded by method, the security
 * deposits taken and given back, and what the cash drawer should hold; staff count the drawer and
 * close the day. The sums are made here, once: the server answers them and the page shows them.
 */
import { FOLIO_METHODS, type FolioMethod } from './folio';

export const CASH_UP_MESSAGES = {
  closed: 'The day is closed.',
  reopened: 'The day is open again.',
  differenceNeedsNote: 'The counted cash is not what the drawer should hold. Please write a note saying why before closing the day.',
  alreadyClosed: 'This day is already closed. An owner can reopen it if something must change.',
  notClosed: 'This day is not closed, so there is nothing to reopen.',
  futureDay: 'This day has not come yet. Please choose today or an earlier day.',
  ownDayOnly: 'Counter agents can see and close only their own day. Please choose yourself, or ask a manager.',
  dayClosed: 'This line belongs to a day whose cash-up is closed. An owner must reopen that day before it can be voided.',
  staffNotFound: 'This staff member was not found. Please choose one from the list.',
} as const;

/** The refusals of the cash-up a screen acts on, with their words (refusalCodes.ts gathers them). */
export const CASH_UP_REFUSALS = {
  cash_difference_needs_note: CASH_UP_MESSAGES.differenceNeedsNote,
  day_already_closed: CASH_UP_MESSAGES.alreadyClosed,
  day_not_closed: CASH_UP_MESSAGES.notClosed,
  cash_up_future_day: CASH_UP_MESSAGES.futureDay,
  cash_up_own_day_only: CASH_UP_MESSAGES.ownDayOnly,
  // A folio line of a closed day (features/bookings/folio.ts voidLine; the database refuses it, 0038_cash_up.sql).
  day_closed: CASH_UP_MESSAGES.dayClosed,
} as const;
export type CashUpRefusal = keyof typeof CASH_UP_REFUSALS;

/** One sum the database gives: money of the folios of the day, by method. */
export interface CashUpMoneyRow {
  /** payment, refund, or kept: a payment taken from a security deposit (no new money in the drawer). */
  kind: 'payment' | 'refund' | 'kept';
  method: FolioMethod;
  amount: number;
}

/** One sum of the security deposits of the day, by the way they were taken (cash, card, bank transfer). */
export interface CashUpDepositRow {
  /** taken at check-out; returned (given back) or kept (against the charges) at the return. */
  kind: 'taken' | 'returned' | 'kept';
  method: 'cash' | 'card' | 'bank_transfer';
  amount: number;
}

export interface CashUpMethodTotal {
  method: FolioMethod;
  payments: number;
  refunds: number;
  /** payments - refunds */
  net: number;
}

export interface CashUpDeposits {
  taken: number;
  returned: number;
  kept: number;
  /** The cash part of each: the drawer's. */
  cashTaken: number;
  cashReturned: number;
}

export interface CashUpTotals {
  methods: CashUpMethodTotal[];
  /** Payments made from security deposits kept at the return (already in hand: not counted again in the drawer). */
  keptFromDeposits: number;
  deposits: CashUpDeposits;
  drawer: { cashIn: number; cashOut: number; expected: number };
}

/**
 * The day's totals from the database's sums. The drawer should hold the cash taken in (payments in
 * cash, cash security deposits taken) less the cash given out (cash refunds, cash deposits given
 * back). A payment kept from a cash deposit is not new cash: the deposit was counted when taken.
 */
export function cashUpTotals(money: readonly CashUpMoneyRow[], deposits: readonly CashUpDepositRow[]): CashUpTotals {
  const sum = (rows: readonly { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);
  const methods = FOLIO_METHODS.map((method) => {
    const payments = sum(money.filter((row) => row.method === method && row.kind === 'payment'));
    const refunds = sum(money.filter((row) => row.method === method && row.kind === 'refund'));
    return { method, payments, refunds, net: payments - refunds };
  });
  const depositSum = (kind: CashUpDepositRow['kind'], cashOnly = false) =>
    sum(deposits.filter((row) => row.kind === kind && (!cashOnly || row.method === 'cash')));
  const cash = methods.find((row) => row.method === 'cash')!;
  const cashTaken = depositSum('taken', true);
  const cashReturned = depositSum('returned', true);
  const cashIn = cash.payments + cashTaken;
  const cashOut = cash.refunds + cashReturned;
  return {
    methods,
    keptFromDeposits: sum(money.filter((row) => row.kind === 'kept')),
    deposits: { taken: depositSum('taken'), returned: depositSum('returned'), kept: depositSum('kept'), cashTaken, cashReturned },
    drawer: { cashIn, cashOut, expected: cashIn - cashOut },
  };
}

/** Counted less expected: positive is more cash than the folios say, negative is cash missing. */
export function cashDifference(countedCash: number, expectedCash: number): number {
  return countedCash - expectedCash;
}

/** A difference is closed only with a note saying why. */
export function cashUpNeedsNote(countedCash: number, expectedCash: number, note: string): boolean {
  return cashDifference(countedCash, expectedCash) !== 0 && note.trim().length === 0;
}
