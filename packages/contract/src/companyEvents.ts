/**
 * What happened, as the features record it (docs/decisions/103-events-then-letters.md). A feature
 * records an event in the transaction of the change; the outbox's letters (and, later, other
 * messages) are made from events by features/mail, so no feature writes a letter itself. Events of
 * a booking are kept in booking_events, its history; the others (an account's, a customer's) are
 * not kept: the activity table already records those changes.
 *
 * Data holds ids, amounts and staff's own words, never a person's details: a letter reads those
 * when it is made, and erasure need not look into the history.
 */
import type { BookingEvent } from './bookingLife';
import type { BookingStatus, PaymentStatus, StatusReason } from './constants';
import type { DepositMethod } from './counter';
import { FOLIO_METHOD_WORDS, type FolioLineKind, type FolioMethod } from './folio';
import { formatMoney } from './format';
import type { LateChargeKind } from './lateCharges';
import type { RefundPlan } from './refunds';
import type { BankDetails } from './schemas/company';
import type { StaffRole } from './staffRoles';

/** Each kind of event and what it carries. */
export interface EventData {
  // A step of a booking's life (contract bookingLife.ts): its status after it, and why it ended.
  book: LifeData & { confirmAtOnce: boolean };
  confirm: LifeData;
  // What the cancellation pays back (refunds.ts); absent in events kept before it was recorded.
  cancel_by_customer: LifeData & { refund?: RefundPlan };
  cancel_by_staff: LifeData & { refund?: RefundPlan };
  expire: LifeData;
  not_approved: LifeData;
  check_out: LifeData & { deposit: { amount: number; method: DepositMethod }; owedAtReturn: number };
  check_in: LifeData & { settlement: ReturnSettled };
  no_show: LifeData;
  // A change of dates or car (the customer's letter, and staff's when it goes back to them); one of
  // the other drivers changes no dates (before: null) and drivers_changed tells the rest.
  change: LifeData & { priceBefore: number; priceAfter: number; byStaff: boolean; confirmAgain: boolean; before: ChangedFrom | null };
  reopen: LifeData;

  // Money (features/bookings/folio.ts).
  payment_recorded: { method: FolioMethod; amount: number };
  refund_recorded: { method: FolioMethod; amount: number };
  // `late`: a toll or ticket that arrived after the return (lateCharges.ts), with what its letter says of it.
  charge_added: { lineKind: FolioLineKind; label: string; amount: number; gct: number; balance: number; late?: LateChargeFacts };
  line_voided: { lineKind: FolioLineKind; label: string; amount: number; reason: string };

  // Card payments (features/payments): received, or needing a person.
  card_paid: { orderId: string; amount: number; currency: string; cardLast4: string | null; transactionId: string | null; stillDue: number };
  card_problem: { orderId: string; amount: number; currency: string; cardLast4: string | null; transactionId: string | null; why: string };

  // The rest of a booking's story.
  drivers_changed: { priceBefore: number; priceAfter: number; confirmAgain: boolean };
  // The customer's deposit slip (paymentSlips.ts): staff look in the bank; nothing is marked paid.
  payment_slip_sent: { documentId: string; owing: number };
  payment_slip_removed: { documentId: string };
  pickup_reminded: Record<string, never>;
  hold_ending_reminded: { owing: number };
  return_reminded: { fuelOut: number };
  overdue: Record<string, never>;

  // Online check-in (onlineCheckIn.ts): the code e-mailed (its digits travel as the event's secret,
  // never kept), a wrong try, the code verified, the agreement signed; and staff's alert when the
  // main driver still waits for the company's check.
  check_in_code_sent: { expiresAt: string };
  check_in_code_wrong: { triesLeft: number };
  check_in_code_verified: Record<string, never>;
  checked_in_online: { pickupTime: string; flightNumber: string | null; agreementSha256: string; waitingFor: CheckInWaitingFor[] };
  check_in_vetting_waiting: { userId: string };
}

/** What a booking checked in online still waits for at the counter: the company's check of the driver, money owing. */
export type CheckInWaitingFor = 'vetting' | 'payment';

