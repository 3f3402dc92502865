/**
 * The outbox and its e-mails, delivered to a real SMTP server in this process: each message, its
 * recipients, the masked bank account, retries and the owner's resend, the password reset end to
 * end (its stored copy never holding a working link), nothing to an unknown address, and nothing
 * sent without SMTP_URL.
 */
import { API, BANK_PAYMENT_WAYS, formatMoney, MESSAGES, PAYMENT_METHOD_IN_A_LINE } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passwordResets } from '../src/db/schema';
import { expireHolds } from '../src/features/bookings/holds';
import { hashResetToken } from '../src/features/auth/passwordReset';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { passwordResetLinkLetter, DEFAULT_MAIL_SETTINGS } from '../src/features/mail/letters';
import { enqueue, LINK_TOKEN_PLACEHOLDER } from '../src/features/mail/outbox';
import { listReadableOutbox } from '../src/features/mail/reading';
import { createMailSender, DEAD_LINK_ERROR } from '../src/features/mail/sender';
import { DEFAULT_COMPANY } from '@rental/contract';
import {
  authHeader,
  createOwner,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  registerCustomer,
  TEST_DATABASE_URL,
  type TestApp,
  uniqueEmail,
} from './helpers';
import { addCar, book, day, ownerCall } from './support/fleet';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

const SITE = 'https://rent.example.com';
const STAFF = 'staff.alerts@example.com';
const BANK = {
  bankName: 'National Commercial Bank',
  accountHolderName: 'Waterford Car Rental Ltd',
  branch: 'Portmore',
  accountNumber: '123456789012',
  accountType: 'Savings',
};
/** "Sat 28 Nov 2026" */
const DAY = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;

