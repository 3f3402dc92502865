/**
 * A signed agreement anyone can check (decision 122): the seal adds a last "Signing certificate"
 * page after the agreement's own bytes, the same facts give the same bytes; the counter's check-out
 * stores its agreement sealed and keeps the hash; POST /api/agreements/verify says valid for that
 * very file and not for a copy with one byte changed, answering nothing personal; bad files are
 * refused with their codes and nothing is kept; an erasure's copy made again is sealed anew while
 * the copy the renter was given still checks.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_AGREEMENT_BYTES, pathFor } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentals, sealedAgreements } from '../src/db/schema';
import { sealAgreement, type SigningFacts } from '../src/features/agreements';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { approvedCustomer, checkInForm, confirmedBooking, keysHandedOver, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day } from './support/fleet';
import { smallPng } from './support/images';
import { type FilePart, multipart } from './support/multipart';
import { pdfText } from './support/pdfText';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A little agreement as pdf-lib saves one (the counter's papers are made the same way). */
async function pagesOf(words: string, count = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Rental agreement WR-TEST01');
  doc.setCreationDate(new Date('2026-11-25T15:40:00Z'));
  doc.setModificationDate(new Date('2026-11-25T15:40:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= count; i += 1) doc.addPage().drawText(`${words}, page ${i}`, { x: 50, y: 700, size: 12, font });
  return doc.save();
}

const ONLINE: SigningFacts = {
  kind: 'online',
  reference: 'WR-TEST01',
  signedAt: new Date('2026-11-25T15:42:07Z'),
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  trail: [
    { at: new Date('2026-11-25T15:40:00Z'), what: "Code sent to the renter's e-mail" },
    { at: new Date('2026-11-25T15:41:30Z'), what: 'Code typed and verified' },
    { at: new Date('2026-11-25T15:42:07Z'), what: 'Signed on the phone' },
  ],
  verifyUrl: 'https://rent.example.com/verify-agreement',
};

describe('the seal of an agreement', () => {
  it('follows the pages with a signing certificate, the pages untouched, the same facts giving the same bytes', async () => {
    const pages = await pagesOf('The renter agrees');
    const sealed = await sealAgreement(pages, ONLINE);
    const again = await sealAgreement(pages, ONLINE);
    expect(Buffer.from(again.pdf).equals(Buffer.from(sealed.pdf))).toBe(true);
    expect(sealed.sha256).toBe(sha256(sealed.pdf));
    // The pages are the first bytes of the final file, as they were: their hash can be checked by anyone.
    expect(sealed.pagesLength).toBe(pages.length);
    expect(Buffer.from(sealed.pdf.subarray(0, pages.length)).equals(Buffer.from(pages))).toBe(true);
    expect(sealed.pagesSha256).toBe(sha256(pages));

    expect((await PDFDocument.load(sealed.pdf)).getPageCount()).toBe(3);
    const text = await pdfText(sealed.pdf);
    expect(text).toContain('The renter agrees, page 2');
    const certificate = flat(text.split('Signing certificate')[1]!);
    for (const wanted of [
      'Rental agreement WR-TEST01',
      'pages 1 to 2',
      'Check this copy at https://rent.example.com/verify-agreement',
      `${sealed.pagesSha256.slice(0, 32)} ${sealed.pagesSha256.slice(32)}`,
      `The first ${pages.length.toLocaleString('en-US')} bytes of this file`,
      '25 Nov 2026, 10:42:07 (Jamaica time)',
      "Online, on the renter's own device",
      '203.0.113.9',
      'Mozilla/5.0 (iPhone;',
      "25 Nov 2026, 10:40:00 Code sent to the renter's e-mail",
      '25 Nov 2026, 10:41:30 Code typed and verified',
      '25 Nov 2026, 10:42:07 Signed on the phone',
    ])
      expect(certificate).toContain(wanted);

    // Other facts, other bytes; other pages, another pages' hash.
    const later = await sealAgreement(pages, { ...ONLINE, signedAt: new Date('2026-11-25T15:42:08Z') });
    expect(later.sha256).not.toBe(sealed.sha256);
    const other = await sealAgreement(await pagesOf('The renter agreed'), ONLINE);
    expect(other.pagesSha256).not.toBe(sealed.pagesSha256);
    // The PDF's own dates are the facts': created with the pages, modified when signed.
    const info = await PDFDocument.load(sealed.pdf, { updateMetadata: false });
    expect(info.getModificationDate()?.toISOString()).toBe('2026-11-25T15:42:07.000Z');
  });
});

describe(`signed agreements checked by anyone (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let plate = 700;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function verify(files: FilePart[], fields: Record<string, string> = {}) {
    const body = await multipart(fields, files);
    return t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: body.headers, payload: body.payload });
  }
  const pdfPart = (bytes: Uint8Array): FilePart => ({ name: 'file', bytes: Buffer.from(bytes), filename: 'agreement.pdf', type: 'application/pdf' });
  const agreementOf = async (bookingId: string) =>
    (await t.app.inject({ method: 'GET', url: pathFor('agreementPdf', { id: bookingId }), headers: authHeader(owner.token) })).rawPayload;
  const sealsOf = (bookingId: string) =>
    t.db.select().from(sealedAgreements).where(eq(sealedAgreements.bookingId, bookingId)).orderBy(sealedAgreements.sealedAt);

  /** A booking checked out at the counter, from a browser the test names. */
  async function checkedOut(name: string) {
    const car = await addCar(t.app, owner.token, { plate: `${plate++} SL` } as never);
    const customer = await approvedCustomer(t.app, name);
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const form = await paidCheckOutForm(t.app, owner.token, booking._id);
    const body = await multipart({ data: JSON.stringify(form) });
    const out = await t.app.inject({
      method: 'POST',
      url: pathFor('checkOut', { id: booking._id }),
      headers: { ...body.headers, ...authHeader(owner.token), 'user-agent': 'CounterTablet/2.1 (Android 14)' },
      payload: body.payload,
    });
    expect(out.statusCode, out.body).toBe(200);
    return { customer, booking };
  }

  it("seals the counter's agreement: the certificate read back, the same bytes each time, valid as it is, not valid with one byte changed", async () => {
    const { customer, booking } = await checkedOut('Shanice Reid');
    const pdf = await agreementOf(booking._id);
    expect((await agreementOf(booking._id)).equals(pdf)).toBe(true);

    const [rental] = await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id));
    const seals = await sealsOf(booking._id);
    expect(seals).toHaveLength(1);
    expect(seals[0]).toMatchObject({ kind: 'counter', sha256: sha256(pdf), reference: booking.reference, redraws: null });
    expect(seals[0]!.signedAt.toISOString()).toBe(rental!.checkedOutAt.toISOString());

    const text = flat(await pdfText(pdf));
    const certificate = text.split('Signing certificate')[1]!;
    expect(text.split('Signing certificate')[0]).toContain('Shanice Reid');
    const pagesLength = Number(/The first ([\d,]+) bytes of this file/.exec(certificate)![1]!.replace(/,/g, ''));
    const pagesHash = sha256(pdf.subarray(0, pagesLength));
    for (const wanted of [
      booking.reference,
      `${pagesHash.slice(0, 32)} ${pagesHash.slice(32)}`,
      "At the company's counter",
      'From address 127.0.0.1',
      'Browser CounterTablet/2.1 (Android 14)',
      'Signed at the counter by the renter, and by Andre Campbell for',
      '/verify-agreement',
    ])
      expect(certificate).toContain(wanted);

    const valid = await verify([pdfPart(pdf)]);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ success: true, valid: true, reference: booking.reference, signedAt: rental!.checkedOutAt.toISOString(), redrawn: false });
    // Nothing personal in the answer.
    for (const personal of ['Shanice', customer.user.email]) expect(valid.body).not.toContain(personal);

    for (const at of [Math.floor(pagesLength / 2), pdf.length - 40]) {
      const changed = Buffer.from(pdf);
      changed[at] = changed[at]! ^ 0x01;
      const answer = await verify([pdfPart(changed)]);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, valid: false, reference: null, signedAt: null, redrawn: false });
    }
    // The pages alone, without their certificate, are not the sealed file either.
    expect((await verify([pdfPart(pdf.subarray(0, pagesLength))])).json()).toMatchObject({ valid: false });
  });

  it('keeps the hash of an agreement made before the seals (0046 takes them in), so its copy checks as it was handed over', async () => {
    const car = await addCar(t.app, owner.token, { plate: `${plate++} SL` } as never);
    const customer = await approvedCustomer(t.app, 'Odane Grant');
    const booking = await confirmedBooking(t.app, owner, customer, car._id, day(0), day(2));
    const before = Buffer.from('%PDF-1.7\nAn agreement made before certificates\n%%EOF\n');
    await keysHandedOver(t.db, booking._id, owner.user._id, { agreementPdf: before });
    expect((await verify([pdfPart(before)])).json()).toMatchObject({ valid: false });
    // The migration's own statement, as it ran over the rentals stored then.
    const migration = await readFile(join(import.meta.dirname, '../src/db/migrations/0046_sealed_agreements.sql'), 'utf8');
    await t.db.execute(sql.raw(migration.slice(migration.indexOf('INSERT INTO sealed_agreements'))));
    const [rental] = await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id));
    expect((await verify([pdfPart(before)])).json()).toEqual({
      success: true,
      valid: true,
      reference: booking.reference,
      signedAt: rental!.checkedOutAt.toISOString(),
      redrawn: false,
    });
    // Sealed ones are not taken twice.
    expect(await sealsOf(booking._id)).toHaveLength(1);
  });

  it('refuses no file, a file that is not a PDF and one too large, with their codes, keeping nothing', async () => {
    const countSeals = async () => (await t.db.select({ count: sql<number>`count(*)::int` }).from(sealedAgreements))[0]!.count;
    const before = await countSeals();
    const refusals: [Awaited<ReturnType<typeof verify>>, number, string][] = [
      [await verify([]), 422, 'agreement_file_missing'],
      [await verify([], { file: 'not a file' }), 422, 'agreement_file_missing'],
      [await verify([{ ...pdfPart(Buffer.alloc(0)) }]), 422, 'agreement_file_missing'],
      [
        await t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: { 'content-type': 'application/json' }, payload: '{"file":"x"}' }),
        422,
        'agreement_file_missing',
      ],
      [await verify([{ name: 'file', bytes: await smallPng(40, 20), filename: 'agreement.pdf', type: 'application/pdf' }]), 422, 'agreement_not_pdf'],
      [await verify([pdfPart(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_AGREEMENT_BYTES)]))]), 413, 'agreement_too_large'],
    ];
    for (const [answer, status, code] of refusals) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json()).toMatchObject({ success: false, code });
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(await countSeals()).toBe(before);
  });

  it("keeps the seals as written; an erasure's copy is sealed anew, and the renter's own copy still checks", async () => {
    const { customer, booking } = await checkedOut('Tamika Lewis');
    const original = await agreementOf(booking._id);
    const back = await postCounter(t.app, owner.token, 'checkIn', booking._id, checkInForm());
    expect(back.statusCode, back.body).toBe(200);

    // The database refuses to change or remove a seal.
    await expect(t.db.execute(sql`UPDATE sealed_agreements SET reference = 'WR-OTHER' WHERE booking_id = ${booking._id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/kept as written/) },
    });
    await expect(t.db.execute(sql`DELETE FROM sealed_agreements WHERE booking_id = ${booking._id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/kept as written/) },
    });

    const erased = await callWithStatus(t.app, customer.token, 'deleteAccount', { body: { password: customer.password } });
    expect(erased.status).toBe(200);
    const redrawn = (await t.db.select({ pdf: rentals.agreementPdf }).from(rentals).where(eq(rentals.bookingId, booking._id)))[0]!.pdf;
    expect(redrawn.equals(original)).toBe(false);
    expect((await agreementOf(booking._id)).equals(redrawn)).toBe(true);

    const seals = await sealsOf(booking._id);
    expect(seals).toHaveLength(2);
    expect(seals[0]!.sha256).toBe(sha256(original));
    expect(seals[1]).toMatchObject({ kind: 'counter', sha256: sha256(redrawn), reference: booking.reference, redraws: seals[0]!.id });
    expect(seals[1]!.signedAt.toISOString()).toBe(seals[0]!.signedAt.toISOString());

    const text = flat(await pdfText(redrawn));
    expect(text).not.toContain('Tamika');
    const certificate = text.split('Signing certificate')[1]!;
    expect(certificate).toContain("Made again without the renter's personal details, at their request (erasure)");
    const originalHash = sha256(original);
    expect(certificate).toContain(`The signed original's SHA-256: ${originalHash.slice(0, 32)} ${originalHash.slice(32)}`);
    expect(certificate).toContain('From address Not recorded');

    const signedAt = seals[0]!.signedAt.toISOString();
    expect((await verify([pdfPart(original)])).json()).toEqual({ success: true, valid: true, reference: booking.reference, signedAt, redrawn: false });
    expect((await verify([pdfPart(redrawn)])).json()).toEqual({ success: true, valid: true, reference: booking.reference, signedAt, redrawn: true });
  });
});

describe(`checking agreements is limited per address (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Half the login limit: 2 checks a minute when login allows 4.
    t = await createTestApp({ rateLimit: { max: 4, timeWindow: '1 minute' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 once an address has checked its share', async () => {
    const pdf = await pagesOf('Not sealed');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = await multipart({}, [{ name: 'file', bytes: Buffer.from(pdf), filename: 'a.pdf', type: 'application/pdf' }]);
      statuses.push((await t.app.inject({ method: 'POST', url: pathFor('verifyAgreement'), headers: body.headers, payload: body.payload })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