/** Events of an account or of the company, with no booking: not kept (the activity table records the changes), so they may carry what their letter needs. */
export interface AccountEventData {
  password_reset_requested: { userId: string };
  // A one-time sign-in link to one booking (bookingLookup.ts); its token travels as the event's secret.
  booking_sign_in_requested: { userId: string; bookingId: string };
  password_changed: { userId: string; how: 'changed' | 'reset' };
  staff_invited: { email: string; staffRole: StaffRole; invitedBy: string };
  customer_welcomed: { userId: string };
  bank_details_changed: { changedBy: string; at: string; before: BankDetails | null; after: BankDetails };
  driver_approved: { userId: string };
  driver_rejected: { userId: string; reason: string; cancelled: string[] };
  staff_day_summary: { day: string };
  // The day's cash-up (features/cashUp): staffId null is the whole desk.
  cash_up_closed: { day: string; staffId: string | null; countedCash: number; expectedCash: number; difference: number };
  cash_up_reopened: { day: string; staffId: string | null; reason: string };
  // A car's paper expires in 30, 14 or 3 days (features/carPapers): staff's alert.
  car_paper_expiring: { paperId: string; daysBefore: number; daysLeft: number };
  // Services that fall due (features/maintenance); cost in whole JMD, as the folio counts.
  car_service_logged: { carId: string; serviceId: string; date: string; odometerKm: number; items: string[]; cost: number };
  maintenance_plan_saved: { carId: string; scope: 'car' | 'model'; items: string[] };
}

/** A toll or ticket after the return, as its event carries it: the day, the plaza or ticket number, whether a scan is on the booking's page. */
export interface LateChargeFacts {
  lateChargeId: string;
  kind: LateChargeKind;
  offenceDate: string;
  description: string;
  scan: boolean;
}

/** What a return settled, as the receipt prints it. */
export interface ReturnSettled {
  receiptNumber: string;
  charges: { kind: string; label: string; amount: number }[];
  chargesTotal: number;
  depositRefunded: number;
  depositKept: number;
  depositHeld: number;
  owing: number;
  toBeAssessed: boolean;
}

/** What a booking was before a change of its dates or car: the customer's letter shows it beside what it is now. */
export interface ChangedFrom {
  carId: string;
  pickupDate: string;
  returnDate: string;
  paymentStatus: PaymentStatus;
}

interface LifeData {
  status: BookingStatus;
  reason?: StatusReason | null;
}

export type BookingEventKind = keyof EventData;
export type AccountEventKind = keyof AccountEventData;
export type CompanyEventKind = BookingEventKind | AccountEventKind;

/** One event: its kind, the booking it belongs to (none for an account's), who did it (null: the site itself). */
export type CompanyEvent =
  | { [K in BookingEventKind]: { kind: K; bookingId: string; actorId: string | null; data: EventData[K] } }[BookingEventKind]
  | { [K in AccountEventKind]: { kind: K; bookingId: null; actorId: string | null; data: AccountEventData[K] } }[AccountEventKind];

export type EventOf<K extends CompanyEventKind> = Extract<CompanyEvent, { kind: K }>;

/** The kinds that are steps of a booking's life (they set its status). */
export const LIFE_EVENT_KINDS = [
  'book',
  'confirm',
  'cancel_by_customer',
  'cancel_by_staff',
  'expire',
  'not_approved',
  'check_out',
  'check_in',
  'no_show',
  'change',
  'reopen',
] as const satisfies readonly BookingEvent[];

/** The kinds a booking's history holds, in the catalogue's order. */
export const BOOKING_EVENT_KINDS = [
  ...LIFE_EVENT_KINDS,
  'payment_recorded',
  'refund_recorded',
  'charge_added',
  'line_voided',
  'card_paid',
  'card_problem',
  'drivers_changed',
  'payment_slip_sent',
  'payment_slip_removed',
  'pickup_reminded',
  'hold_ending_reminded',
  'return_reminded',
  'overdue',
  'check_in_code_sent',
  'check_in_code_wrong',
  'check_in_code_verified',
  'checked_in_online',
  'check_in_vetting_waiting',
] as const satisfies readonly BookingEventKind[];