async function outboxRows(t: TestApp, recipient: string) {
  return t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/** Waits until no message is pending or being sent (the sender has done all it can for now). */
async function settled(t: TestApp, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`status IN ('pending', 'sending') AND next_attempt_at <= now() + interval '5 seconds'`);
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error('the outbox did not settle');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`e-mail through the outbox (${describeDatabase})`, () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      config: { smtpUrl: sink.url, publicUrl: SITE, companyEmail: STAFF },
      mailSender: { pollMs: 50, retryBaseMs: 100 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('a cash-deposit booking: the customer gets the car, dates, total, bank account, amount and deadline; the company is alerted', async () => {
    const owner = await createOwner(t.app);
    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
    const car = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', pricePerDay: 8500 });
    const customer = await registerCustomer(t.app, { name: 'Keisha Brown' });
    const res = await book(t.app, customer.token, car._id, day(10), day(12), 'cash_deposit');
    expect(res.statusCode).toBe(201);
    const { reference, price } = res.json().booking as { reference: string; price: number };

    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email));
    expect(mail!.subject).toContain(reference);
    expect(mail!.from).toContain('Waterford Car Rental');
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain('Keisha Brown');
      expect(body).toContain('Honda Fit');
      expect(body).toContain(formatMoney(price)); // "$19,550 JMD": 2 days at 8,500 and 15% GCT
      expect(body).toMatch(DAY);
      expect(body).toContain(BANK.bankName);
      expect(body).toContain(BANK.accountHolderName);
      expect(body).toContain(BANK.accountNumber);
      expect(body).toContain('Savings');
      expect(body).toContain('Jamaica time');
      expect(body).toContain(`${SITE}/my-bookings/${reference}`);
      expect(body).toContain('+1 (876) 555-0142');
    }
    // How to pay, in the words of every page: cash at the bank or a transfer from online banking, with the reference.
    expect(mail!.text).toContain(BANK_PAYMENT_WAYS);
    expect(mail!.text).toContain(PAYMENT_METHOD_IN_A_LINE.cash_deposit);
    expect(mail!.text).toContain(`(${reference}) on the deposit slip or as the transfer's reference`);
    expect(formatMoney(price)).toBe('$19,550 JMD');

    const [alert] = await sink.waitFor((m) => m.to.includes(STAFF) && m.subject.includes(reference));
    expect(alert!.to).toEqual([STAFF]);
    expect(alert!.text).toContain('Keisha Brown');
    expect(alert!.text).toContain(customer.user.email);
    expect(alert!.text).toContain(`${SITE}/owner/manage-bookings`);
    await settled(t);
    // Each once.
    expect(sink.to(customer.user.email).filter((m) => m.subject.includes(reference))).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(sql`subject LIKE ${`%${reference}%`}`);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('staff confirm or cancel: the customer is told; a customer cancelling: the company is told', async () => {
    const owner = await createOwner(t.app);
    const car = await addCar(t.app, owner.token, { brand: 'Nissan', model: 'Note' });
    const customer = await registerCustomer(t.app, { name: 'Devon Clarke' });
    const first = (await book(t.app, customer.token, car._id, day(20), day(21))).json().booking;
    const second = (await book(t.app, customer.token, car._id, day(30), day(31))).json().booking;
    const third = (await book(t.app, customer.token, car._id, day(40), day(41))).json().booking;

    expect((await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: first._id, status: 'confirmed' })).statusCode).toBe(200);
    expect((await ownerCall(t.app, owner.token, 'POST', API.changeStatus, { bookingId: second._id, status: 'cancelled' })).statusCode).toBe(200);
    const [confirmed] = await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject === `Booking ${first.reference} is confirmed`);
    expect(confirmed!.text).toContain('confirmed');
    // Online check-in offered where the customer reads about the pickup.
    expect(confirmed!.text).toContain(`/my-bookings/${first.reference}/check-in`);
    const [cancelled] = await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject === `Booking ${second.reference} is cancelled`);
    expect(cancelled!.text).toContain('+1 (876) 555-0142');

    const res = await t.app.inject({ method: 'POST', url: API.cancelBooking, headers: authHeader(customer.token), payload: { bookingId: third._id } });
    expect(res.statusCode).toBe(200);
    const [staff] = await sink.waitFor((m) => m.to.includes(STAFF) && m.subject.includes(`${third.reference} cancelled by the customer`));
    expect(staff!.text).toContain('Devon Clarke');
    await settled(t);
    // The customer's own cancellation is no news to the customer; staff get no mail for their own changes.
    expect(sink.to(customer.user.email).filter((m) => m.subject.includes(third.reference) && !m.subject.startsWith('Your booking'))).toEqual([]);
  });

  it('a hold that expires: the customer is told', async () => {
    const owner = await createOwner(t.app);
    const car = await addCar(t.app, owner.token, { brand: 'Suzuki', model: 'Swift' });
    const customer = await registerCustomer(t.app, { name: 'Andre Lewis' });
    const booking = (await book(t.app, customer.token, car._id, day(15), day(16))).json().booking;
    await t.db.execute(sql`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = ${booking._id}`);
    const expired = await expireHolds(t.db, t.app.events);
    expect(expired.map((hold) => hold.reference)).toContain(booking.reference);
    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && m.subject === `Booking ${booking.reference} has expired`);
    expect(mail!.text).toContain('not confirmed in time');
    expect(mail!.text).toContain(`${SITE}/cars`);
  });

  it('bank details changed: every owner is warned, who and when, account numbers masked to the last 4 digits', async () => {
    const first = await createOwner(t.app, { name: 'Marcia Owner' });
    const second = await createOwner(t.app, { name: 'Paul Owner' });
    const customer = await registerCustomer(t.app);
    expect((await ownerCall(t.app, first.token, 'PUT', API.bankDetails, { ...BANK, accountNumber: '111122223333' })).statusCode).toBe(200);
    await settled(t);
    const before = sink.mails.length;
    expect((await ownerCall(t.app, second.token, 'PUT', API.bankDetails, { ...BANK, accountNumber: '999988887777' })).statusCode).toBe(200);
    for (const owner of [first, second]) {
      const [mail] = await sink.waitFor((m) => m.to.includes(owner.user.email) && m.text.includes('999988887777'.slice(-4)) && m.text.includes('Paul Owner'));
      for (const body of [mail!.text, mail!.html, mail!.subject]) {
        expect(body).not.toContain('999988887777');
        expect(body).not.toContain('111122223333');
        expect(body).not.toContain('99998888');
      }
      expect(mail!.text).toContain('****7777');
      expect(mail!.text).toContain('****3333');
      expect(mail!.text).toContain(second.user.email);
      expect(mail!.text).toMatch(DAY);
    }
    await settled(t);
    expect(sink.mails.slice(before).some((m) => m.to.includes(customer.user.email))).toBe(false);
  });

  it('a password change: a notice to the account', async () => {
    const customer = await registerCustomer(t.app, { name: 'Tanya Reid' });
    const res = await t.app.inject({
      method: 'POST',
      url: API.changePassword,
      headers: authHeader(customer.token),
      payload: { currentPassword: customer.password, newPassword: 'another good password' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && /password was changed/.test(m.subject));
    expect(mail!.text).toContain('Tanya Reid');
  });

  it('password reset end to end: a link by e-mail, a new password, earlier sessions end, the link works once', async () => {
    const customer = await registerCustomer(t.app, { name: 'Omar Grant' });
    const asked = await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email.toUpperCase() } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, message: MESSAGES.resetLinkSent });
    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && /new password/i.test(m.subject));
    const link = /https:\/\/rent\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(link![0]);
    const token = link![1]!;
    // Only the hash is stored.
    const stored = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, customer.user._id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token, password: 'short' } });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('New password must be at least 8 characters long.');

    const reset = await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token, password: 'my new secret phrase' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: MESSAGES.passwordReset });
    // The earlier session ends; the old password stops working; the new one logs in.
    expect((await t.app.inject({ method: 'GET', url: API.userData, headers: authHeader(customer.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: customer.password } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: 'my new secret phrase' } })).statusCode).toBe(
      200,
    );
    await sink.waitFor((m) => m.to.includes(customer.user.email) && /password was changed/.test(m.subject) && m.text.includes('reset'));

    // Once.
    const again = await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token, password: 'yet another phrase' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.resetLinkInvalid });
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: 'my new secret phrase' } })).statusCode).toBe(
      200,
    );
  });

  it("the stored copy of a sent reset e-mail holds no working link; the e-mail itself works, and the owner's outbox lists it", async () => {
    const owner = await createOwner(t.app);
    const customer = await registerCustomer(t.app, { name: 'Tanya Reid' });
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } });
    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email) && /new password/i.test(m.subject));
    const sentToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await expect.poll(async () => (await outboxRows(t, customer.user.email))[0]?.status, { timeout: 30_000 }).toBe('sent');

    const [row] = await outboxRows(t, customer.user.email);
    expect(JSON.stringify(row)).not.toContain(sentToken);
    expect(row!.linkToken).toBeNull();
    // What the stored copy has where the token was: a note, which opens nothing.
    const storedToken = /reset-password\?token=([^\s"&<]+)/.exec(row!.textBody)![1]!;
    expect(storedToken).toBe(LINK_TOKEN_PLACEHOLDER);
    expect(row!.htmlBody).toContain(`reset-password?token=${LINK_TOKEN_PLACEHOLDER}`);
    const tried = await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token: storedToken, password: 'taken over at last' } });
    expect(tried.statusCode).toBe(400);
    expect(tried.json()).toEqual({ success: false, code: expect.any(String), message: MESSAGES.resetLinkInvalid });
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: customer.password } })).statusCode).toBe(200);

    // Staff still see that the e-mail went out.
    const list = await ownerCall(t.app, owner.token, 'GET', API.ownerOutbox);
    expect((list.json().messages as { recipient: string; subject: string; status: string }[]).find((m) => m.recipient === customer.user.email)).toMatchObject({
      subject: expect.stringMatching(/new password/),
      status: 'sent',
    });
    // The link in the e-mail works.
    expect((await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token: sentToken, password: 'my new secret phrase' } })).statusCode).toBe(
      200,
    );
  });

  it('a link older than an hour does not work', async () => {
    const customer = await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } })).statusCode).toBe(200);
    const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const [row] = await t.db
      .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const res = await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token, password: 'my new secret phrase' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.resetLinkInvalid);
    expect((await t.app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: customer.password } })).statusCode).toBe(200);
  });

  it('an unknown address: the same answer, and nothing written or sent', async () => {
    const nobody = uniqueEmail('nobody');
    const res = await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: nobody } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.resetLinkSent });
    expect(await outboxRows(t, nobody)).toEqual([]);
    await settled(t);
    expect(sink.to(nobody)).toEqual([]);
  });

  it('one account is sent at most 3 links in 15 minutes, whoever asks', async () => {
    const customer = await registerCustomer(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } })).statusCode).toBe(200);
    }
    expect(await outboxRows(t, customer.user.email)).toHaveLength(3);
  });

  it('a mail server that refuses for a while: tried again after a pause, delivered once', async () => {
    await settled(t);
    sink.refuse(451, 2);
    const customer = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } });
    const mails = await sink.waitFor((m) => m.to.includes(customer.user.email));
    await settled(t);
    expect(sink.to(customer.user.email)).toHaveLength(mails.length);
    expect(mails).toHaveLength(1);
    const [row] = await outboxRows(t, customer.user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('a final refusal: failed, shown to owners (not to customers), and sent again on request', async () => {
    await settled(t);
    const owner = await createOwner(t.app);
    const customer = await registerCustomer(t.app);
    sink.refuse(550, 1);
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } });
    await settled(t);
    const [row] = await outboxRows(t, customer.user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });

    expect((await t.app.inject({ method: 'GET', url: API.ownerOutbox, headers: authHeader(customer.token) })).statusCode).toBe(403);
    const list = await ownerCall(t.app, owner.token, 'GET', API.ownerOutbox);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 25, mailEnabled: true });
    expect(body.total).toBeGreaterThan(1);
    // Newest first; the reset link itself is never shown.
    const dates = (body.messages as { createdAt: string }[]).map((m) => m.createdAt);
    expect([...dates].sort((a, b) => b.localeCompare(a))).toEqual(dates);
    expect(list.body).not.toMatch(/token=/);
    const failed = (body.messages as { _id: string; recipient: string; status: string; lastError: string | null; attempts: number }[]).find(
      (m) => m.recipient === customer.user.email,
    )!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/550/);

    // Only a failed message can be sent again.
    const sentOne = (body.messages as { _id: string; status: string }[]).find((m) => m.status === 'sent')!;
    expect((await ownerCall(t.app, owner.token, 'POST', API.resendMessage, { messageId: sentOne._id })).statusCode).toBe(409);
    const resent = await ownerCall(t.app, owner.token, 'POST', API.resendMessage, { messageId: failed._id });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, message: MESSAGES.messageQueuedAgain, outboxMessage: { status: 'pending', attempts: 0 } });
    await sink.waitFor((m) => m.to.includes(customer.user.email));
    await settled(t);
    expect(sink.to(customer.user.email)).toHaveLength(1);

    const page2 = await ownerCall(t.app, owner.token, 'GET', `${API.ownerOutbox}?page=2`);
    expect(page2.statusCode).toBe(200);
    expect((await ownerCall(t.app, owner.token, 'GET', `${API.ownerOutbox}?page=0`)).statusCode).toBe(400);
  });
});

