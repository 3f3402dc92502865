/**
 * The counter: keys out (check-out) and keys back (check-in). What a return costs is worked out here
 * and nowhere else: the server stores what returnCharges answers and the receipt prints it; the
 * check-in form shows the same sum before staff save. Amounts are whole units of the company's
 * currency, like every price of the site.
 */
import { gctOn } from './quote';
import { groupedNumber } from './numbers';

/** A tank is read in eighths, as the gauge shows it: 0 empty, 8 full. */
export const FUEL_EIGHTHS = 8;
export const MAX_ODOMETER_KM = 2_000_000;
/** Photos one check-out or check-in may carry. */
export const MAX_COUNTER_PHOTOS = 12;
/** A photo is made at most this wide or high in the browser before it is sent. */
export const COUNTER_PHOTO_MAX_PX = 1600;
export const MAX_COUNTER_DAMAGES = 20;
/** Items handed over with a car, at most. */
export const MAX_COUNTER_ITEMS = 20;

/** Where on the car outline a damage is. */
export const DAMAGE_ZONES = ['front', 'back', 'left', 'right', 'roof', 'interior'] as const;
export type DamageZone = (typeof DAMAGE_ZONES)[number];
export const DAMAGE_ZONE_WORDS: Record<DamageZone, string> = {
  front: 'Front',
  back: 'Back',
  left: 'Left side',
  right: 'Right side',
  roof: 'Roof',
  interior: 'Inside',
};

/** How the security deposit was taken. */
export const DEPOSIT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_METHOD_WORDS: Record<DepositMethod, string> = { cash: 'Cash', card: 'Card', bank_transfer: 'Bank transfer' };

/** "Half a tank" style words for a fuel reading. */
export function fuelWords(eighths: number): string {
  if (eighths === 0) return 'Empty';
  if (eighths === FUEL_EIGHTHS) return 'Full';
  return `${eighths}/8 of a tank`;
}