/** A booking's history, in the words staff and the customer read. */
export const BOOKING_EVENT_WORDS: Record<BookingEventKind, string> = {
  book: 'Booked',
  confirm: 'Confirmed',
  cancel_by_customer: 'Cancelled by the customer',
  cancel_by_staff: 'Cancelled by staff',
  expire: 'Cancelled: not confirmed in time',
  not_approved: 'Cancelled: driver not approved',
  check_out: 'Keys handed over',
  check_in: 'Car returned',
  no_show: 'Marked as a no-show',
  change: 'Changed',
  reopen: 'Re-opened',
  payment_recorded: 'Payment recorded',
  refund_recorded: 'Refund recorded',
  charge_added: 'Charge added',
  line_voided: 'Charge voided',
  card_paid: 'Paid by card',
  card_problem: 'Card payment needs staff',
  drivers_changed: 'Other drivers changed',
  payment_slip_sent: 'Deposit slip sent by the customer',
  payment_slip_removed: 'Deposit slip removed by the customer',
  pickup_reminded: 'Reminded of the pickup',
  hold_ending_reminded: 'Reminded that the hold ends',
  return_reminded: 'Reminded of the return',
  overdue: 'Overdue: staff alerted',
  check_in_code_sent: 'Check-in code sent by e-mail',
  check_in_code_wrong: 'Wrong check-in code typed',
  check_in_code_verified: 'Check-in code verified',
  checked_in_online: 'Checked in online: agreement signed',
  check_in_vetting_waiting: 'Checked in online: driver still waiting for the check, staff alerted',
};

/**
 * The line under an event in a booking's history: its amounts and staff's words, from its data.
 * An event from before kinds were kept, or with nothing to add, has none.
 */
export function bookingEventDetail(kind: BookingEventKind, data: Record<string, unknown>, currency: string): string | null {
  const money = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : '');
  const method = (value: unknown) => (typeof value === 'string' && value in FOLIO_METHOD_WORDS ? FOLIO_METHOD_WORDS[value as FolioMethod].toLowerCase() : '');
  switch (kind) {
    case 'payment_recorded':
    case 'refund_recorded':
      return `${money(data.amount)} by ${method(data.method)}`;
    case 'charge_added':
      return `${String(data.label ?? '')}: ${money(Number(data.amount ?? 0) + Number(data.gct ?? 0))}; still to pay ${money(data.balance)}`;
    case 'line_voided':
      return `${String(data.label ?? '')} (${money(data.amount)}): ${String(data.reason ?? '')}`;
    case 'card_paid':
      return `${money(data.amount)}, payment ${String(data.orderId ?? '')}`;
    case 'card_problem':
      return `${money(data.amount)}, payment ${String(data.orderId ?? '')}: ${String(data.why ?? '')}`;
    case 'change':
    case 'drivers_changed':
      return typeof data.priceBefore === 'number' && data.priceBefore !== data.priceAfter
        ? `Total ${money(data.priceBefore)} → ${money(data.priceAfter)}`
        : null;
    case 'check_out':
      return typeof data.owedAtReturn === 'number' && data.owedAtReturn > 0 ? `To pay at return: ${money(data.owedAtReturn)}` : null;
    case 'payment_slip_sent':
      return typeof data.owing === 'number' ? `Owing ${money(data.owing)} when it was sent: check the bank, then record the payment` : null;
    case 'check_in_code_wrong':
      return typeof data.triesLeft === 'number' ? `${data.triesLeft} tries left` : null;
    case 'checked_in_online':
      return typeof data.pickupTime === 'string'
        ? `Pickup at ${data.pickupTime}${typeof data.flightNumber === 'string' ? `, flight ${data.flightNumber}` : ''}; agreement SHA-256 ${String(data.agreementSha256 ?? '')}`
        : null;
    case 'hold_ending_reminded':
      return typeof data.owing === 'number' ? `Owing ${money(data.owing)}` : null;
    default:
      return null;
  }
}
