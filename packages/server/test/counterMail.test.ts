/**
 * The counter's e-mails: staff's overdue alert and the customer's return reminder, each sent once
 * (also by two sweeps at the same moment), at the right minute; and the agreement and receipt
 * attached to their e-mails, delivered to a real SMTP server in this process, or the e-mail held
 * back as failed when its PDF is missing.
 */
import { addDays, DEFAULT_COMPANY, dueBackAt, formatDay } from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, cars, outbox, rentals, users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { getCompanySettings } from '../src/features/company/settings';
import { carReturnedLetter, keysHandedOverLetter } from '../src/features/mail/counterLetters';
import { REMINDER_FROM_HOUR, sweepCounter } from '../src/features/counter/overdue';
import { bookingFacts, enqueue } from '../src/features/mail/outbox';
import { createMailSender, MISSING_ATTACHMENT_ERROR } from '../src/features/mail/sender';
import { describeDatabase, type TestApp } from './helpers';
import { keysHandedOver } from './support/counter';
import { addCar, customersWithTokens, day, insertBooking } from './support/fleet';
import { type AppWithSecondInstance, appWithSecondInstance } from './support/secondInstance';

const SITE = 'https://rent.example.com';
const STAFF = 'counter.alerts@example.com';
const MINUTE = 60_000;
const PDF = Buffer.from('%PDF-1.4 test agreement\n%%EOF\n');
const RECEIPT_PDF = Buffer.from('%PDF-1.4 test receipt\n%%EOF\n');

