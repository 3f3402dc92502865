/**
 * The WhatsApp and SMS message beside each e-mail (issue 36, contract messageTemplates.ts): the
 * letters made from real events (a booking, staff's confirmation, the reminders' sweeps, a charge,
 * a check-in code) carry a message whose reference, amounts, dates and links are the e-mail's own;
 * the outbox keeps the e-mail as before and nothing of the message.
 */
import {
  DEFAULT_COMPANY,
  dueBackAt,
  formatDay,
  formatMoney,
  MESSAGE_SECRET_PLACEHOLDER,
  MESSAGE_TEMPLATES,
  type MessageTemplateName,
  storableMessage,
  typedAmount,
} from '@rental/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, documents, outbox } from '../src/db/schema';
import { getCompanySettings } from '../src/features/company/settings';
import { sweepCounter } from '../src/features/counter/overdue';
import { getBankDetails } from '../src/features/company/bankDetails';
import { carReturnedLetter } from '../src/features/mail/counterLetters';
import { lateChargeLetter } from '../src/features/mail/lateChargeLetters';
import { letterMaker } from '../src/features/mail/fromEvents';
import type { Letter } from '../src/features/mail/letters';
import { bookingFacts } from '../src/features/mail/outbox';
import { sweepReminders } from '../src/features/reminders/sweep';
import { type Account, bookCar, createOwner, createTestApp, describeDatabase, type TestApp, testApi } from './helpers';
import { approvedCustomer, keysHandedOver } from './support/counter';
import { addCar, day } from './support/fleet';

const SITE = 'https://rent.example.com';
const HOUR = 3_600_000;
/** hh:00 in Jamaica (UTC-5) on `date`. */
const jamaica = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour + 5) * HOUR);

