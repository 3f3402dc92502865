/**
 * The card payments feature's face: other features ask about a booking's card payments through
 * these alone, never through its files.
 */
export { expireOpenAttempts, refuseWhileCardPaymentOpen } from './openAttempts';
