/**
 * The card payments feature's face: other features ask about a booking's card payments through
 * these alone, never through its files.
 */
export { hasOpenAttempt, OPEN_ATTEMPT_MINUTES, refuseWhileCardPaymentOpen } from './openAttempts';
