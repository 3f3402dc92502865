/**
 * Staff read the outbox: a message's text, its HTML, its links, the PDF it carries (the very bytes
 * sent), and a WhatsApp link for a customer with a phone. Messages to staff members are the
 * owners' alone: other staff neither list nor open them (404), nor send them again.
 */
import { pathFor } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, outbox, users } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { callWithStatus, createOwner, createStaff, createTestApp, describeDatabase, type Account, refusalOf, type TestApp, testApi } from './helpers';
import { keysHandedOver } from './support/counter';
import { addCar, customersWithTokens, day, insertBooking } from './support/fleet';

const PDF = Buffer.from('%PDF-1.4 the signed agreement\n%%EOF\n');

describe(`reading the outbox (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let agent: Account;
  let customerEmail: string;
  let bookingId: string;
  let reference: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://rent.example.com' } });
    owner = await createOwner(t.app);
    manager = await createStaff(t.app, 'manager');
    agent = await createStaff(t.app, 'agent');
    const car = await addCar(t.app, owner.token, { brand: 'Honda', model: 'Fit', year: 2020, pricePerDay: 6000, location: 'Waterford, Portmore' });
    const [customer] = await customersWithTokens(t.app, 1);
    await t.db.update(users).set({ name: 'Marcia Reid', phone: '876-555-0147' }).where(eq(users.id, customer!.id));
    customerEmail = (await t.db.select({ email: users.email }).from(users).where(eq(users.id, customer!.id)))[0]!.email!;
    bookingId = await insertBooking(t.db, { carId: car._id, userId: customer!.id, pickupDate: day(3), returnDate: day(5), status: 'confirmed' });
    reference = (await t.db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.reference;
    await keysHandedOver(t.db, bookingId, owner.user._id, { agreementPdf: PDF });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function write(values: {
    kind: string;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    bookingId?: string;
    attachment?: 'agreement' | 'receipt';
  }) {
    const [row] = await t.db
      .insert(outbox)
      .values({
        kind: values.kind,
        recipient: values.recipient,
        subject: values.subject,
        textBody: values.text,
        htmlBody: values.html,
        bookingId: values.bookingId,
        attachment: values.attachment,
      })
      .returning({ id: outbox.id });
    return String(row!.id);
  }

  const api = (token: string) => testApi(t.app, token);
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it("a customer's message: its text, its HTML, its links, its PDF's bytes and a WhatsApp link with the text, for every staff role", async () => {
    const text = `Hello Marcia Reid,\n\nThe keys of ${reference} are yours. Your agreement is attached.\n\nSee your booking: https://rent.example.com/my-bookings/${reference}\n\n--\nhttps://rent.example.com\n`;
    const html = `<!doctype html><html><body><p>The keys of ${reference} are yours.</p><script>alert(1)</script></body></html>`;
    const id = await write({
      kind: 'keys_handed_over',
      recipient: customerEmail,
      subject: `Your agreement for ${reference}`,
      text,
      html,
      bookingId,
      attachment: 'agreement',
    });
    for (const staff of [owner, manager, agent]) {
      const res = await callWithStatus(t.app, staff.token, 'outboxMessage', { params: { id } });
      expect(res.status).toBe(200);
      const message = res.answer.outboxMessage;
      expect(message.text).toBe(text);
      expect(message.html).toBe(html);
      expect(message.kind).toBe('keys_handed_over');
      expect(message.bookingReference).toBe(reference);
      expect(message.links).toEqual([`https://rent.example.com/my-bookings/${reference}`, 'https://rent.example.com']);
      expect(message.attachment).toEqual({ filename: `${reference}-agreement.pdf`, size: PDF.length, available: true });
      expect(message.whatsApp).toBe(`https://wa.me/18765550147?text=${encodeURIComponent(text.trim())}`);

      const pdf = await get(staff.token, pathFor('outboxAttachment', { id }));
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.headers['content-disposition']).toContain(`${reference}-agreement.pdf`);
      expect(pdf.rawPayload.equals(PDF)).toBe(true);
    }
  });

  it('a message without a PDF has none to download; one whose PDF is gone says so', async () => {
    const plain = await write({
      kind: 'booking_confirmed',
      recipient: customerEmail,
      subject: 'Confirmed',
      text: 'Confirmed.',
      html: '<p>Confirmed.</p>',
      bookingId,
    });
    expect((await api(owner.token).call('outboxMessage', { params: { id: plain } })).outboxMessage.attachment).toBeNull();
    expect((await get(owner.token, pathFor('outboxAttachment', { id: plain }))).statusCode).toBe(404);
    const receipt = await write({
      kind: 'car_returned',
      recipient: customerEmail,
      subject: 'Receipt',
      text: 'Your receipt.',
      html: '<p>Your receipt.</p>',
      bookingId,
      attachment: 'receipt',
    });
    expect((await api(owner.token).call('outboxMessage', { params: { id: receipt } })).outboxMessage.attachment).toMatchObject({ available: false });
    expect((await get(owner.token, pathFor('outboxAttachment', { id: receipt }))).statusCode).toBe(404);
  });

  it('a password link whose token was not kept: its dead link is not offered to copy, nor the message by WhatsApp', async () => {
    const id = await write({
      kind: 'password_reset_link',
      recipient: customerEmail,
      subject: 'Choose a new password',
      text: 'Choose a new password: https://rent.example.com/reset-password?token=link-not-kept\n\nhttps://rent.example.com\n',
      html: '<p>Choose a new password</p>',
    });
    const message = (await api(agent.token).call('outboxMessage', { params: { id } })).outboxMessage;
    expect(message.links).toEqual(['https://rent.example.com']);
    expect(message.whatsApp).toBeNull();
  });

  it("a message to a staff member is the owners' alone: other staff neither list it, open it, download from it nor send it again", async () => {
    const toManager = await write({
      kind: 'password_reset_link',
      recipient: manager.user.email,
      subject: 'Private: choose a new password',
      text: 'https://rent.example.com/reset-password?token=link-not-kept',
      html: '<p>link</p>',
    });
    const invitation = await write({
      kind: 'staff_invitation',
      recipient: 'new.hire@example.com',
      subject: 'Private: join the staff',
      text: 'Join us',
      html: '<p>Join us</p>',
    });
    await t.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(sql`${outbox.id} IN (${Number(toManager)}, ${Number(invitation)})`);
    for (const id of [toManager, invitation]) {
      expect((await callWithStatus(t.app, owner.token, 'outboxMessage', { params: { id } })).status).toBe(200);
      for (const staff of [manager, agent]) {
        const res = await refusalOf(api(staff.token).call('outboxMessage', { params: { id } }));
        expect(res.status).toBe(404);
        expect(JSON.stringify(res.answer)).not.toContain('Private');
        expect((await get(staff.token, pathFor('outboxAttachment', { id }))).statusCode).toBe(404);
        const resend = await refusalOf(api(staff.token).call('resendMessage', { body: { messageId: id } }));
        expect(resend.status).toBe(404);
      }
    }
    const [status] = await queryRows<{ status: string }>(t.db, sql`SELECT status FROM outbox WHERE id = ${Number(toManager)}`);
    expect(status!.status).toBe('failed');

    const listed = async (token: string) => {
      const res = await api(token).call('ownerOutbox', { query: { page: '1' } });
      return { subjects: res.messages.map((m) => m.subject), total: res.total };
    };
    const ownerView = await listed(owner.token);
    expect(ownerView.subjects).toContain('Private: choose a new password');
    expect(ownerView.subjects).toContain('Private: join the staff');
    for (const staff of [manager, agent]) {
      const view = await listed(staff.token);
      expect(view.subjects.filter((s) => s.startsWith('Private'))).toEqual([]);
      expect(view.subjects).toContain('Confirmed');
      expect(view.total).toBe(ownerView.total - ownerView.subjects.filter((s) => s.startsWith('Private')).length);
    }
  });

  it('a message number that is not one, or does not exist: 404', async () => {
    for (const id of ['abc', '0', '99999999999']) expect((await refusalOf(api(owner.token).call('outboxMessage', { params: { id } }))).status).toBe(404);
  });
});