/** A real SMTP server keeping each message parsed with its attachments. */
async function startPdfSink() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push(parsed);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`the counter's e-mails (${describeDatabase})`, () => {
  let instances: AppWithSecondInstance | undefined;
  let t: TestApp;
  let ownerToken: string;
  let ownerId: string;
  let second: Database;

  beforeAll(async () => {
    // No SMTP_URL: the app's own sender stays off, so each test says when e-mails go.
    instances = await appWithSecondInstance({ publicUrl: SITE, companyEmail: STAFF });
    ({ t, second } = instances);
    ownerToken = instances.owner.token;
    ownerId = instances.owner.user._id;
  }, 60_000);
  afterAll(() => instances?.close());

  let plates = 0;
  /** A car with its plate, a customer with a phone, and their booking on rent with its agreement kept. */
  async function carOnRent(pickupDate: string, returnDate: string, rental: { fuelOut?: number; agreement?: Buffer | null } = {}) {
    const car = await addCar(t.app, ownerToken, { brand: 'Toyota', model: 'Yaris', year: 2022, pricePerDay: 7000, location: 'Waterford, Portmore' });
    plates += 1;
    const plate = `PK ${String(1000 + plates)}`;
    await t.db.update(cars).set({ plate }).where(eq(cars.id, car._id));
    const [customer] = await customersWithTokens(t.app, 1);
    await t.db.update(users).set({ name: 'Andre Campbell', phone: '+1 876 555 0199' }).where(eq(users.id, customer!.id));
    const bookingId = await insertBooking(t.db, { carId: car._id, userId: customer!.id, pickupDate, returnDate, price: 14_000, status: 'confirmed' });
    if (rental.agreement === null) await t.db.update(bookings).set({ status: 'on_rent' }).where(eq(bookings.id, bookingId));
    else await keysHandedOver(t.db, bookingId, ownerId, { odometerOut: 12_000, fuelOut: rental.fuelOut ?? 8, agreementPdf: rental.agreement ?? PDF });
    const [row] = await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId));
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, customer!.id));
    return { bookingId, reference: row!.reference, plate, email: user!.email };
  }

  async function letters(bookingId: string, kind: string) {
    return t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind)));
  }

  /** The due moment plus the company's grace period. */
  const lateFrom = (returnDate: string) => dueBackAt(returnDate, DEFAULT_COMPANY.returnTime).getTime() + DEFAULT_COMPANY.gracePeriodMinutes * MINUTE;

  it('a car not back by its due time plus the grace period: staff are alerted once, saying which booking, customer and car', async () => {
    const rental = await carOnRent(day(2), day(4));
    const now = new Date(lateFrom(day(4)) + 5 * MINUTE);
    const first = await sweepCounter(t.db, t.app.events, { now });
    expect(first.overdue).toContain(rental.reference);
    const again = await sweepCounter(t.db, t.app.events, { now: new Date(now.getTime() + 60 * MINUTE) });
    expect(again.overdue).not.toContain(rental.reference);

    const [alert, ...more] = await letters(rental.bookingId, 'overdue_staff_alert');
    expect(more).toHaveLength(0);
    expect(alert!.recipient).toBe(STAFF);
    expect(alert!.subject).toContain(rental.reference);
    expect(alert!.subject).toContain('Overdue');
    for (const body of [alert!.textBody, alert!.htmlBody]) {
      expect(body).toContain('Andre Campbell');
      expect(body).toContain('+1 876 555 0199');
      expect(body).toContain('Toyota Yaris');
      expect(body).toContain(rental.plate);
      expect(body).toContain(`${formatDay(day(4))} at 6:00 pm (Jamaica time)`);
      expect(body).toContain('overdue');
    }
    const [marked] = await t.db.select({ at: rentals.overdueAlertedAt }).from(rentals).where(eq(rentals.bookingId, rental.bookingId));
    expect(marked!.at).not.toBeNull();
  });

  it('the grace period to the minute: nothing at the due time plus the grace, the alert one minute later', async () => {
    const rental = await carOnRent(day(3), day(5));
    const edge = lateFrom(day(5));
    for (const at of [dueBackAt(day(5), DEFAULT_COMPANY.returnTime).getTime(), edge - MINUTE, edge]) {
      const round = await sweepCounter(t.db, t.app.events, { now: new Date(at) });
      expect(round.overdue).not.toContain(rental.reference);
    }
    expect(await letters(rental.bookingId, 'overdue_staff_alert')).toHaveLength(0);
    const late = await sweepCounter(t.db, t.app.events, { now: new Date(edge + MINUTE) });
    expect(late.overdue).toContain(rental.reference);
    expect(await letters(rental.bookingId, 'overdue_staff_alert')).toHaveLength(1);
  });

  it('a car checked in, or a booking no longer on rent, is never reported overdue', async () => {
    const returned = await carOnRent(day(6), day(8));
    await t.db
      .update(rentals)
      .set({ checkedInAt: new Date(), receiptNumber: `R-2099-${String(Date.now() % 1_000_000).padStart(6, '0')}` })
      .where(eq(rentals.bookingId, returned.bookingId));
    const round = await sweepCounter(t.db, t.app.events, { now: new Date(lateFrom(day(8)) + 10 * MINUTE) });
    expect(round.overdue).not.toContain(returned.reference);
    expect(await letters(returned.bookingId, 'overdue_staff_alert')).toHaveLength(0);
  });

  it('two sweeps at the same moment (two instances) send the alert exactly once', async () => {
    const rental = await carOnRent(day(9), day(11));
    const now = new Date(lateFrom(day(11)) + 2 * MINUTE);
    const other = second;
    const rounds = await Promise.all([
      sweepCounter(t.db, t.app.events, { now }),
      sweepCounter(other, t.app.events, { now }),
      sweepCounter(t.db, t.app.events, { now }),
    ]);
    expect(rounds.flatMap((round) => round.overdue).filter((reference) => reference === rental.reference)).toHaveLength(1);
    expect(await letters(rental.bookingId, 'overdue_staff_alert')).toHaveLength(1);
  });

  it('the return reminder goes the evening before the return day, once; not at noon', async () => {
    const rental = await carOnRent(day(12), day(15), { fuelOut: 6 });
    const eveBefore = day(14);
    const at = (clock: string) => dueBackAt(eveBefore, clock);
    for (const clock of ['12:00', '16:59']) {
      const round = await sweepCounter(t.db, t.app.events, { now: at(clock) });
      expect(round.reminded).not.toContain(rental.reference);
    }
    // Two days before: not yet, even in the evening.
    expect((await sweepCounter(t.db, t.app.events, { now: dueBackAt(addDays(eveBefore, -1), '20:00') })).reminded).not.toContain(rental.reference);
    expect(await letters(rental.bookingId, 'return_reminder')).toHaveLength(0);

    const evening = await sweepCounter(t.db, t.app.events, { now: at(`${REMINDER_FROM_HOUR}:00`) });
    expect(evening.reminded).toContain(rental.reference);
    const later = await sweepCounter(t.db, t.app.events, { now: at('21:30') });
    expect(later.reminded).not.toContain(rental.reference);

    const [reminder, ...more] = await letters(rental.bookingId, 'return_reminder');
    expect(more).toHaveLength(0);
    expect(reminder!.recipient).toBe(rental.email);
    expect(reminder!.subject).toContain(rental.reference);
    for (const body of [reminder!.textBody, reminder!.htmlBody]) {
      expect(body).toContain(`6:00 pm tomorrow, ${formatDay(day(15))}`);
      expect(body).toContain('Waterford, Portmore');
      expect(body).toContain('7:00 pm'); // late from the return time plus the hour of grace
      expect(body).toContain('extra day');
      expect(body).toContain('6/8 of a tank');
      expect(body).toContain('$1,500 JMD'); // each eighth missing
    }
    // A reminder is not an alert: the car is not overdue.
    expect(await letters(rental.bookingId, 'overdue_staff_alert')).toHaveLength(0);
  });

  it("the return reminder and the overdue alert are in the booking's history once each, by the site, naming no one", async () => {
    const rental = await carOnRent(day(23), day(25), { fuelOut: 5 });
    const evening = dueBackAt(day(24), '20:00');
    const late = new Date(lateFrom(day(25)) + 5 * MINUTE);
    for (const now of [evening, evening, late, late])
      await Promise.all([sweepCounter(t.db, t.app.events, { now }), sweepCounter(second, t.app.events, { now })]);

    const history = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, rental.bookingId));
    const reminded = history.filter((event) => event.kind === 'return_reminded');
    const overdue = history.filter((event) => event.kind === 'overdue');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toMatchObject({ actorId: null, status: null, data: { fuelOut: 5 } });
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ actorId: null, status: null, data: {} });
    expect(await letters(rental.bookingId, 'return_reminder')).toHaveLength(1);
    const [alert, ...more] = await letters(rental.bookingId, 'overdue_staff_alert');
    expect(more).toHaveLength(0);
    // The plate is read as the letter is written: the event keeps only what happened.
    expect(alert!.textBody).toContain(rental.plate);
  });

  it('the agreement and the receipt arrive attached as PDFs of the stored bytes, named by reference and receipt number', async () => {
    const sink = await startPdfSink();
    const sender = createMailSender(t.db, t.app.log, { smtpUrl: sink.url, pollMs: 50 });
    try {
      const rental = await carOnRent(day(16), day(18));
      const company = await getCompanySettings(t.db);
      await enqueue(t.db, [keysHandedOverLetter(await bookingFacts(t.db, rental.bookingId), { amount: 15_000, method: 'cash' }, company, t.app.mail)]);

      const receiptNumber = `R-2098-${String(Date.now() % 1_000_000).padStart(6, '0')}`;
      await t.db.update(rentals).set({ checkedInAt: new Date(), receiptNumber, receiptPdf: RECEIPT_PDF }).where(eq(rentals.bookingId, rental.bookingId));
      await t.db.update(bookings).set({ status: 'returned' }).where(eq(bookings.id, rental.bookingId));
      const settlement = {
        receiptNumber,
        charges: [{ kind: 'fuel' as const, label: 'Fuel: 2 eighths of a tank missing', amount: 3_000 }],
        chargesTotal: 3_000,
        depositRefunded: 12_000,
        depositKept: 3_000,
        depositHeld: 0,
        owing: 0,
        toBeAssessed: false,
      };
      await enqueue(t.db, [carReturnedLetter(await bookingFacts(t.db, rental.bookingId), settlement, company, t.app.mail)]);

      while ((await sender.runOnce()) > 0);
      const mine = sink.mails.filter((mail) => mail.subject?.includes(rental.reference) || mail.subject?.includes(receiptNumber));
      expect(mine).toHaveLength(2);

      const agreement = mine.find((mail) => mail.subject === `Your rental agreement, ${rental.reference}`)!;
      expect(agreement).toBeDefined();
      expect(agreement.attachments).toHaveLength(1);
      expect(agreement.attachments[0]!.filename).toBe(`${rental.reference}-agreement.pdf`);
      expect(agreement.attachments[0]!.contentType).toBe('application/pdf');
      expect(Buffer.compare(agreement.attachments[0]!.content, PDF)).toBe(0);
      expect(agreement.text).toContain(`${formatDay(day(18))} at 6:00 pm (Jamaica time)`);
      expect(agreement.text).toContain('$15,000 JMD (Cash)');

      const receipt = mine.find((mail) => mail.subject === `Your receipt ${receiptNumber}`)!;
      expect(receipt).toBeDefined();
      expect(receipt.attachments).toHaveLength(1);
      expect(receipt.attachments[0]!.filename).toBe(`${receiptNumber}.pdf`);
      expect(receipt.attachments[0]!.contentType).toBe('application/pdf');
      expect(Buffer.compare(receipt.attachments[0]!.content, RECEIPT_PDF)).toBe(0);
      expect(receipt.text).toContain('Fuel: 2 eighths of a tank missing');
      expect(receipt.text).toContain('Security deposit given back');
      expect(receipt.text).toContain('$12,000 JMD');

      const sent = await t.db.select({ status: outbox.status, attachment: outbox.attachment }).from(outbox).where(eq(outbox.bookingId, rental.bookingId));
      expect(sent.map((row) => row.status)).toEqual(['sent', 'sent']);
      expect(sent.map((row) => row.attachment).sort()).toEqual(['agreement', 'receipt']);
    } finally {
      await sender.stop();
      await sink.close();
    }
  });

  it('an e-mail whose PDF is missing is not sent without it: it is marked failed, saying why', async () => {
    const sink = await startPdfSink();
    const sender = createMailSender(t.db, t.app.log, { smtpUrl: sink.url, pollMs: 50 });
    try {
      // On rent with its agreement, but not checked in: there is no receipt yet.
      const rental = await carOnRent(day(19), day(21));
      const company = await getCompanySettings(t.db);
      const settlement = {
        receiptNumber: 'R-2097-000001',
        charges: [],
        chargesTotal: 0,
        depositRefunded: 15_000,
        depositKept: 0,
        depositHeld: 0,
        owing: 0,
        toBeAssessed: false,
      };
      const letter = carReturnedLetter(await bookingFacts(t.db, rental.bookingId), settlement, company, t.app.mail);
      expect(letter.text).toContain('No charges: thank you for bringing the car back as you found it');
      await enqueue(t.db, [letter]);
      while ((await sender.runOnce()) > 0);

      const [row] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.bookingId, rental.bookingId), eq(outbox.kind, 'car_returned')));
      expect(row!.status).toBe('failed');
      expect(row!.lastError).toBe(MISSING_ATTACHMENT_ERROR.receipt);
      expect(sink.mails.filter((mail) => mail.subject?.includes('R-2097-000001'))).toHaveLength(0);
    } finally {
      await sender.stop();
      await sink.close();
    }
  });

  it('the counter sweep leaves the outbox alone when nothing is due', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    // Early in the morning of a day no booking on rent is due on or before: no alert, no reminder.
    const round = await sweepCounter(t.db, t.app.events, { now: dueBackAt(day(1), '06:00') });
    expect(round).toEqual({ overdue: [], reminded: [] });
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after!.n).toBe(before!.n);
  });
});