/** When a car is due back: its return day at the company's return time, in Jamaica (UTC-5 all year). */
export function dueBackAt(returnDate: string, returnTime: string): Date {
  return new Date(`${returnDate}T${returnTime}:00-05:00`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days charged for a late return: none up to the due time plus the grace period; then one day for
 * each 24 hours (or part of them) past the due time plus the grace.
 */
export function lateDays(dueAt: Date, returnedAt: Date, graceMinutes: number): number {
  const late = returnedAt.getTime() - dueAt.getTime() - graceMinutes * 60_000;
  return late <= 0 ? 0 : Math.ceil(late / DAY_MS);
}

/** The booking's own rate for a day: its quoted days (after a weekly or monthly rate) over their number. */
export function bookingDayRate(booking: { price: number; days: number; quote: { lines: { kind: string; amount: number }[]; days: number } | null }): number {
  if (!booking.quote) return Math.round(booking.price / Math.max(1, booking.days));
  const daysAmount = booking.quote.lines.filter((line) => line.kind === 'days' || line.kind === 'discount').reduce((sum, line) => sum + line.amount, 0);
  return Math.round(daysAmount / Math.max(1, booking.quote.days));
}

/** `item`: something handed over with the car and not brought back (a folio line of kind `other`). */
export const RETURN_CHARGE_KINDS = ['late', 'distance', 'fuel', 'damage', 'item', 'cleaning', 'gct'] as const;
export type ReturnChargeKind = (typeof RETURN_CHARGE_KINDS)[number];

export interface ReturnCharge {
  kind: ReturnChargeKind;
  label: string;
  amount: number;
}

export interface ReturnFacts {
  /** The booking's days and its own daily rate (bookingDayRate). */
  days: number;
  dayRate: number;
  /** The car's kilometres a day included in the price. */
  distancePerDay: number;
  odometerOut: number;
  odometerIn: number;
  fuelOut: number;
  fuelIn: number;
  dueAt: Date;
  returnedAt: Date;
  /** Damages found at return: an amount, or null while it is to be assessed (not charged yet). */
  damages: { label: string; amount: number | null }[];
  /** Items handed over at check-out and not brought back, each with its charge (0: none). */
  itemsMissing: readonly { item: string; amount: number }[];
  /** 0: no cleaning needed. */
  cleaning: number;
  settings: { gracePeriodMinutes: number; extraKmRate: number; fuelEighthPrice: number; gctPercent: number };
}

export interface ReturnSettlement {
  charges: ReturnCharge[];
  /** Before GCT. */
  subtotal: number;
  gct: number;
  total: number;
  lateDays: number;
  /** Kilometres driven, and above the allowance. */
  kmDriven: number;
  kmOver: number;
  /** A damage is still to be assessed: the deposit is kept until it is. */
  toBeAssessed: boolean;
}

const plural = (n: number, one: string, many = `${one}s`) => `${groupedNumber(n)} ${n === 1 ? one : many}`;

/** "Not returned: Jack": the charge's label of an item handed over and not brought back. */
export function missingItemLabel(item: string): string {
  return `Not returned: ${item}`;
}

/** An item's name as items are compared: case and spaces aside. */
export function itemKey(item: string): string {
  return item.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** An item named at check-in as it was written at check-out. */
export function sameItem(a: string, b: string): boolean {
  return itemKey(a) === itemKey(b);
}

/** What a return costs beyond the booking's price, GCT included. */
export function returnCharges(facts: ReturnFacts): ReturnSettlement {
  const { settings } = facts;
  const charges: ReturnCharge[] = [];
  const late = lateDays(facts.dueAt, facts.returnedAt, settings.gracePeriodMinutes);
  if (late > 0)
    charges.push({
      kind: 'late',
      label: `Late return: ${plural(late, 'extra day')} at ${groupedNumber(facts.dayRate)} a day`,
      amount: late * facts.dayRate,
    });
  const kmDriven = Math.max(0, facts.odometerIn - facts.odometerOut);
  const allowance = facts.distancePerDay * (facts.days + late);
  const kmOver = Math.max(0, kmDriven - allowance);
  if (kmOver > 0 && settings.extraKmRate > 0) {
    charges.push({
      kind: 'distance',
      label: `${plural(kmOver, 'km', 'km')} over the ${groupedNumber(allowance)} km allowance`,
      amount: kmOver * settings.extraKmRate,
    });
  }
  const eighthsMissing = Math.max(0, facts.fuelOut - facts.fuelIn);
  if (eighthsMissing > 0 && settings.fuelEighthPrice > 0) {
    charges.push({ kind: 'fuel', label: `Fuel: ${plural(eighthsMissing, 'eighth')} of a tank missing`, amount: eighthsMissing * settings.fuelEighthPrice });
  }
  for (const damage of facts.damages)
    if (damage.amount !== null && damage.amount > 0) charges.push({ kind: 'damage', label: damage.label, amount: damage.amount });
  for (const missing of facts.itemsMissing)
    if (missing.amount > 0) charges.push({ kind: 'item', label: missingItemLabel(missing.item), amount: missing.amount });
  if (facts.cleaning > 0) charges.push({ kind: 'cleaning', label: 'Cleaning', amount: facts.cleaning });
  const subtotal = charges.reduce((sum, charge) => sum + charge.amount, 0);
  // Each charge becomes a folio line with its own GCT, so the sum shown is the sum of the lines'.
  const gct = charges.reduce((sum, charge) => sum + gctOn(charge.amount, settings.gctPercent), 0);
  if (gct > 0) charges.push({ kind: 'gct', label: `GCT ${settings.gctPercent}% on the charges`, amount: gct });
  return {
    charges,
    subtotal,
    gct,
    total: subtotal + gct,
    lateDays: late,
    kmDriven,
    kmOver,
    toBeAssessed: facts.damages.some((damage) => damage.amount === null),
  };
}

/**
 * The security deposit at return, against the booking's whole balance (the rental still unpaid
 * and the return's charges, as the folio sums them): what is owed is taken from it first, what is
 * left goes back, and what it does not cover is still to pay. While a damage is to be assessed the
 * whole deposit is held (neither kept nor given back) and settles once the damage is priced.
 */
export function settleDeposit(deposit: number, balance: number, toBeAssessed: boolean): { kept: number; refunded: number; held: number; owing: number } {
  if (toBeAssessed) return { kept: 0, refunded: 0, held: deposit, owing: balance };
  const kept = Math.max(0, Math.min(deposit, balance));
  return { kept, refunded: deposit - kept, held: 0, owing: balance - kept };
}

/** The reference of the folio payment that is money kept from the security deposit at return. */
export const DEPOSIT_KEPT_REFERENCE = 'security deposit';

/** "R-2026-000123": the receipt's number, from one sequence per year without gaps. */
export function receiptNumber(year: number, n: number): string {
  return `R-${year}-${String(n).padStart(6, '0')}`;
}

/** What the counter's calls answer, in plain words. */
export const COUNTER_MESSAGES = {
  checkedOut: 'Keys handed over. The rental agreement has been e-mailed to the customer.',
  checkedIn: 'Car returned. The receipt has been e-mailed to the customer.',
  notConfirmed: 'Only a confirmed booking can be checked out. Please confirm it first.',
  alreadyCheckedOut: 'This booking has already been checked out.',
  beforePickupDay: 'This booking can be checked out from its pickup day.',
  afterReturnDay: "This booking's return day has passed. Please mark it as a no-show or change its dates.",
  notOnRent: 'Only a car that is out on rent can be checked in.',
  alreadyCheckedIn: 'This booking has already been checked in.',
  driverNotApproved: 'The customer is not approved as a driver yet, so the keys cannot be handed over. Please check their driver details first.',
  driverRejected: 'The customer was not approved as a driver, so the keys cannot be handed over.',
  doNotRent: 'The customer is marked "do not rent", so the keys cannot be handed over.',
  noLicence: 'The customer has not given their licence details yet. Please add them before handing over the keys.',
  licenceMismatch: "The licence number seen does not match the one in the customer's driver details. Please check the card again.",
  odometerBelowCar: "The odometer reading is lower than the car's last reading. Please read it again.",
  odometerBelowCheckOut: 'The odometer reading is lower than at check-out. Please read it again.',
  returnedBeforeCheckOut: 'The return time is before the car was picked up. Please choose it again.',
  returnedInFuture: 'The return time is in the future. Please choose it again.',
  photoMissing: 'A damage names a photo that was not sent. Please add the photo again.',
  tooManyPhotos: 'Please send at most 12 photos at once.',
  photoNotImage: 'A photo could not be read as a picture. Please take it again (JPEG, PNG or WebP).',
  dataMissing: 'The form did not arrive. Please try again.',
  dataNotJson: 'The form arrived damaged. Please try again.',
  stateChangedMeanwhile: 'Someone else changed this booking at the same moment. Please reload it.',
  noShowBeforePickup: 'A booking can be marked as a no-show from its pickup day.',
  noShowNotConfirmed: 'Only a confirmed booking can be marked as a no-show.',
  atCounter: 'This booking is at the counter (picked up or returned): its status changes only through check-in.',
  cancelOnRent: 'This car is out on rent. Please call us to end the rental early.',
  erasureOnRent: 'Your account cannot be erased while you have one of our cars. Please bring it back first.',
  damageNotFound: 'Damage not found.',
  damageAlreadyRepaired: 'This damage was already marked repaired.',
  damageRepaired: 'Damage marked repaired. It will no longer show at check-out.',
  noAgreement: 'There is no rental agreement for this booking yet: it is made when the keys are handed over.',
  noReceipt: 'There is no receipt for this booking yet: it is made when the car is returned.',
  // The money at the counter: keys out once the folio's balance is paid (or pay at return).
  paymentOrPayAtReturn: 'Please either record the payment or choose "pay at return", not both.',
  payAtReturnNotAllowed: 'Only an owner or a manager can let a customer pay at return. Please record the payment, or ask a manager.',
  nothingToPayNow: 'Nothing is owing on this booking, so there is no payment to record. Please remove the payment and hand over the keys.',
  odometerCorrectionOwnerOnly: 'Only an owner can correct an odometer reading lower.',
  itemNamedTwice: 'Each item can be marked as not returned once. Please remove the repeated one.',
} as const;

/** Licence numbers compared as people copy them off a card: case, spaces and dashes aside. */
export function sameLicence(a: string, b: string): boolean {
  const plain = (value: string) => value.toUpperCase().replace(/[\s-]/g, '');
  return plain(a) === plain(b);
}
