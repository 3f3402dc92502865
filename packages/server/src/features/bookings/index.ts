/**
 * The bookings feature's face: other features use a booking's money and life through these alone,
 * never through its files.
 */
export { addCharges, type Charge, FOLIO_METHOD_OF, folioTotalsOf, lockBooking, type MoneyMoved, readFolio, recordMoney, settleSecurityDeposit, type DepositSettled, staffCharge } from './folio';
export { cancelNotApproved, holdFromNow, type Step, staffActor, takeStep } from './life';