describe(`without SMTP_URL (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends nothing and keeps every message', async () => {
    expect(t.app.mailSender).toBeUndefined();
    const customer = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: customer.user.email } });
    const rows = await outboxRows(t, customer.user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0 });
    // Links fall back to the local address.
    expect(rows[0]!.textBody).toContain('http://localhost:3000/reset-password?token=');
    // The token waits beside the bodies, not in them, until the e-mail can be sent.
    const token = rows[0]!.linkToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rows[0]!.textBody + rows[0]!.htmlBody).not.toContain(token);
    expect(rows[0]!.textBody).toContain(`reset-password?token=${LINK_TOKEN_PLACEHOLDER}`);
    const owner = await createOwner(t.app);
    const list = await ownerCall(t.app, owner.token, 'GET', API.ownerOutbox);
    expect(list.json()).toMatchObject({ mailEnabled: false });
  });

  it('a reset e-mail whose link stopped working before it could go keeps no token and is not sent, saying why', async () => {
    const used = await registerCustomer(t.app);
    const expired = await registerCustomer(t.app);
    for (const c of [used, expired]) await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: c.user.email } });
    const [usedRow] = await outboxRows(t, used.user.email);
    const [expiredRow] = await outboxRows(t, expired.user.email);

    // Used (the customer got the link some other way, say from a second request that went out).
    expect(
      (await t.app.inject({ method: 'POST', url: API.resetPassword, payload: { token: usedRow!.linkToken!, password: 'a fresh phrase here' } })).statusCode,
    ).toBe(200);
    expect((await outboxRows(t, used.user.email)).find((r) => r.id === usedRow!.id)!.linkToken).toBeNull();
    // Expired: its token goes at the next request for a link, whoever makes it.
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, hashResetToken(expiredRow!.linkToken!)));
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: uniqueEmail('nobody') } });
    await t.app.inject({ method: 'POST', url: API.forgotPassword, payload: { email: (await registerCustomer(t.app)).user.email } });
    expect((await outboxRows(t, expired.user.email))[0]!.linkToken).toBeNull();

    // Mail set up later: those two are not sent with a link that does not work; the rest is.
    const sink = await startSmtpSink();
    const sender = createMailSender(t.db, t.app.log, { smtpUrl: sink.url, exclusive: true });
    try {
      while ((await sender.runOnce()) > 0);
      for (const c of [used, expired]) {
        const [row] = (await outboxRows(t, c.user.email)).filter((r) => r.kind === 'password_reset_link');
        expect(row).toMatchObject({ status: 'failed', lastError: DEAD_LINK_ERROR, linkToken: null });
        expect(sink.to(c.user.email).filter((m) => /new password/i.test(m.subject))).toEqual([]);
      }
      const listed = await listReadableOutbox(t.db, 'owner', 1);
      expect(listed.messages.find((m) => m.recipient === used.user.email && /new password/i.test(m.subject))).toMatchObject({
        status: 'failed',
        lastError: DEAD_LINK_ERROR,
      });
      expect(sink.to(used.user.email).filter((m) => /password was changed/.test(m.subject))).toHaveLength(1);
    } finally {
      await sender.stop();
      await sink.close();
    }
  });
});

// Several instances behind a load balancer share one PostgreSQL: each message is sent by one of them, once.
describe.runIf(TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  it('deliver every message exactly once between them', async () => {
    const sink = await startSmtpSink();
    const database = await createTestDatabase();
    const secondPool = await openDatabase({ databaseUrl: database.url!, poolSize: 5 });
    const config = testConfig({ smtpUrl: sink.url, publicUrl: SITE, companyEmail: STAFF });
    const apps = [
      await buildApp({ db: database.db, config, rateLimit: false, mailSender: { pollMs: 10, retryBaseMs: 100 } }),
      await buildApp({ db: secondPool.db, config, rateLimit: false, mailSender: { pollMs: 10, retryBaseMs: 100 } }),
    ];
    try {
      // Messages written while both senders run: through the API of each instance, and many at once.
      await Promise.all(apps.map((app) => app.ready()));
      const customers = await Promise.all(apps.map((app, i) => registerCustomer(app, { name: `Instance ${i} customer` })));
      await Promise.all(customers.map((c, i) => apps[i]!.inject({ method: 'POST', url: API.forgotPassword, payload: { email: c.user.email } })));
      const recipients = Array.from({ length: 60 }, (_, i) => `bulk.${i}.${uniqueEmail('two')}`);
      for (let i = 0; i < recipients.length; i += 10) {
        await enqueue(
          database.db,
          recipients.slice(i, i + 10).map((to) => passwordResetLinkLetter({ name: 'Someone', email: to }, 'x', DEFAULT_COMPANY, DEFAULT_MAIL_SETTINGS)),
        );
      }
      const everyone = [...recipients, ...customers.map((c) => c.user.email)];
      await sink.waitFor((m) => everyone.some((to) => m.to.includes(to)), { count: everyone.length, timeoutMs: 90_000 });
      await expect
        .poll(async () => (await database.db.select({ status: outbox.status }).from(outbox)).filter((r) => r.status !== 'sent').length, { timeout: 60_000 })
        .toBe(0);
      for (const to of everyone) expect(sink.to(to), to).toHaveLength(1);
      expect(sink.mails).toHaveLength(everyone.length);
      const rows = await database.db.select({ attempts: outbox.attempts }).from(outbox);
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await secondPool.close();
      await database.close();
      await sink.close();
    }
  });
});
