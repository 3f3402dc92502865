/** The accounts feature: registering, logging in, sessions and password resets. Its face: other features use it through these alone, never through its files. */
export { hashResetToken } from './passwordReset';
export { signSessionToken } from './sessionTokens';
/** A booking's one-time sign-in session (features/bookingLookup) and the login limiter its look-ups share the rules of. */
export { signBookingSession } from './bookingSessions';
export { createLoginLimiter, type LoginLimiter } from './loginLimits';
export { type AuthRateLimit, loginLimitRules } from './routes';
/**
 * A customer's WhatsApp and SMS (issue 36, docs/decisions/126): what a sender may use, the accounts
 * of an incoming message's phone, "STOP" and "START" from a phone, and the booking form's tick.
 */
export { type ChannelChoices, type CustomerChannels, customersByPhone, readMessageChannels, startChannel, stopChannel } from './messageChannels';
