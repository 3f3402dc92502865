/** The counter: handing the keys over and taking them back, damages, and the overdue alerts. Its face: other features use it through these alone, never through its files. */
export { isOverdue } from './desk';
export { sweepCounter } from './overdue';
export { remakePapersWithoutRenter } from './erasedPapers';
/** Online check-in (features/onlineCheckIn) draws the same agreement, signed on the customer's phone, and checks its signature as the counter does. */
export { agreementDocument, onlineContentFacts, type OnlineAgreementContentFacts } from './agreementContent';
export { type OnlineAgreementFacts, renderOnlineAgreement } from './agreementPdf';
export { signatureBytes } from './counterForm';
