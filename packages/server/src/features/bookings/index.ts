/**
 * The bookings feature's face: other features use a booking's money and life, its checks of drivers,
 * its open card attempts and what the counter recorded of it through these alone, never through its
 * files. Bookings imports no feature that imports it (drivers, payments, counter call bookings).
 */
export { type BookingRules, bookInTransaction } from './bookBatch';
export { hasOpenAttempt, OPEN_ATTEMPT_MINUTES } from './cardAttempts';
export { carDamagesOf, counterRecordOf, openDamagesOf, receiptsOf } from './counterRecord';
export { checkDrivers } from './driverChecks';
export { eraseWordsFromBookings } from './erasure';
export { type BookingFacts, bookingFactsColumns, bookingFactsOf, rememberBookingFacts } from './facts';
/** The Idempotency-Key header as booking creation reads it (a late charge takes one too). */
export { idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
export {
  addCharges,
  type Charge,
  type DepositSettled,
  folioOf,
  folioTotalsOf,
  folioWithPayment,
  type HeldDeposit,
  lockBooking,
  type MoneyMoved,
  readFolio,
  recordBankDeposit,
  recordMoney,
  settleSecurityDeposit,
  staffCharge,
} from './folio';
export { settleReturn } from './returnMoney';
/** How what people type as a booking reference is read ("wr 7k3m9q" is WR-7K3M9Q). */
export { normaliseReference, REFERENCE_PATTERN } from './reference';
export { addLateCharge, checkLateChargeWanted, type CleanScan, listLateCharges, readLateChargeScan, refuseLateCharge } from './lateCharges';
export { expireHolds } from './holds';
export { cancelNotApproved, holdFromNow, type Step, staffActor, takeStep } from './life';
export {
  findBooking,
  findUserBooking,
  listStaffBookings as listOwnerBookings,
  staffBookingColumns as ownerBookingColumns,
  type StaffBookingRow as OwnerBookingRow,
  toStaffBooking as toOwnerBooking,
} from './read';
export { type Actor } from './service';
