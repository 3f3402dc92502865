/**
 * GCT and the books' face (docs/decisions/115-gct-and-the-books.md): the month's GCT and the journal
 * for the accountant, read from the folio the bookings feature writes. Nothing here writes money.
 */
export { gctMonth } from './gct';
export { journalRows, moneyEvents, type MoneyEvent } from './journal';
