/** The outbox: the letters the site writes, kept and sent. Its face: other features use it through these alone, never through its files. */
export { bankDetailsChangedLetter, bookingCancelledLetter, bookingConfirmedLetter, type BookingFacts, bookingLink, bookingMadeLetter, bookingMadeStaffLetter, bookingRows, cancelledByCustomerLetter, compose, DEFAULT_MAIL_SETTINGS, formatMoment, holdExpiredLetter, type Letter, type LetterBlock, type MailSettings, passwordChangedLetter, passwordResetLinkLetter, payIntoBankRows, vettingApprovedLetter, vettingRejectedLetter } from './letters';
export { bookingFacts, enqueue, forgetDeadLinks, LINK_TOKEN_PLACEHOLDER, type Tx } from './outbox';
export { KINDS_WITH_LETTERS, lettersFromEvents } from './fromEvents';
