/**
 * How the company reaches a customer (issue 36): the account's phone as typed and in E.164, WhatsApp
 * and SMS chosen on the account page or with the booking form's tick, refused without a phone they
 * can go to (and nothing saved then), and "STOP" / "START" from a phone for every account with it.
 */
import { REFUSAL_CODES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { customersByPhone, readMessageChannels, startChannel, stopChannel } from '../src/features/auth';
import { type Account, callWithStatus, createTestApp, describeDatabase, refusalOf, registerCustomer, testApi, type TestApp } from './helpers';
import { everyRow } from './support/everyRow';
import { queryRows } from '../src/db/types';

describe(`WhatsApp and SMS beside e-mail (${describeDatabase})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const save = (account: Account, body: { name?: string; phone: string; whatsapp?: boolean; sms?: boolean }) =>
    callWithStatus(t.app, account.token, 'updateProfile', { body: { name: account.user.name, ...body } });
  const me = async (account: Account) => (await testApi(t.app, account.token).call('userData')).user;
  const off = { on: false, stopped: null };
  const on = { on: true, stopped: null };

  it('keeps the phone as typed, answers its E.164 form, and has WhatsApp and SMS off until chosen', async () => {
    const customer = await registerCustomer(t.app, { name: 'Ann Typed', phone: '(876) 555-0142' });
    expect(await me(customer)).toMatchObject({ phone: '(876) 555-0142', phoneE164: '+18765550142', messages: { whatsapp: off, sms: off } });
    const [row] = await t.db.select({ phone: users.phone, e164: users.phoneE164 }).from(users).where(eq(users.id, customer.user._id));
    expect(row).toEqual({ phone: '(876) 555-0142', e164: '+18765550142' });
  });

  it('saves the choices with the profile, and answers them as saved', async () => {
    const customer = await registerCustomer(t.app, { name: 'Ben Chooses', phone: '555-0143' });
    const saved = await save(customer, { phone: '555-0143', whatsapp: true });
    expect(saved.status).toBe(200);
    expect(saved.answer.user).toMatchObject({ phone: '555-0143', phoneE164: '+18765550143', messages: { whatsapp: on, sms: off } });
    // Left out: as it is.
    await save(customer, { phone: '+1 876 555 0143', sms: true });
    expect((await me(customer)).messages).toEqual({ whatsapp: on, sms: on });
    expect(await readMessageChannels(t.db, customer.user._id)).toEqual({
      userId: customer.user._id,
      name: 'Ben Chooses',
      email: customer.user.email,
      phoneE164: '+18765550143',
      whatsapp: true,
      sms: true,
    });

    // Turned off on the site: stopped by the customer's choice, when.
    const before = Date.now();
    await save(customer, { phone: '+1 876 555 0143', whatsapp: false });
    const { messages } = await me(customer);
    expect(messages?.whatsapp).toEqual({ on: false, stopped: { at: expect.any(String), by: 'customer_choice' } });
    expect(Date.parse(messages!.whatsapp.stopped!.at)).toBeGreaterThanOrEqual(before - 5_000);
    expect((await readMessageChannels(t.db, customer.user._id))?.whatsapp).toBe(false);
  });

  it('refuses WhatsApp or SMS without a phone, or with one whose country cannot be told, with a code, and saves nothing', async () => {
    const customer = await registerCustomer(t.app, { name: 'Cleo Unsure', phone: null });
    const snapshot = () => everyRow(t.database.opened.raw);
    const before = await snapshot();
    expect(await refusalOf(save(customer, { name: 'Cleo Renamed', phone: '', whatsapp: true }))).toEqual({
      status: 422,
      answer: { success: false, code: 'channel_needs_phone', message: REFUSAL_CODES.channel_needs_phone },
    });
    expect(await refusalOf(save(customer, { name: 'Cleo Renamed', phone: '0207 946 0018', sms: true }))).toEqual({
      status: 422,
      answer: { success: false, code: 'channel_phone_not_understood', message: REFUSAL_CODES.channel_phone_not_understood },
    });
    // A phone that cannot be a phone is refused as before, by its field.
    expect(await refusalOf(save(customer, { name: 'Cleo Renamed', phone: '+1 876 555 014', whatsapp: true }))).toMatchObject({
      status: 400,
      answer: { message: 'A number starting with +1 has 10 digits after the 1, such as +1 876 555 0142.' },
    });
    expect(await snapshot()).toEqual(before);

    // A number kept without E.164 is still saved as typed (staff call it): only the messages need more.
    expect((await save(customer, { phone: '0207 946 0018' })).answer.user).toMatchObject({ phone: '0207 946 0018', phoneE164: null });
    // And a customer with WhatsApp on cannot take away the phone it goes to.
    await save(customer, { phone: '+44 20 7946 0018', whatsapp: true });
    expect(await refusalOf(save(customer, { phone: '' }))).toMatchObject({ status: 422, answer: { code: 'channel_needs_phone' } });
    expect(await me(customer)).toMatchObject({ phone: '+44 20 7946 0018', phoneE164: '+442079460018', messages: { whatsapp: on } });
  });

  it('STOP turns the channel off at once for every account sharing the phone, and START turns back on only what STOP turned off', async () => {
    const phone = '876-555-0150';
    const mother = await registerCustomer(t.app, { name: 'Mother Shares', phone });
    const son = await registerCustomer(t.app, { name: 'Son Shares', phone: '+1 876 555 0150' });
    const daughter = await registerCustomer(t.app, { name: 'Daughter Shares', phone: '5550150' });
    const neighbour = await registerCustomer(t.app, { name: 'Neighbour', phone: '876 555 0151' });
    await save(mother, { phone, whatsapp: true, sms: true });
    await save(son, { phone: '+1 876 555 0150', whatsapp: true });
    await save(neighbour, { phone: '876 555 0151', whatsapp: true });
    // The daughter never chose WhatsApp: a STOP does not make her "stopped", nor a START turn her on.
    expect(await customersByPhone(t.db, '+18765550150')).toEqual([mother.user._id, son.user._id, daughter.user._id].sort());

    expect(await stopChannel(t.db, '+18765550150', 'whatsapp')).toEqual([mother.user._id, son.user._id].sort());
    for (const account of [mother, son]) {
      expect((await me(account)).messages?.whatsapp).toEqual({ on: false, stopped: { at: expect.any(String), by: 'stop_reply' } });
      expect((await readMessageChannels(t.db, account.user._id))?.whatsapp).toBe(false);
    }
    expect((await me(mother)).messages?.sms).toEqual(on);
    expect((await me(daughter)).messages?.whatsapp).toEqual(off);
    expect((await me(neighbour)).messages?.whatsapp).toEqual(on);
    // A second STOP (a message answered twice) changes nothing more.
    expect(await stopChannel(t.db, '+18765550150', 'whatsapp')).toEqual([]);

    // The staff's history of the customer says the customer's reply stopped it.
    const history = await queryRows<{ after: Record<string, unknown> }>(
      t.db,
      sql`SELECT after FROM activity WHERE subject = 'customer' AND subject_id = ${mother.user._id} ORDER BY id`,
    );
    expect(history.at(-1)?.after).toEqual({ whatsapp: false, whatsapp_stopped_by: 'stop_reply' });

    // The son turns it back on on his account; START then turns on the mother's alone.
    await save(son, { phone: '+1 876 555 0150', whatsapp: true });
    expect(await startChannel(t.db, '+18765550150', 'whatsapp')).toEqual([mother.user._id]);
    expect((await me(mother)).messages?.whatsapp).toEqual(on);
    expect((await me(daughter)).messages?.whatsapp).toEqual(off);
  });

  it('an erased account is no longer found by its phone nor sent anything', async () => {
    const customer = await registerCustomer(t.app, { name: 'Eve Leaves', phone: '876 555 0170' });
    await save(customer, { phone: '876 555 0170', whatsapp: true });
    await t.db.execute(sql`UPDATE users SET erased_at = now() WHERE id = ${customer.user._id}`);
    expect(await customersByPhone(t.db, '+18765550170')).toEqual([]);
    expect(await readMessageChannels(t.db, customer.user._id)).toMatchObject({ phoneE164: null, whatsapp: false, sms: false });
  });
});
