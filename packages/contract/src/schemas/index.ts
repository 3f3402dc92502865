/**
 * zod schemas of every request and response of the API, one file per domain. The building blocks
 * (fields.ts) stay inside the contract but for the few the server and web read themselves.
 */
export { calendarDate, idSchema, failure, type Failure, firstIssueMessage, isZodsOwnWording } from './fields';
export * from './users';
export * from './cars';
export * from './carsPage';
export * from './bookings';
export * from './company';
export * from './outbox';
export * from './blocks';
export * from './activity';
export * from './dashboard';
export * from './drivers';
export * from './prices';
export * from './payments';
export * from './counterRecord';
export * from './counter';
export * from './staff';
export * from './responses';
export * from './staffBookings';
export * from './bookingChanges';
export * from './folio';
export * from './paymentSlips';
export * from './cashUp';
export * from './books';
export * from './fleetReport';
export * from './statements';
export * from './carPapers';
export * from './lateCharges';
export * from './maintenance';
export * from './onlineCheckIn';
export * from './bookingLookup';
export * from './bookingMessages';
export * from './channelOutbox';