describe(`the WhatsApp and SMS message beside each e-mail (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  const made: Letter[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: SITE } });
    owner = await createOwner(t.app, { name: 'Owner Messages' });
    // Every letter the events make, as the outbox's reaction makes them (it runs first and keeps the e-mails).
    const make = letterMaker(t.app.mail);
    t.app.events.react(async (tx, events) => {
      made.push(...(await make(tx, events)));
      return [];
    });
    await testApi(t.app, owner.token).call('bankDetails', {
      body: {
        bankName: 'National Commercial Bank',
        accountHolderName: 'Waterford Car Rental',
        branch: 'Portmore',
        accountNumber: '123-456-789',
        accountType: 'Chequing',
      },
    });
    // Check-in opens ten days ahead, so a booking of the coming days can ask for its code.
    await t.db.execute(sql`UPDATE company_settings SET value = value || '{"onlineCheckInHours": 240}'::jsonb WHERE id = 1`);
  }, 60_000);
  afterAll(() => t?.close());

  /** The one letter of this kind made for the booking, with its message of this template. */
  function letterOf(bookingId: string, kind: Letter['kind'], template: MessageTemplateName) {
    const found = made.filter((letter) => letter.bookingId === bookingId && letter.kind === kind);
    expect(found).toHaveLength(1);
    const letter = found[0]!;
    expect(letter.message?.template).toBe(template);
    const message = letter.message!;
    const params = Object.fromEntries(MESSAGE_TEMPLATES[template].params.map((name, i) => [name, message.params[i]!]));
    // The text an SMS carries says every parameter.
    for (const value of message.params) expect(message.text).toContain(value);
    return { letter, message, params };
  }

  let cars = 0;
  /** An approved customer with their documents, and their booking of a car of its own. */
  async function customerBooking(pickup: string, ret: string, paymentMethod: 'cash_deposit' | 'upfront' = 'upfront') {
    cars += 1;
    const car = await addCar(t.app, owner.token, { brand: 'Toyota', model: `Axio ${cars}`, pricePerDay: 7_500, location: 'Waterford, Portmore' });
    const customer = await approvedCustomer(t.app, 'Keisha Marie Brown');
    for (const kind of ['licence_front', 'licence_back', 'passport', 'proof_of_address'] as const)
      await t.db.insert(documents).values({ userId: customer.user._id, kind, content: Buffer.from('photo'), mimeType: 'image/webp', size: 5 });
    const booking = await bookCar(t.app, customer.token, car._id, pickup, ret, paymentMethod);
    return { customer, booking, car };
  }
  const confirm = (bookingId: string) => testApi(t.app, owner.token).call('changeStatus', { body: { bookingId, status: 'confirmed' } });

  it('booking received: the reference, the days, the total and the link of the e-mail', async () => {
    const { booking } = await customerBooking(day(20), day(23), 'cash_deposit');
    const { letter, message, params } = letterOf(booking._id, 'booking_made', 'booking_received');
    expect(params.reference).toBe(booking.reference);
    expect(params.name).toBe('Keisha');
    expect(params.company).toBe(DEFAULT_COMPANY.name);
    expect(params.pickupDay).toBe(formatDay(day(20)));
    expect(params.returnDay).toBe(formatDay(day(23)));
    expect(params.total).toMatch(/^J\$\d{1,3}(,\d{3})+$/);
    expect(typedAmount(params.total!)).toBe(booking.price);
    expect(params.bookingLink).toBe(`${SITE}/my-bookings/${booking.reference}`);
    for (const fact of [booking.reference, params.pickupDay, params.returnDay, formatMoney(booking.price, 'JMD'), params.bookingLink])
      expect(letter.text).toContain(fact);
    // The outbox keeps the e-mail as it is, and nothing of the message.
    const [row, ...more] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, booking._id), eq(outbox.kind, 'booking_made')));
    expect(more).toHaveLength(0);
    expect(row!.textBody).toBe(letter.text);
    expect(JSON.stringify(row)).not.toContain(message.template);
  });

  it('booking confirmed, then the pickup reminder: the pickup day and place and the check-in link of their e-mails', async () => {
    const { booking } = await customerBooking(day(30), day(32));
    await confirm(booking._id);
    const confirmed = letterOf(booking._id, 'booking_confirmed', 'booking_confirmed');
    expect(confirmed.params).toMatchObject({ reference: booking.reference, pickupDay: formatDay(day(30)), place: 'Waterford, Portmore' });
    expect(confirmed.params.checkInLink).toBe(`${SITE}/my-bookings/${booking.reference}/check-in`);
    for (const fact of [booking.reference, confirmed.params.pickupDay!, confirmed.params.place!, confirmed.params.checkInLink!])
      expect(confirmed.letter.text).toContain(fact);

    await sweepReminders(t.db, t.app.events, { now: jamaica(day(29), 10) });
    const reminder = letterOf(booking._id, 'pickup_reminder', 'pickup_reminder');
    expect(reminder.params).toMatchObject({
      reference: booking.reference,
      pickupDay: formatDay(day(30)),
      place: 'Waterford, Portmore',
      car: `Toyota Axio ${cars}`,
      checkInLink: `${SITE}/my-bookings/${booking.reference}/check-in`,
    });
    for (const fact of [booking.reference, reminder.params.pickupDay!, reminder.params.place!, reminder.params.car!, reminder.params.checkInLink!])
      expect(reminder.letter.text).toContain(fact);
  });

  it('a bank deposit owing as the hold ends: the amount and deadline of the e-mail, and the page with the bank details', async () => {
    const { booking } = await customerBooking(day(40), day(42), 'cash_deposit');
    const endsAt = new Date(Date.now() + 100 * HOUR);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: endsAt, createdAt: new Date(endsAt.getTime() - 48 * HOUR) })
      .where(eq(bookings.id, booking._id));
    await sweepReminders(t.db, t.app.events, { now: new Date(endsAt.getTime() - 11 * HOUR) });
    const { letter, params } = letterOf(booking._id, 'hold_ending_reminder', 'deposit_due');
    expect(params.reference).toBe(booking.reference);
    expect(typedAmount(params.amount!)).toBe(booking.price);
    expect(letter.text).toContain(`pay ${formatMoney(booking.price, 'JMD')} into our bank account before then`);
    expect(params.deadline).toMatch(/\(Jamaica time\)$/);
    expect(letter.subject).toContain(`by ${params.deadline}`);
    expect(params.bookingLink).toBe(`${SITE}/my-bookings/${booking.reference}`);
  });

  it("a charge staff add: what is still to pay and the booking's page; a discount leaving nothing owing makes no message", async () => {
    const { booking } = await customerBooking(day(50), day(51));
    await confirm(booking._id);
    const api = testApi(t.app, owner.token);
    const { folio } = await api.call('addCharge', {
      params: { id: booking._id },
      body: { kind: 'damage', label: 'Scratch on the rear door', amount: 12_345, gctApplies: true },
    });
    const { letter, params } = letterOf(booking._id, 'charge_added', 'payment_due');
    expect(folio.totals.balance).toBeGreaterThan(booking.price);
    expect(typedAmount(params.amount!)).toBe(folio.totals.balance);
    expect(letter.text).toMatch(new RegExp(`Still to pay: +\\${formatMoney(folio.totals.balance, 'JMD')}`));
    expect(params.payLink).toBe(`${SITE}/my-bookings/${booking.reference}`);
    expect(letter.text).toContain(params.payLink);

    made.length = 0;
    await api.call('recordPayment', { params: { id: booking._id }, body: { method: 'cash', amount: folio.totals.balance } });
    await api.call('addCharge', { params: { id: booking._id }, body: { kind: 'discount', label: 'Sorry for the wait', amount: 1_000, gctApplies: false } });
    const [discount, ...more] = made.filter((l) => l.bookingId === booking._id && l.kind === 'charge_added');
    expect(more).toHaveLength(0);
    expect(discount!.text).toContain('We owe you');
    expect(discount!.message).toBeUndefined();
  });

  it('the check-in code: the digits of the e-mail, which a kept copy of the message leaves out', async () => {
    const { customer, booking } = await customerBooking(day(3), day(5));
    await confirm(booking._id);
    await testApi(t.app, customer.token).call('sendCheckInCode', { params: { id: booking._id } });
    const { letter, message, params } = letterOf(booking._id, 'check_in_code', 'check_in_code');
    expect(params.code).toMatch(/^\d{6}$/);
    expect(letter.subject).toBe(`Your check-in code: ${params.code}`);
    expect(message.text).toContain('10 minutes');
    const kept = storableMessage(message);
    expect(kept.secret).toBe(params.code);
    expect(kept.message.params).toEqual([MESSAGE_SECRET_PLACEHOLDER]);
    expect(JSON.stringify(kept.message)).not.toContain(params.code!);
  });

  it('the return reminder and the receipt: the return day, time and place, the receipt and what is still owed', async () => {
    const { booking } = await customerBooking(day(60), day(63));
    await confirm(booking._id);
    await keysHandedOver(t.db, booking._id, owner.user._id);
    await sweepCounter(t.db, t.app.events, { now: dueBackAt(day(62), '20:00') });
    const reminder = letterOf(booking._id, 'return_reminder', 'return_reminder');
    expect(reminder.params).toMatchObject({ reference: booking.reference, returnTime: '6:00 pm', returnDay: formatDay(day(63)), place: 'Waterford, Portmore' });
    expect(reminder.letter.text).toContain(`back by ${reminder.params.returnTime} tomorrow, ${reminder.params.returnDay}, to ${reminder.params.place}`);

    // The receipt's letter as the check_in event's maker writes it, from the booking's facts.
    const settlement = {
      receiptNumber: 'R-2026-000777',
      charges: [{ kind: 'fuel' as const, label: 'Fuel: 2 eighths of a tank missing', amount: 3_000 }],
      chargesTotal: 3_000,
      depositRefunded: 0,
      depositKept: 15_000,
      depositHeld: 0,
      owing: 4_250,
      toBeAssessed: false,
    };
    const company = await getCompanySettings(t.db);
    const receipt = carReturnedLetter(await bookingFacts(t.db, booking._id), settlement, company, t.app.mail);
    expect(receipt.message?.template).toBe('receipt_ready');
    const [name, companyName, receiptNumber, reference, owing, link] = receipt.message!.params;
    expect([name, companyName, receiptNumber, reference]).toEqual(['Keisha', company.name, settlement.receiptNumber, booking.reference]);
    expect(typedAmount(owing!)).toBe(settlement.owing);
    expect(receipt.text).toContain(`Your booking still has ${formatMoney(settlement.owing, 'JMD')} to pay`);
    expect(link).toBe(`${SITE}/my-bookings/${booking.reference}`);
    const settled = carReturnedLetter(await bookingFacts(t.db, booking._id), { ...settlement, owing: 0 }, company, t.app.mail);
    expect(settled.message!.params[4]).toBe('nothing');

    // A toll after the return (the charge_added maker's other letter): what is owed, by the bank when cards are off.
    const toll = { lateChargeId: 'x', kind: 'toll' as const, offenceDate: day(62), description: 'Portmore plaza', scan: false, amount: 450, balance: 4_700 };
    const late = lateChargeLetter(await bookingFacts(t.db, booking._id), toll, await getBankDetails(t.db), company, t.app.mail);
    expect(late.message?.template).toBe('payment_due');
    expect(typedAmount(late.message!.params[2]!)).toBe(4_700);
    expect(late.text).toContain(`pay ${formatMoney(4_700, 'JMD')} into our bank account`);
    const paidUp = lateChargeLetter(await bookingFacts(t.db, booking._id), { ...toll, balance: 0 }, null, company, t.app.mail);
    expect(paidUp.message).toBeUndefined();
  });
});
