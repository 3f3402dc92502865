/**
 * The day's cash-up, through the API: the folios' money of the day by method and by staff member
 * (counter check-out in cash, staff payments, refunds, security deposits taken and given back),
 * what the drawer should hold; closing with a count (a difference only with a note, once), a
 * closed day's lines refused a void until an owner reopens it; counter agents see their own day.
 */
import { type BodyInputOf, type CashUp, REFUSAL_CODES } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/types';
import { type Account, callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, outcomeOf, type TestApp } from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';

describe(`the day's cash-up (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let plate = 700;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    manager = await createStaff(t.app, 'manager', { name: 'Marlene Reid' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const today = () => day(0);

  /** A confirmed booking of a car of its own, picked up today, for a customer of its own. */
  async function booking(days = 2) {
    const car = await addCar(t.app, owner.token, { plate: `${plate++} CU` } as never);
    const customer = await approvedCustomer(t.app, 'Shanice Williams');
    return confirmedBooking(t.app, owner, customer, car._id, day(0), day(days));
  }

  async function cashUp(token: string, query: { date: string; staffId?: string }): Promise<CashUp> {
    const res = await callWithStatus(t.app, token, 'cashUp', { query });
    expect(res.status).toBe(200);
    return res.answer.cashUp;
  }
  const method = (c: CashUp, m: string) => c.methods.find((row) => row.method === m)!;
  const close = (token: string, body: BodyInputOf<'closeCashUp'>) => outcomeOf(callWithStatus(t.app, token, 'closeCashUp', { body }));
  const reopen = (token: string, date: string, body: BodyInputOf<'reopenCashUp'>) =>
    outcomeOf(callWithStatus(t.app, token, 'reopenCashUp', { params: { date }, body }));
  const pay = (token: string, id: string, body: BodyInputOf<'recordPayment'>) => callWithStatus(t.app, token, 'recordPayment', { params: { id }, body });
  const closings = async () => (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM cash_ups`))[0]!.n;

  it("sums each staff member's money by method, the deposits taken and given back, and the drawer; the desk is the sum of them", async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Dwayne Clarke' });
    const clerk = await createStaff(t.app, 'manager', { name: 'Tanya Brown' });
    const desk = await cashUp(owner.token, { date: today() });

    // The agent hands over keys for a booking paid in cash at the counter, with a cash deposit of 15,000.
    const first = await booking();
    const form = await paidCheckOutForm(t.app, agent.token, first._id);
    const out = await postCounter(t.app, agent.token, 'checkOut', first._id, form);
    expect(out.statusCode, out.body).toBe(200);
    const cashPaid = Number(form.payment!.amount);
    expect(cashPaid).toBe(first.price);

    // The other records payments by card and bank transfer, and gives some cash back.
    const second = await booking();
    expect((await pay(clerk.token, second._id, { method: 'card', amount: 3_000, reference: 'POS 118' })).status).toBe(201);
    expect((await pay(clerk.token, second._id, { method: 'bank_transfer', amount: 4_000, reference: 'NCB 5521' })).status).toBe(201);
    expect((await pay(clerk.token, second._id, { method: 'cash', amount: 2_500 })).status).toBe(201);
    const refund = await callWithStatus(t.app, clerk.token, 'recordRefund', {
      params: { id: second._id },
      body: { method: 'cash', amount: 1_000, note: 'Paid twice' },
    });
    expect(refund.status).toBe(201);

    // The car comes back: the deposit is given back whole (nothing more to pay).
    const back = await postCounter(t.app, agent.token, 'checkIn', first._id, checkInForm());
    expect(back.statusCode, back.body).toBe(200);

    const agentsDay = await cashUp(manager.token, { date: today(), staffId: agent.user._id });
    expect(agentsDay.staff).toEqual({ _id: agent.user._id, name: 'Dwayne Clarke' });
    expect(method(agentsDay, 'cash')).toEqual({ method: 'cash', payments: cashPaid, refunds: 0, net: cashPaid });
    expect(method(agentsDay, 'card').payments).toBe(0);
    expect(agentsDay.deposits).toMatchObject({ taken: 15_000, returned: 15_000, kept: 0, cashTaken: 15_000, cashReturned: 15_000 });
    expect(agentsDay.drawer).toEqual({ cashIn: cashPaid + 15_000, cashOut: 15_000, expected: cashPaid });
    expect(agentsDay.closing).toBeNull();

    const clerksDay = await cashUp(manager.token, { date: today(), staffId: clerk.user._id });
    expect(method(clerksDay, 'card')).toEqual({ method: 'card', payments: 3_000, refunds: 0, net: 3_000 });
    expect(method(clerksDay, 'bank_transfer').payments).toBe(4_000);
    expect(method(clerksDay, 'bank_deposit').payments).toBe(0);
    expect(method(clerksDay, 'cash')).toEqual({ method: 'cash', payments: 2_500, refunds: 1_000, net: 1_500 });
    expect(clerksDay.deposits.taken).toBe(0);
    expect(clerksDay.drawer.expected).toBe(1_500);

    // The whole desk grew by exactly what the two recorded.
    const after = await cashUp(owner.token, { date: today() });
    expect(after.staff).toBeNull();
    expect(method(after, 'cash').payments - method(desk, 'cash').payments).toBe(cashPaid + 2_500);
    expect(method(after, 'cash').refunds - method(desk, 'cash').refunds).toBe(1_000);
    expect(method(after, 'card').payments - method(desk, 'card').payments).toBe(3_000);
    expect(after.deposits.taken - desk.deposits.taken).toBe(15_000);
    expect(after.drawer.expected - desk.drawer.expected).toBe(cashPaid + 1_500);

    // Yesterday holds none of it.
    expect((await cashUp(owner.token, { date: day(-1), staffId: agent.user._id })).drawer).toEqual({ cashIn: 0, cashOut: 0, expected: 0 });
  });

  it('closes a day with the count; a difference needs a note; a day closes once; the history keeps it', async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Kemar Thomas' });
    const b = await booking();
    expect((await pay(agent.token, b._id, { method: 'cash', amount: 5_000 })).status).toBe(201);
    const before = await closings();

    const noNote = await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 4_800 });
    expect(noNote.status).toBe(400);
    expect(noNote.refusal).toMatchObject({ code: 'cash_difference_needs_note', message: REFUSAL_CODES.cash_difference_needs_note });
    const blankNote = await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 4_800, note: '   ' });
    expect(blankNote.status).toBe(400);
    expect(await closings()).toBe(before);
    expect((await cashUp(agent.token, { date: today(), staffId: agent.user._id })).closing).toBeNull();

    const closed = await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 4_800, note: 'Gave change from my own pocket' });
    expect(closed.status).toBe(201);
    expect(closed.answer!.cashUp.closing).toMatchObject({
      countedCash: 4_800,
      expectedCash: 5_000,
      difference: -200,
      note: 'Gave change from my own pocket',
      closedBy: { _id: agent.user._id, name: 'Kemar Thomas' },
    });

    const twice = await close(manager.token, { date: today(), staffId: agent.user._id, countedCash: 5_000 });
    expect(twice.status).toBe(409);
    expect(twice.refusal).toMatchObject({ code: 'day_already_closed', message: REFUSAL_CODES.day_already_closed });
    expect(await closings()).toBe(before + 1);

    // A counter agent may not reopen it; an owner does, with a reason; it closes again, with no difference.
    expect((await reopen(agent.token, today(), { staffId: agent.user._id, reason: 'Recount' })).status).toBe(403);
    const reopened = await reopen(owner.token, today(), { staffId: agent.user._id, reason: 'The float was counted in' });
    expect(reopened.status).toBe(200);
    expect(reopened.answer!.cashUp.closing).toBeNull();
    expect(reopened.answer!.cashUp.reopened).toMatchObject([
      { countedCash: 4_800, reason: 'The float was counted in', reopenedBy: { name: 'Andre Campbell' } },
    ]);
    const again = await reopen(owner.token, today(), { staffId: agent.user._id, reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.refusal).toMatchObject({ code: 'day_not_closed' });
    expect((await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 5_000 })).status).toBe(201);

    const history = await callWithStatus(t.app, owner.token, 'ownerActivity', { query: { kind: 'cash_up' } });
    const mine = history.answer.entries.filter((entry) => entry.subjectName === `${today()}, Kemar Thomas`);
    expect(mine.map((entry) => [entry.action, entry.actor?.name])).toEqual([
      ['added', 'Kemar Thomas'],
      ['changed', 'Andre Campbell'],
      ['added', 'Kemar Thomas'],
    ]);
    expect(mine[1]!.after).toMatchObject({ reopen_reason: 'The float was counted in' });
  });

  it('closes a day once when two close it at the same moment', async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Marcia Williams' });
    const before = await closings();
    const both = await Promise.all([
      close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 0 }),
      close(manager.token, { date: today(), staffId: agent.user._id, countedCash: 0 }),
    ]);
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(both.find((res) => res.status === 409)!.refusal).toMatchObject({ code: 'day_already_closed' });
    expect(await closings()).toBe(before + 1);
  });

  it("refuses to void a closed day's line until an owner reopens the day", async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Rohan Grant' });
    const b = await booking();
    const charged = await callWithStatus(t.app, agent.token, 'addCharge', {
      params: { id: b._id },
      body: { kind: 'toll', label: 'Highway 2000 toll', amount: 850, gctApplies: false },
    });
    expect(charged.status).toBe(201);
    const line = charged.answer.folio.lines.find((l) => l.label === 'Highway 2000 toll')!;
    expect((await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 0 })).status).toBe(201);

    const voidIt = () => outcomeOf(callWithStatus(t.app, manager.token, 'voidLine', { params: { id: b._id, lineId: line.id }, body: { reason: 'Wrong car' } }));
    const refused = await voidIt();
    expect(refused.status).toBe(409);
    expect(refused.refusal).toMatchObject({ code: 'day_closed', message: REFUSAL_CODES.day_closed });
    const folio = (await callWithStatus(t.app, owner.token, 'folio', { params: { id: b._id } })).answer.folio;
    expect(folio.lines.find((l) => l.id === line.id)!.voided).toBe(false);

    // Another staff member's closed day does not hold this agent's line: only the owner's reopening frees it.
    expect((await reopen(owner.token, today(), { staffId: agent.user._id, reason: 'The toll was for another car' })).status).toBe(200);
    const voided = await voidIt();
    expect(voided.status).toBe(201);
    expect(voided.answer!.folio.lines.find((l) => l.id === line.id)!.voided).toBe(true);
  });

  it('a cancellation still frees the customer of the charges of a closed day', async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Nadine Scott' });
    const b = await booking();
    expect(
      (
        await callWithStatus(t.app, agent.token, 'addCharge', {
          params: { id: b._id },
          body: { kind: 'other', label: 'Child seat', amount: 500, gctApplies: false },
        })
      ).status,
    ).toBe(201);
    expect((await close(agent.token, { date: today(), staffId: agent.user._id, countedCash: 0 })).status).toBe(201);
    const cancelled = await callWithStatus(t.app, owner.token, 'changeStatus', { body: { bookingId: b._id, status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    const folio = (await callWithStatus(t.app, owner.token, 'folio', { params: { id: b._id } })).answer.folio;
    expect(folio.totals.charged).toBe(0);
  });

  it('lets a counter agent see and close only their own day', async () => {
    const agent = await createStaff(t.app, 'agent', { name: 'Jason Lewis' });
    const other = await createStaff(t.app, 'agent', { name: 'Kerry-Ann Hall' });
    const own = await cashUp(agent.token, { date: today(), staffId: agent.user._id });
    expect(own.staffChoices).toEqual([{ _id: agent.user._id, name: 'Jason Lewis' }]);
    expect(own).toMatchObject({ mayChooseDesk: false, mayReopen: false });

    for (const query of [{ date: today() }, { date: today(), staffId: other.user._id }]) {
      const res = await outcomeOf(callWithStatus(t.app, agent.token, 'cashUp', { query }));
      expect(res.status).toBe(403);
      expect(res.refusal).toMatchObject({ code: 'cash_up_own_day_only' });
    }
    const before = await closings();
    const closeOther = await close(agent.token, { date: today(), staffId: other.user._id, countedCash: 0 });
    expect(closeOther.status).toBe(403);
    const closeDesk = await close(agent.token, { date: today(), countedCash: 0 });
    expect(closeDesk.status).toBe(403);
    expect(await closings()).toBe(before);

    const managers = await cashUp(manager.token, { date: today() });
    expect(managers.staffChoices.map((s) => s.name)).toEqual(expect.arrayContaining(['Jason Lewis', 'Kerry-Ann Hall', 'Marlene Reid']));
    expect(managers).toMatchObject({ mayChooseDesk: true, mayReopen: false });
    expect((await cashUp(owner.token, { date: today() })).mayReopen).toBe(true);
  });

  it('refuses bad days, amounts and staff in plain words, storing nothing', async () => {
    const before = await closings();
    const bad = [
      { date: '2026-02-30', countedCash: 0 },
      { date: '28/11/2026', countedCash: 0 },
      { date: day(1), countedCash: 0 },
      { date: today(), countedCash: -5 },
      { date: today(), countedCash: 12.5 },
      { date: today(), staffId: '00000000-0000-0000-0000-000000000000', countedCash: 0 },
      { date: today(), staffId: 'not-an-id', countedCash: 0 },
    ];
    for (const body of bad) {
      const res = await close(owner.token, body as BodyInputOf<'closeCashUp'>);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof res.refusal!.message).toBe('string');
      expect(typeof res.refusal!.code).toBe('string');
    }
    const future = await close(owner.token, { date: day(1), countedCash: 0 });
    expect(future.refusal).toMatchObject({ code: 'cash_up_future_day', message: REFUSAL_CODES.cash_up_future_day });
    const unreal = await outcomeOf(callWithStatus(t.app, owner.token, 'cashUp', { query: { date: '2026-13-01' } }));
    expect(unreal).toMatchObject({ status: 400, refusal: { code: 'invalid_input', message: 'The day is not a real date. Please choose it again.' } });
    expect(await closings()).toBe(before);
  });

  it("closes the whole desk's day: every line of the day is held, until the owner reopens it", async () => {
    const b = await booking();
    const charged = await callWithStatus(t.app, manager.token, 'addCharge', {
      params: { id: b._id },
      body: { kind: 'fine', label: 'Parking ticket', amount: 2_000, gctApplies: false },
    });
    const line = charged.answer.folio.lines.find((l) => l.label === 'Parking ticket')!;
    const desk = await cashUp(owner.token, { date: today() });
    const counted = desk.drawer.expected + 100;
    const closed = await close(manager.token, { date: today(), countedCash: counted, note: 'A customer left the change' });
    expect(closed.status).toBe(201);
    expect(closed.answer!.cashUp.closing).toMatchObject({ countedCash: counted, expectedCash: desk.drawer.expected, difference: 100 });
    try {
      const refused = await outcomeOf(
        callWithStatus(t.app, owner.token, 'voidLine', { params: { id: b._id, lineId: line.id }, body: { reason: 'Paid at the office' } }),
      );
      expect(refused.refusal).toMatchObject({ code: 'day_closed' });
    } finally {
      expect((await reopen(owner.token, today(), { reason: 'Ticket paid at the office' })).status).toBe(200);
    }
    expect(
      (await callWithStatus(t.app, owner.token, 'voidLine', { params: { id: b._id, lineId: line.id }, body: { reason: 'Paid at the office' } })).status,
    ).toBe(201);
  });
});
