/**
 * Letters are made from events (docs/decisions/103-events-then-letters.md): the features record what
 * happened (src/events) and this reaction, registered in app.ts, turns each event into its letters
 * in the outbox, in the same transaction. Which letters an event makes is said once, in the makers'
 * tables beside this file; no feature writes a letter.
 */
import type { BankDetails, CompanyEventKind, CompanySettings } from '@rental/contract';
import type { Reaction, RecordedEvent } from '../../events';
import { getBankDetails, getCompanySettings } from '../company';
import { type BookingFacts, type MailSettings, NO_CHANNELS } from './letters';
import { bookingFactsOf } from '../bookings';
import { enqueued, type QueuedLetter, type Tx } from './outbox';
import { accountMakers } from './makers/accounts';
import { bookingMakers } from './makers/booking';
import { folioMakers } from './makers/folio';
import { counterMakers } from './makers/counter';
import { paymentMakers } from './makers/payments';
import { reminderMakers } from './makers/reminders';
import { changeMakers } from './makers/changes';
import { peopleMakers } from './makers/people';
import { carPaperMakers } from './makers/carPapers';
import { checkInMakers } from './makers/checkIn';

/** What a maker may read: the company's settings and a booking's facts, each read once per transaction's events. */
export interface LetterContext {
  mail: MailSettings;
  company(): Promise<CompanySettings>;
  /** The account customers pay into (null until the owner saved it). */
  bank(): Promise<BankDetails | null>;
  facts(bookingId: string): Promise<BookingFacts>;
}

export type EventOfKind<K extends CompanyEventKind> = Extract<RecordedEvent, { kind: K }>;
export type LetterMaker<K extends CompanyEventKind> = (tx: Tx, event: EventOfKind<K>, context: LetterContext) => Promise<QueuedLetter[]>;
export type LetterMakers = { [K in CompanyEventKind]?: LetterMaker<K> };

/** Every kind that makes letters; an event of a kind not here makes none (its history is enough). */
const MAKERS: LetterMakers = {
  ...bookingMakers,
  ...accountMakers,
  ...folioMakers,
  ...counterMakers,
  ...paymentMakers,
  ...reminderMakers,
  ...peopleMakers,
  ...changeMakers,
  ...carPaperMakers,
  ...checkInMakers,
};

/** The kinds of event that make letters (a test holds the booking life's table to them). */
export const KINDS_WITH_LETTERS: ReadonlySet<CompanyEventKind> = new Set(Object.keys(MAKERS) as CompanyEventKind[]);

export function lettersFromEvents(mail: MailSettings): Reaction {
  const make = letterMaker(mail);
  return async (tx, events) => enqueued(await make(tx, events), mail.channels ?? NO_CHANNELS);
}

/** The letters these events make, each with its WhatsApp and SMS message where it has one (the tests read them here). */
export function letterMaker(mail: MailSettings): (tx: Tx, events: readonly RecordedEvent[]) => Promise<QueuedLetter[]> {
  return async (tx, events) => {
    const wanted = events.filter((event) => MAKERS[event.kind]);
    if (wanted.length === 0) return [];
    let company: Promise<CompanySettings> | undefined;
    let bank: Promise<BankDetails | null> | undefined;
    // The facts of every booking these events name, in one query (a batch of bookings writes two letters each).
    const bookingIds = [...new Set(wanted.flatMap((event) => (event.bookingId ? [event.bookingId] : [])))];
    const facts = bookingIds.length > 0 ? await bookingFactsOf(tx, bookingIds) : new Map<string, BookingFacts>();
    const context: LetterContext = {
      mail,
      company: () => (company ??= getCompanySettings(tx)),
      bank: () => (bank ??= getBankDetails(tx)),
      facts: async (bookingId) => {
        const found = facts.get(bookingId) ?? (await bookingFactsOf(tx, [bookingId])).get(bookingId);
        if (!found) throw new Error(`booking ${bookingId} vanished inside its own transaction`);
        return found;
      },
    };
    const letters: QueuedLetter[] = [];
    for (const event of wanted) {
      const make = MAKERS[event.kind] as LetterMaker<typeof event.kind>;
      letters.push(...(await make(tx, event as never, context)));
    }
    return letters;
  };
}
