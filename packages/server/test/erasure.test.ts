/**
 * Erasure that erases: a customer who rented (licence, phone, delivery address, another driver, a
 * signed agreement, a receipt, card and bank payments, e-mails sent) erases their account; then no
 * column of any table, no stored PDF's text and no backup made afterwards holds any of their words,
 * while the company's books (receipt number, amounts, GCT, dates, car) read as before.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyToday, DELETED_CUSTOMER_NAME, type Folio, formatDay, pathFor, ROUTES } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../src/backup/backup';
import { bookings, outbox, rentals, users } from '../src/db/schema';
import { type Database, queryRows } from '../src/db/types';
import { type Account, authHeader, callWithStatus, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp, testApi } from './helpers';
import { checkInForm, paidCheckOutForm, postCounter } from './support/counter';
import { addCar, day, ownerCall } from './support/fleet';
import { cameraJpeg } from './support/images';
import { formData } from './support/multipart';
import { pdfText } from './support/pdfText';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';

const PERSON = {
  name: 'Shantelle Mcfarlane',
  email: 'shantelle.mcfarlane@example.com',
  phone: '876-555-0199',
  licence: 'JM 4411-9087',
  dateOfBirth: '1987-02-19',
  address: '27 Braeton Parkway, Portmore',
  otherDriver: 'Dwayne Mcfarlane',
  otherLicence: 'JM 7302-1164',
  otherBirth: '1985-10-03',
  licenceExpires: '2032-03-01',
  otherLicenceExpires: '2031-01-01',
};
/** A date as the agreement prints a birth date or an expiry: "19 Feb 1987". */
const plainDay = (date: string) => formatDay(date).replace(/^\w{3} /, '');
/** Every way their words could be written down. */
const WORDS = [
  PERSON.name,
  PERSON.email,
  PERSON.phone,
  PERSON.licence,
  PERSON.dateOfBirth,
  formatDay(PERSON.dateOfBirth),
  PERSON.address,
  PERSON.otherDriver,
  PERSON.otherLicence,
  PERSON.otherBirth,
  formatDay(PERSON.otherBirth),
  plainDay(PERSON.dateOfBirth),
  plainDay(PERSON.otherBirth),
  plainDay(PERSON.licenceExpires),
  plainDay(PERSON.otherLicenceExpires),
];

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Which of the words a text holds (case apart), as "where: word". */
function found(where: string, text: string): string[] {
  const lower = text.toLowerCase();
  return WORDS.filter((word) => lower.includes(word.toLowerCase())).map((word) => `${where}: ${word}`);
}

/** Bytes read as a reader would: a PDF's text, anything else as it is. */
async function bytesFound(where: string, bytes: Uint8Array): Promise<string[]> {
  return found(where, isPdf(bytes) ? await pdfText(bytes) : Buffer.from(bytes).toString('latin1'));
}

