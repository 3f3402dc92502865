/**
 * The reminders through the outbox: the day before pickup (what to bring, the deposit), a bank
 * deposit's hold ending within 12 hours, staff's morning list; each sent once, also by two sweeps
 * at the same moment (on PostgreSQL, two pools as two instances would have), at the company's
 * hours, and nothing at all when staff turn it off in the company settings (the evening before
 * return included).
 */
import { addDays, DEFAULT_COMPANY, formatMoney } from '@rental/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, outbox, users } from '../src/db/schema';
import type { Database } from '../src/db/types';
import { getCompanySettings } from '../src/features/company/settings';
import { sweepCounter } from '../src/features/counter/overdue';
import { sweepReminders } from '../src/features/reminders/sweep';
import { describeDatabase, type TestApp, testApi } from './helpers';
import { keysHandedOver } from './support/counter';
import { addCar, customersWithTokens, day, insertBooking } from './support/fleet';
import { type AppWithSecondInstance, appWithSecondInstance } from './support/secondInstance';

const SITE = 'https://rent.example.com';
const STAFF = 'desk@example.com';
const HOUR = 3_600_000;

/** hh:00 in Jamaica (UTC-5) on `date`. */
const jamaica = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour + 5) * HOUR);

describe(`reminders through the outbox (${describeDatabase})`, () => {
  let instances: AppWithSecondInstance | undefined;
  let t: TestApp;
  let ownerToken: string;
  let ownerId: string;
  let second: Database;

  beforeAll(async () => {
    instances = await appWithSecondInstance({ publicUrl: SITE, companyEmail: STAFF });
    ({ t, second } = instances);
    ownerToken = instances.owner.token;
    ownerId = instances.owner.user._id;
  }, 60_000);
  afterAll(() => instances?.close());

  async function booking(pickupDate: string, returnDate: string, status: 'pending' | 'confirmed' = 'confirmed') {
    // A car of its own: bookings of different tests may share days.
    const car = await addCar(t.app, ownerToken, { brand: 'Nissan', model: 'Note', year: 2021, pricePerDay: 6500, location: 'Waterford, Portmore' });
    const [customer] = await customersWithTokens(t.app, 1);
    await t.db.update(users).set({ name: 'Keisha Brown', phone: '+1 876 555 0123' }).where(eq(users.id, customer!.id));
    const id = await insertBooking(t.db, { carId: car._id, userId: customer!.id, pickupDate, returnDate, price: 13_000, status });
    const [row] = await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, id));
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, customer!.id));
    return { id, reference: row!.reference, email: user!.email, userId: customer!.id };
  }

  const letters = (bookingId: string, kind: string) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, kind)));

  /** Two instances (or, on PGlite, two rounds) sweeping at the same moment, and a third round. */
  const sweepTwice = (now: Date) =>
    Promise.all([sweepReminders(t.db, t.app.events, { now }), sweepReminders(second, t.app.events, { now }), sweepReminders(t.db, t.app.events, { now })]);

  async function setReminder(key: 'pickupReminder' | 'returnReminder' | 'holdEndingReminder' | 'staffDailySummary', on: boolean) {
    const company = await getCompanySettings(t.db);
    const answer = await testApi(t.app, ownerToken).call('updateCompany', { body: { ...company, [key]: on } });
    expect(answer.company[key]).toBe(on);
  }

  it('the day before pickup, from 9:00 Jamaica time: the customer is told what to bring and the deposit, once', async () => {
    const b = await booking(day(30), day(33));
    const before = await sweepReminders(t.db, t.app.events, { now: jamaica(day(29), 8) });
    expect(before.pickup).not.toContain(b.reference);
    const rounds = await sweepTwice(jamaica(day(29), 9));
    expect(rounds.flatMap((r) => r.pickup).filter((ref) => ref === b.reference)).toHaveLength(1);
    await sweepReminders(t.db, t.app.events, { now: jamaica(day(29), 20) });

    const [letter, ...more] = await letters(b.id, 'pickup_reminder');
    expect(more).toHaveLength(0);
    expect(letter!.recipient).toBe(b.email);
    expect(letter!.subject).toContain(b.reference);
    for (const body of [letter!.textBody, letter!.htmlBody]) {
      expect(body).toContain('Keisha Brown');
      expect(body).toContain('Nissan Note');
      expect(body).toContain('held for at least 2 years');
      expect(body).toContain('23 or older');
      expect(body).toContain('passport');
      expect(body).toContain('work ID');
      expect(body).toContain('Proof of address');
      expect(body).toContain(formatMoney(DEFAULT_COMPANY.securityDeposit, 'JMD'));
      expect(body).toContain(`${SITE}/my-bookings/${b.reference}`);
      expect(body).toContain(`${SITE}/my-bookings/${b.reference}/check-in`);
      expect(body).toContain('check in online before you come');
    }
  });

  it('a pending booking, or one picked up later, gets no pickup reminder', async () => {
    const pending = await booking(day(40), day(41), 'pending');
    const later = await booking(day(42), day(43));
    const round = await sweepReminders(t.db, t.app.events, { now: jamaica(day(39), 10) });
    expect(round.pickup).not.toContain(pending.reference);
    expect(round.pickup).not.toContain(later.reference);
    expect(await letters(pending.id, 'pickup_reminder')).toHaveLength(0);
  });

  async function cashHold(hoursLong: number, endsAt: Date) {
    const b = await booking(day(50), day(52), 'pending');
    await t.db
      .update(bookings)
      .set({ paymentMethod: 'cash_deposit', holdExpiresAt: endsAt, createdAt: new Date(endsAt.getTime() - hoursLong * HOUR) })
      .where(eq(bookings.id, b.id));
    return b;
  }

  it('a bank deposit still unpaid 12 hours before its hold ends: the customer is reminded once, with the bank details', async () => {
    await testApi(t.app, ownerToken).call('bankDetails', {
      body: {
        bankName: 'National Commercial Bank',
        accountHolderName: 'Waterford Car Rental',
        branch: 'Portmore',
        accountNumber: '123-456-789',
        accountType: 'Chequing',
      },
    });
    const endsAt = new Date(Date.now() + 100 * HOUR);
    const b = await cashHold(48, endsAt);
    const early = await sweepReminders(t.db, t.app.events, { now: new Date(endsAt.getTime() - 13 * HOUR) });
    expect(early.holdEnding).not.toContain(b.reference);
    const rounds = await sweepTwice(new Date(endsAt.getTime() - 11 * HOUR));
    expect(rounds.flatMap((r) => r.holdEnding).filter((ref) => ref === b.reference)).toHaveLength(1);
    await sweepReminders(t.db, t.app.events, { now: new Date(endsAt.getTime() - 2 * HOUR) });

    const [letter, ...more] = await letters(b.id, 'hold_ending_reminder');
    expect(more).toHaveLength(0);
    expect(letter!.recipient).toBe(b.email);
    for (const body of [letter!.textBody, letter!.htmlBody]) {
      expect(body).toContain(b.reference);
      expect(body).toContain('National Commercial Bank');
      expect(body).toContain('123-456-789');
      expect(body).toContain('(Jamaica time)');
    }
  });

  it('asks in the reminder for what the folio says is owed: the price less a discount staff gave since', async () => {
    const endsAt = new Date(Date.now() + 300 * HOUR);
    const b = await cashHold(48, endsAt);
    await testApi(t.app, ownerToken).call('addCharge', {
      params: { id: b.id },
      body: { kind: 'discount', label: 'Returning customer', amount: 1000, gctApplies: false },
    });
    await sweepReminders(t.db, t.app.events, { now: new Date(endsAt.getTime() - 3 * HOUR) });
    const [letter] = await letters(b.id, 'hold_ending_reminder');
    const currency = (await getCompanySettings(t.db)).currency;
    expect(letter!.textBody).toContain(`Please pay ${formatMoney(12_000, currency)}`);
  });

  it('a hold that was short from the start, a paid one, or one paid by card is not reminded', async () => {
    const endsAt = new Date(Date.now() + 200 * HOUR);
    const short = await cashHold(6, endsAt);
    const paid = await cashHold(48, endsAt);
    // Part of it paid into the bank, recorded at the desk: the hold is no longer only waiting.
    await testApi(t.app, ownerToken).call('recordPayment', {
      params: { id: paid.id },
      body: { method: 'bank_deposit', amount: 5000, reference: 'NCB slip 4471' },
    });
    const upfront = await booking(day(60), day(61), 'pending');
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: endsAt, createdAt: new Date(endsAt.getTime() - 48 * HOUR) })
      .where(eq(bookings.id, upfront.id));
    const round = await sweepReminders(t.db, t.app.events, { now: new Date(endsAt.getTime() - 3 * HOUR) });
    for (const b of [short, paid, upfront]) expect(round.holdEnding).not.toContain(b.reference);
  });

  it("staff's morning list from 7:00: one message to the company's e-mail with the day's pickups and returns, once", async () => {
    const date = day(70);
    const out = await booking(date, addDays(date, 2));
    const back = await booking(addDays(date, -3), date);
    expect((await sweepReminders(t.db, t.app.events, { now: jamaica(date, 6) })).staffDay).toBeNull();
    const rounds = await sweepTwice(jamaica(date, 7));
    expect(rounds.filter((r) => r.staffDay === date)).toHaveLength(1);
    await sweepReminders(t.db, t.app.events, { now: jamaica(date, 15) });

    const summaries = (await t.db.select().from(outbox).where(eq(outbox.kind, 'staff_daily_summary'))).filter((m) => m.textBody.includes(out.reference));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.recipient).toBe(STAFF);
    expect(summaries[0]!.subject).toContain('1 pickup, 1 return');
    for (const body of [summaries[0]!.textBody, summaries[0]!.htmlBody]) {
      expect(body).toContain(back.reference);
      expect(body).toContain('Keisha Brown');
      expect(body).toContain('+1 876 555 0123');
    }
  });

  it('each reminder turned off in the company settings sends nothing (the evening before return too)', async () => {
    for (const key of ['pickupReminder', 'returnReminder', 'holdEndingReminder', 'staffDailySummary'] as const) await setReminder(key, false);
    try {
      const date = day(80);
      const pickup = await booking(addDays(date, 1), addDays(date, 3));
      const pickedUpToday = await booking(date, addDays(date, 4));
      const onRent = await booking(addDays(date, -2), addDays(date, 1));
      await keysHandedOver(t.db, onRent.id, ownerId);
      const hold = await cashHold(48, new Date(jamaica(date, 18).getTime() + 6 * HOUR));
      const ids = [pickup.id, onRent.id, hold.id, pickedUpToday.id];
      const countBefore = (await t.db.select().from(outbox).where(eq(outbox.kind, 'staff_daily_summary'))).length;

      const round = await sweepReminders(t.db, t.app.events, { now: jamaica(date, 18) });
      const counter = await sweepCounter(t.db, t.app.events, { now: jamaica(date, 18) });
      expect(round).toEqual({ pickup: [], holdEnding: [], staffDay: null });
      expect(counter.reminded).toEqual([]);
      expect(await t.db.select().from(outbox).where(inArray(outbox.bookingId, ids))).toHaveLength(0);
      expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'staff_daily_summary'))).toHaveLength(countBefore);

      // Turned on again the same evening: each goes out, nothing was marked while it was off.
      for (const key of ['pickupReminder', 'returnReminder', 'holdEndingReminder', 'staffDailySummary'] as const) await setReminder(key, true);
      const again = await sweepReminders(t.db, t.app.events, { now: jamaica(date, 18) });
      const counterAgain = await sweepCounter(t.db, t.app.events, { now: jamaica(date, 18) });
      expect(again.pickup).toContain(pickup.reference);
      expect(again.holdEnding).toContain(hold.reference);
      expect(again.staffDay).toBe(date);
      expect(counterAgain.reminded).toContain(onRent.reference);
    } finally {
      for (const key of ['pickupReminder', 'returnReminder', 'holdEndingReminder', 'staffDailySummary'] as const) await setReminder(key, true);
    }
  });

  it('the settings: every reminder is on until staff turn it off, and a save without them keeps them', async () => {
    const { company } = await testApi(t.app).call('company');
    expect(company).toMatchObject({ pickupReminder: true, returnReminder: true, holdEndingReminder: true, staffDailySummary: true });
    await setReminder('staffDailySummary', false);
    const { pickupReminder: _a, returnReminder: _b, holdEndingReminder: _c, staffDailySummary: _d, ...older } = await getCompanySettings(t.db);
    const saved = await testApi(t.app, ownerToken).call('updateCompany', { body: older });
    expect(saved.company.staffDailySummary).toBe(false);
    await setReminder('staffDailySummary', true);
    // Raw: the typed client cannot send a reminder setting that is not a yes or no.
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/owner/company',
      headers: { authorization: `Bearer ${ownerToken}` },
      payload: { ...company, pickupReminder: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('turned on or off');
  });

  it("each reminder a booking gets is in its history once, by the site, with what it asked and no one's details", async () => {
    const pickup = await booking(day(101), day(103));
    const endsAt = new Date(Date.now() + 400 * HOUR);
    const hold = await cashHold(48, endsAt);
    await sweepTwice(jamaica(day(100), 10));
    await sweepTwice(new Date(endsAt.getTime() - 3 * HOUR));

    const historyOf = (bookingId: string) => t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
    const reminded = (await historyOf(pickup.id)).filter((event) => event.kind === 'pickup_reminded');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toMatchObject({ actorId: null, status: null, data: {} });
    const holdEnding = (await historyOf(hold.id)).filter((event) => event.kind === 'hold_ending_reminded');
    expect(holdEnding).toHaveLength(1);
    expect(holdEnding[0]).toMatchObject({ actorId: null, status: null, data: { owing: 13_000 } });
    expect(JSON.stringify(holdEnding[0]!.data)).not.toContain('Keisha');
    // One letter each, however many sweeps took part.
    expect(await letters(pickup.id, 'pickup_reminder')).toHaveLength(1);
    expect(await letters(hold.id, 'hold_ending_reminder')).toHaveLength(1);
  });

  it('a day without pickups or returns: no morning list is written', async () => {
    const date = day(90);
    const round = await sweepReminders(t.db, t.app.events, { now: jamaica(date, 8) });
    expect(round.staffDay).toBeNull();
  });
});