/** Every column of every table (the catalogue's list, so a new one is searched too): where their words are. */
async function searchDatabase(db: Database): Promise<string[]> {
  const columns = await queryRows<{ schema: string; table: string; column: string; type: string }>(
    db,
    sql`SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg\\_%'
        ORDER BY 1, 2, 3`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const hits: string[] = [];
  const patterns = sql.join(
    WORDS.map((word) => sql`${`%${word}%`}`),
    sql`, `,
  );
  for (const { schema, table, column, type } of columns) {
    const name = sql.raw(`"${schema}"."${table}"`);
    const col = sql.raw(`"${column}"`);
    if (type === 'bytea') {
      for (const row of await queryRows<{ v: Uint8Array }>(db, sql`SELECT ${col} AS v FROM ${name} WHERE ${col} IS NOT NULL`)) {
        hits.push(...(await bytesFound(`${table}.${column}`, row.v)));
      }
    } else {
      for (const row of await queryRows<{ v: string }>(db, sql`SELECT ${col}::text AS v FROM ${name} WHERE ${col}::text ILIKE ANY (ARRAY[${patterns}])`)) {
        hits.push(...found(`${table}.${column}`, row.v));
      }
    }
  }
  return hits;
}

/** A backup file's every value: text as written, bytea (base64) decoded and read as a reader would. */
async function searchBackup(path: string): Promise<string[]> {
  const hits: string[] = [];
  let table = '';
  let types: string[] = [];
  for (const line of (await readFile(path, 'utf8')).split('\n').filter(Boolean)) {
    const parsed = JSON.parse(line) as { table?: string; columns?: { type: string }[]; row?: (string | null)[] };
    if (parsed.table) {
      table = parsed.table;
      types = parsed.columns!.map((c) => c.type);
    } else if (parsed.row) {
      for (const [i, value] of parsed.row.entries()) {
        if (value === null) continue;
        hits.push(...(types[i] === 'bytea' ? await bytesFound(`backup ${table}`, Buffer.from(value, 'base64')) : found(`backup ${table}`, value)));
      }
    }
  }
  return hits;
}

/** The tokens with a digit (amounts, dates, numbers, plate) of a paper's text, their words taken out first. */
/** The parts of their dates as printed, which a paper may break across lines ("1 Jan" then "2031"). */
const DATE_PARTS = new Set(
  [PERSON.dateOfBirth, PERSON.otherBirth, PERSON.licenceExpires, PERSON.otherLicenceExpires].flatMap((date) => plainDay(date).split(' ')),
);

function numbers(text: string): string[] {
  let rest = text;
  for (const word of WORDS) rest = rest.split(word).join(' ');
  return rest
    .split(/\s+/)
    .filter((token) => /\d/.test(token) && !DATE_PARTS.has(token))
    .sort();
}

describe(`erasing an account (${describeDatabase})`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: Account;
  let work: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { smtpUrl: sink.url, companyEmail: 'desk@waterford.example.com' } });
    owner = await createOwner(t.app, { name: 'Andre Campbell' });
    work = await mkdtemp(join(tmpdir(), 'rental-erasure-'));
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? authHeader(token) : {}, payload });
  const api = (token: string) => testApi(t.app, token);
  const folioOf = async (id: string): Promise<Folio> => (await api(owner.token).call('folio', { params: { id } })).folio;

  /** A customer with everything a rental leaves behind, the car back and every e-mail sent. */
  async function rentedAndReturned() {
    await api(owner.token).call('savePrices', {
      body: {
        seasons: [],
        weeklyPercentOff: 0,
        monthlyPercentOff: 0,
        additionalDriverPerDay: 500,
        delivery: { airport: null, portmore: 2000, kingston: null },
        extras: [],
      },
    });
    const car = await addCar(t.app, owner.token, { plate: '4821 KX' } as never);
    const customer = await registerCustomer(t.app, { name: PERSON.name, email: PERSON.email });
    await api(customer.token).call('updateProfile', { body: { name: PERSON.name, phone: PERSON.phone } });
    await api(customer.token).call('saveDriver', {
      body: {
        licenceNumber: PERSON.licence,
        licenceCountry: 'Jamaica',
        licenceIssued: '2010-03-01',
        licenceExpires: PERSON.licenceExpires,
        dateOfBirth: PERSON.dateOfBirth,
      },
    });
    const form = formData({ kind: 'passport' }, [{ name: 'file', bytes: await cameraJpeg(400, 300), type: 'image/jpeg', filename: 'passport.jpg' }]);
    expect((await callWithStatus(t.app, customer.token, 'uploadDocument', { form })).status).toBe(201);
    await t.db.update(users).set({ vettingStatus: 'approved' }).where(eq(users.id, customer.user._id));

    const { booking } = await api(customer.token).call('createBooking', {
      body: {
        car: car._id,
        pickupDate: day(1),
        returnDate: day(2),
        paymentMethod: 'upfront',
        delivery: { place: 'portmore', address: PERSON.address },
      },
    });
    await api(customer.token).call('bookingDrivers', {
      params: { id: booking._id },
      body: {
        drivers: [
          {
            name: PERSON.otherDriver,
            licenceNumber: PERSON.otherLicence,
            licenceCountry: 'Jamaica',
            licenceIssued: '2009-01-01',
            licenceExpires: PERSON.otherLicenceExpires,
            dateOfBirth: PERSON.otherBirth,
          },
        ],
      },
    });
    await api(owner.token).call('changeStatus', { body: { bookingId: booking._id, status: 'confirmed' } });
    // Other drivers are named before the pickup day; the keys go out on it, so the booking's day is today now.
    await t.db
      .update(bookings)
      .set({ pickupDate: day(0) })
      .where(eq(bookings.id, booking._id));
    // Staff's own words name her too: a card slip and a bank deposit.
    await api(owner.token).call('recordPayment', {
      params: { id: booking._id },
      body: { method: 'card', amount: 5000, reference: `Visa 4242 ${PERSON.name}`, note: '' },
    });
    await api(owner.token).call('recordPayment', {
      params: { id: booking._id },
      body: { method: 'bank_deposit', amount: 3000, reference: 'NCB 88123', note: `Deposit slip signed by ${PERSON.name}` },
    });

    const out = await postCounter(
      t.app,
      owner.token,
      'checkOut',
      booking._id,
      await paidCheckOutForm(t.app, owner.token, booking._id, { licenceNumber: PERSON.licence, renterAddress: PERSON.address }),
    );
    expect(out.statusCode, out.body).toBe(200);
    const back = await postCounter(
      t.app,
      owner.token,
      'checkIn',
      booking._id,
      checkInForm({ odometerKm: 10_900, fuelEighths: 6, damages: [{ zone: 'left', description: `Dent, ${PERSON.name} says a cart hit it`, amount: 4000 }] }),
    );
    expect(back.statusCode, back.body).toBe(200);
    // The receipt's e-mail is the last of hers: once it is delivered, every one before it was tried.
    await sink.waitFor((mail) => mail.to.includes(PERSON.email) && /receipt/i.test(mail.subject), { timeoutMs: 30_000 });
    // An e-mail to staff about no one booking (a day's summary) that names her among others.
    await t.db.insert(outbox).values({
      kind: 'staff_daily_summary',
      recipient: 'desk@waterford.example.com',
      subject: 'Today',
      textBody: `Pickups: ${PERSON.name} (${PERSON.phone}); Marcia Lewis`,
      htmlBody: `<p>Pickups: ${PERSON.name}; Marcia Lewis</p>`,
    });
    return { customer, booking, car };
  }

  it('leaves none of their words in any table, stored PDF or later backup, and the books as they were', { timeout: 120_000 }, async () => {
    const { customer, booking, car } = await rentedAndReturned();
    const [before] = await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id));
    const agreementBefore = await pdfText(before!.agreementPdf);
    const receiptBefore = await pdfText(before!.receiptPdf!);
    const folioBefore = await folioOf(booking._id);
    const [bookingBefore] = await t.db
      .select({ price: bookings.price, paymentStatus: bookings.paymentStatus })
      .from(bookings)
      .where(eq(bookings.id, booking._id));

    // Their transfer on the bank's statement names them; the statement stays, their name does not.
    const account = { bankName: 'NCB', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: '354-1027-889', accountType: 'Chequing' };
    expect((await ownerCall(t.app, owner.token, 'PUT', '/api/owner/bank-details', account)).statusCode).toBe(200);
    const today = companyToday().replaceAll('-', '');
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>JMD\n<BANKTRANLIST>\n<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${today}\n<TRNAMT>5000.00\n<FITID>ER-1\n<NAME>TRANSFER FROM ${PERSON.name.toUpperCase()}\n<MEMO>${booking.reference}\n</STMTTRN>\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
    const statement = await callWithStatus(t.app, owner.token, 'uploadStatement', {
      form: formData({ bankAccount: account.accountNumber }, [
        { name: 'file', bytes: Buffer.from(ofx), filename: 'ncb.ofx', type: 'application/octet-stream' },
      ]),
    });
    expect(statement.status).toBe(201);

    // The search finds them where they are: the papers, the folio, the quote, the outbox, the driver details.
    expect(agreementBefore).toContain(PERSON.name);
    expect(agreementBefore).toContain(PERSON.licence);
    expect(agreementBefore).toContain(PERSON.otherDriver);
    expect(receiptBefore).toContain(PERSON.email);
    const everywhere = (await searchDatabase(t.db)).join('\n');
    for (const where of [
      'rentals.agreement_pdf',
      'rentals.receipt_pdf',
      'folio_lines.label',
      'folio_payments.note',
      'bookings.quote',
      'bookings.additional_drivers',
      'outbox.text_body',
      'driver_details.date_of_birth',
      'users.phone',
      'car_damages.description',
      'activity.after',
      'bank_statement_lines.description',
    ]) {
      expect(everywhere).toContain(where);
    }

    const erased = await callWithStatus(t.app, customer.token, 'deleteAccount', { body: { password: customer.password } });
    expect(erased.status).toBe(200);

    expect(await searchDatabase(t.db)).toEqual([]);
    const file = join(work, 'after-erasure.jsonl');
    await writeBackup(t.database.opened.raw, file);
    expect(await searchBackup(file)).toEqual([]);
    const csv = (await ownerCall(t.app, owner.token, 'GET', `${ROUTES.ownerBookingsCsv.path}?q=${booking.reference}`)).body;
    expect(csv).toContain(booking.reference);
    expect(found('csv', csv)).toEqual([]);

    // What the law makes the company keep.
    const [after] = await t.db.select().from(rentals).where(eq(rentals.bookingId, booking._id));
    expect(after!.receiptNumber).toBe(before!.receiptNumber);
    const agreementAfter = await pdfText(after!.agreementPdf);
    const receiptAfter = await pdfText(after!.receiptPdf!);
    for (const paper of [agreementAfter, receiptAfter]) {
      expect(paper).toContain(DELETED_CUSTOMER_NAME);
      expect(paper).toContain(booking.reference);
      expect(paper).toContain(`${car.brand} ${car.model} (${car.year})`);
      expect(paper).toContain('4821 KX');
      expect(paper).toContain(formatDay(day(0)));
      expect(paper).toContain(formatDay(day(2)));
      expect(paper).toContain('GCT');
    }
    expect(receiptAfter).toContain(before!.receiptNumber!);
    // Every amount, date and number the papers printed, they print still. The agreement's signing
    // certificate is made anew (its hashes, size and the erasure's moment: agreementSeal.test.ts).
    const agreementPages = (text: string) => text.split('Signing certificate')[0]!;
    expect(agreementAfter).toContain('Signing certificate');
    expect(numbers(agreementPages(agreementAfter))).toEqual(numbers(agreementPages(agreementBefore)));
    expect(numbers(receiptAfter)).toEqual(numbers(receiptBefore));
    const folioAfter = await folioOf(booking._id);
    expect(folioAfter.totals).toEqual(folioBefore.totals);
    expect(folioAfter.lines.map((l) => [l.kind, l.amount, l.gct, l.createdAt])).toEqual(folioBefore.lines.map((l) => [l.kind, l.amount, l.gct, l.createdAt]));
    expect(folioAfter.payments.map((p) => [p.kind, p.method, p.amount, p.createdAt])).toEqual(
      folioBefore.payments.map((p) => [p.kind, p.method, p.amount, p.createdAt]),
    );
    expect(folioAfter.lines.find((l) => l.kind === 'delivery')!.label).toBe('Delivery and collection: [erased]');
    // Others' words stay where hers are blotted out.
    const [summary] = await t.db.select({ text: outbox.textBody }).from(outbox).where(eq(outbox.subject, 'Today'));
    expect(summary!.text).toBe('Pickups: [erased] ([erased]); Marcia Lewis');
    const [bookingAfter] = await t.db
      .select({ price: bookings.price, paymentStatus: bookings.paymentStatus })
      .from(bookings)
      .where(eq(bookings.id, booking._id));
    expect(bookingAfter).toEqual(bookingBefore);
    // The customer's own copy is gone with the account; staff still read the papers.
    expect((await call(owner.token, 'GET', pathFor('receiptPdf', { id: booking._id }))).statusCode).toBe(200);
  });

  it('rewrites a folio’s words only while erasing, and never its money', async () => {
    const [line] = await queryRows<{ id: string }>(t.db, sql`SELECT id FROM folio_lines LIMIT 1`);
    /** What the database answered: drizzle wraps its error, the trigger's words are in the cause. */
    const refusal = async (work: Promise<unknown>) => {
      const err = await work.then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return err ? String(err.cause?.message ?? err.message) : 'done';
    };
    const erasing = (statement: ReturnType<typeof sql>) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('rental.erasing', 'on', true)`);
        await tx.execute(statement);
      });
    const where = sql`WHERE id = ${line!.id}`;
    expect(await refusal(t.db.execute(sql`UPDATE folio_lines SET label = 'x' ${where}`))).toMatch(/never changed or removed/);
    expect(await refusal(erasing(sql`UPDATE folio_lines SET amount = amount + 1 ${where}`))).toMatch(/never changed or removed/);
    expect(await refusal(erasing(sql`UPDATE folio_lines SET label = 'x', gct = gct + 1 ${where}`))).toMatch(/never changed or removed/);
    expect(await refusal(erasing(sql`DELETE FROM folio_lines ${where}`))).toMatch(/never changed or removed/);
    expect(await refusal(t.db.execute(sql`UPDATE activity SET after = '{}'`))).toMatch(/kept as written/);
    expect(await refusal(erasing(sql`UPDATE activity SET subject_id = 'x'`))).toMatch(/kept as written/);
    // The words alone, while erasing, do change.
    expect(await refusal(erasing(sql`UPDATE folio_lines SET label = label ${where}`))).toBe('done');
  });
});
