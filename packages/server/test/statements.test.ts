/**
 * Bank statements matched to bookings (docs/decisions/113): owners and managers upload the bank's
 * OFX (1.x SGML, 2.x XML) or CSV; each credit is matched to a booking by its reference (certain) or
 * by amount and the renter's name (likely); applied lines are bank deposits in the folio, once per
 * bank line whatever the uploads or the staff applying at once; bad files are refused, nothing kept.
 */
import { addDays, companyToday, STATEMENT_REFUSALS, type Statement, type StatementMapping } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireHolds } from '../src/features/bookings';
import { queryRows } from '../src/db/types';
import {
  type Account,
  bookCar,
  callWithStatus,
  createOwner,
  createStaff,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day, ownerCall } from './support/fleet';
import { formData } from './support/multipart';

const NCB = '354-1027-889';
const SCOTIA = '800 551 2233';
const BANK = {
  bankName: 'NCB',
  accountHolderName: 'Waterford Rentals Ltd',
  branch: 'Portmore',
  accountNumber: NCB,
  accountType: 'Chequing',
  otherAccounts: [{ bankName: 'Scotiabank', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: SCOTIA, accountType: 'Savings' }],
};

const ago = (n: number) => addDays(companyToday(), -n);
const ofxDate = (date: string) => `${date.replaceAll('-', '')}120000`;

interface Trn {
  fitId: string;
  date: string;
  amount: string;
  name: string;
  memo?: string;
}

/** An OFX 1.x statement as a bank's online banking exports it: SGML, leaves unclosed. */
function ofxSgml(trns: Trn[], currency = 'JMD'): string {
  const body = trns
    .map(
      (t) =>
        `<STMTTRN>\n<TRNTYPE>${t.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${ofxDate(t.date)}\n<TRNAMT>${t.amount}\n<FITID>${t.fitId}\n<NAME>${t.name}\n${t.memo ? `<MEMO>${t.memo}\n` : ''}</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>${ofxDate(ago(0))}\n<LANGUAGE>ENG\n</SONRS>\n</SIGNONMSGSRSV1>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n<CURDEF>${currency}\n<BANKACCTFROM>\n<BANKID>JNCB\n<ACCTID>3541027889\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n<BANKTRANLIST>\n<DTSTART>${ofxDate(ago(30))}\n<DTEND>${ofxDate(ago(0))}\n${body}\n</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>100000.00\n<DTASOF>${ofxDate(ago(0))}\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

/** The same as OFX 2.x: XML, every element closed, entities escaped. */
function ofxXml(trns: Trn[], currency = 'JMD'): string {
  const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = trns
    .map(
      (t) =>
        `<STMTTRN><TRNTYPE>${t.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}</TRNTYPE><DTPOSTED>${ofxDate(t.date)}[-5:EST]</DTPOSTED><TRNAMT>${t.amount}</TRNAMT><FITID>${t.fitId}</FITID><NAME>${esc(t.name)}</NAME>${t.memo ? `<MEMO>${esc(t.memo)}</MEMO>` : ''}</STMTTRN>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>${ofxDate(ago(0))}</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>${currency}</CURDEF><BANKACCTFROM><BANKID>JNCB</BANKID><ACCTID>3541027889</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST>\n${body}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

/** A Scotiabank-like CSV: a title row, then Date, Description, Withdrawals, Deposits, Balance; dates day first. */
function scotiaCsv(rows: { date: string; description: string; credit?: number; debit?: number; balance: number }[]): string {
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const money = (n: number | undefined) => (n === undefined ? '' : `"${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}"`);
  const lines = rows.map((r) => `${dmy(r.date)},"${r.description}",${money(r.debit)},${money(r.credit)},${money(r.balance)}`);
  return `Account Statement - 800551 2233\nTransaction Date,Description,Withdrawals,Deposits,Balance\n${lines.join('\n')}\n`;
}
const SCOTIA_MAPPING: StatementMapping = {
  date: 'Transaction Date',
  description: 'Description',
  credit: 'Deposits',
  debit: 'Withdrawals',
  balance: 'Balance',
  dateFormat: 'DD/MM/YYYY',
};

/** How a customer may write a reference: lower case, spaces where they like. */
const scribbled = (reference: string) => `${reference.slice(0, 2).toLowerCase()} ${reference.slice(3, 6).toLowerCase()} ${reference.slice(6).toLowerCase()}`;

describe(`bank statements matched to bookings (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let manager: Account;
  let carId: string;
  let dayOffset = 20;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Owner Statements' });
    manager = await createStaff(t.app, 'manager', { name: 'Manager Statements' });
    expect((await ownerCall(t.app, owner.token, 'PUT', '/api/owner/bank-details', BANK)).statusCode).toBe(200);
    carId = (await addCar(t.app, owner.token))._id;
  });
  afterAll(() => t?.close());

  async function booking(name = 'Jane Brown') {
    const customer = await registerCustomer(t.app, { name });
    dayOffset += 3;
    const made = await bookCar(t.app, customer.token, carId, day(dayOffset), day(dayOffset + 1), 'cash_deposit');
    return { id: made._id, reference: made.reference as string, balance: await balanceOf(made._id) };
  }
  const folio = async (id: string) => (await testApi(t.app, owner.token).call('folio', { params: { id } })).folio;
  const balanceOf = async (id: string) => (await folio(id)).totals.balance;
  const bankPayments = (id: string) =>
    queryRows<{ amount: number; reference: string }>(
      t.db,
      sql`SELECT amount, reference FROM folio_payments WHERE booking_id = ${id} AND method = 'bank_deposit'`,
    );

  const upload = (token: string, text: string | Buffer, bankAccount = NCB, mapping?: StatementMapping, filename = 'statement.ofx') =>
    callWithStatus(t.app, token, 'uploadStatement', {
      form: formData({ bankAccount, ...(mapping && { mapping: JSON.stringify(mapping) }) }, [
        { name: 'file', bytes: Buffer.isBuffer(text) ? text : Buffer.from(text), filename, type: 'application/octet-stream' },
      ]),
    });
  const uploaded = async (text: string | Buffer, bankAccount = NCB, mapping?: StatementMapping, filename?: string): Promise<Statement> => {
    const { status, answer } = await upload(manager.token, text, bankAccount, mapping, filename);
    expect(status).toBe(201);
    return answer.statement;
  };
  const apply = (token: string, id: string, body: { lineIds?: string[]; lines?: { lineId: string; reference: string }[] }) =>
    testApi(t.app, token).call('applyStatement', { params: { id }, body });
  const lineOf = (statement: Statement, description: string) => statement.lines.find((l) => l.description.includes(description))!;
  const statementCount = async () => Number((await queryRows<{ n: string }>(t.db, sql`SELECT count(*) AS n FROM bank_statements`))[0]!.n);

  it('matches an OFX 1.x: a reference written any way is certain for the balance or a part, the name and amount likely; debits ignored', async () => {
    const whole = await booking('Marcia Campbell');
    const part = await booking('Devon Thompson');
    const byName = await booking('Shanique Whyte');
    const text = ofxSgml([
      { fitId: 'N-1001', date: ago(3), amount: `${whole.balance}.00`, name: 'CASH DEPOSIT', memo: `${scribbled(whole.reference)} thanks` },
      { fitId: 'N-1002', date: ago(2), amount: `${part.balance - 1000}.00`, name: `TRF ${part.reference.replace('-', '')} D THOMPSON` },
      { fitId: 'N-1003', date: ago(2), amount: `${byName.balance}.00`, name: 'TRANSFER FROM SHANIQUE WHYTE' },
      { fitId: 'N-1004', date: ago(1), amount: '-2500.00', name: 'BANK CHARGES &amp; FEES' },
      { fitId: 'N-1005', date: ago(1), amount: '777.00', name: 'UNKNOWN DEPOSIT' },
    ]);
    const statement = await uploaded(text);
    expect(statement.lines).toHaveLength(5);
    expect(lineOf(statement, 'CASH DEPOSIT')).toMatchObject({
      amount: whole.balance,
      state: 'open',
      bankId: 'N-1001',
      match: { bookingId: whole.id, confidence: 'certain' },
    });
    expect(lineOf(statement, 'CASH DEPOSIT').match!.reason).toContain('balance');
    expect(lineOf(statement, 'THOMPSON').match).toMatchObject({ bookingId: part.id, confidence: 'certain' });
    expect(lineOf(statement, 'THOMPSON').match!.reason).toContain('part of the balance');
    expect(lineOf(statement, 'WHYTE').match).toMatchObject({ bookingId: byName.id, reference: byName.reference, confidence: 'likely' });
    expect(lineOf(statement, 'WHYTE').match!.reason).toContain('Shanique Whyte');
    expect(lineOf(statement, 'FEES')).toMatchObject({ amount: -2500, state: 'ignored', match: null, description: 'BANK CHARGES & FEES' });
    expect(lineOf(statement, 'UNKNOWN')).toMatchObject({ state: 'open', match: null });

    // Accept all certain: the whole balance paid, the part paid lowers the balance; each in the booking's history.
    const certain = statement.lines.filter((l) => l.match?.confidence === 'certain' && l.state === 'open').map((l) => l.id);
    const done = await apply(manager.token, statement.id, { lineIds: certain });
    expect(done.applied).toBe(2);
    expect(done.statement.lines.filter((l) => l.state === 'applied')).toHaveLength(2);
    expect((await folio(whole.id)).paymentStatus).toBe('paid');
    const partFolio = await folio(part.id);
    expect(partFolio.paymentStatus).toBe('part_paid');
    expect(partFolio.totals.balance).toBe(1000);
    expect(await bankPayments(part.id)).toEqual([{ amount: part.balance - 1000, reference: 'N-1002' }]);
    const history = await testApi(t.app, owner.token).call('bookingHistory', { params: { id: whole.id } });
    expect(JSON.stringify(history)).toContain('payment_recorded');

    // The page comes back: the statement and the list read it again.
    const again = await testApi(t.app, manager.token).call('statement', { params: { id: statement.id } });
    expect(again.statement.lines.map((l) => l.state)).toEqual(['applied', 'applied', 'open', 'ignored', 'open']);
    const listed = await testApi(t.app, owner.token).call('statements');
    expect(listed.statements.find((s) => s.id === statement.id)).toMatchObject({ lineCount: 5, openCredits: 2, format: 'ofx', currency: 'JMD' });
  });

  it('does not make two deposits of the whole balance both certain: the second is to check, so accepting all pays the booking once', async () => {
    const twice = await booking('Kadian Reid');
    const text = ofxSgml([
      { fitId: 'T-2001', date: ago(2), amount: `${twice.balance - 5000}.00`, name: `PART ${twice.reference}` },
      { fitId: 'T-2002', date: ago(2), amount: '5000.00', name: `REST ${twice.reference}` },
      { fitId: 'T-2003', date: ago(1), amount: `${twice.balance}.00`, name: `AGAIN ${twice.reference}` },
    ]);
    const statement = await uploaded(text);
    expect(lineOf(statement, 'PART').match).toMatchObject({ bookingId: twice.id, confidence: 'certain' });
    expect(lineOf(statement, 'REST').match).toMatchObject({ bookingId: twice.id, confidence: 'certain' });
    expect(lineOf(statement, 'REST').match!.reason).toContain('after the lines above in this statement');
    expect(lineOf(statement, 'AGAIN').match).toMatchObject({ bookingId: twice.id, confidence: 'likely' });
    expect(lineOf(statement, 'AGAIN').match!.reason).toContain('owes nothing after the lines above in this statement');
    const certain = statement.lines.filter((l) => l.match?.confidence === 'certain').map((l) => l.id);
    expect((await apply(manager.token, statement.id, { lineIds: certain })).applied).toBe(2);
    expect((await folio(twice.id)).totals.balance).toBe(0);
  });

  it('applies a bank line once across overlapping uploads (OFX 2.x after 1.x), and a line assigned by hand', async () => {
    const b = await booking('Andre Williams');
    const other = await booking('Kerry-Ann Lewis');
    const first = await uploaded(ofxSgml([{ fitId: 'X-2001', date: ago(5), amount: `${b.balance - 500}`, name: `DEP ${b.reference}` }]));
    expect((await apply(manager.token, first.id, { lineIds: [first.lines[0]!.id] })).applied).toBe(1);

    // The next month's file repeats the line (same FITID) and adds one paid with no reference.
    const second = await uploaded(
      ofxXml([
        { fitId: 'X-2001', date: ago(5), amount: `${b.balance - 500}.00`, name: `DEP ${b.reference}` },
        { fitId: 'X-2002', date: ago(1), amount: '3000.00', name: 'ATM DEPOSIT', memo: 'car hire <Portmore>' },
      ]),
    );
    expect(second.lines[0]!.state).toBe('applied');
    expect(second.lines[1]).toMatchObject({ description: 'ATM DEPOSIT car hire <Portmore>', match: null, state: 'open' });
    const again = await apply(manager.token, second.id, { lineIds: [second.lines[0]!.id] });
    expect(again.applied).toBe(0);
    expect(await bankPayments(b.id)).toHaveLength(1);

    // An unmatched line: refused until it is assigned, then assigned by hand to a booking by its reference, as typed.
    expect((await refusalOf(apply(manager.token, second.id, { lineIds: [second.lines[1]!.id] }))).answer).toMatchObject({ code: 'statement_line_unmatched' });
    const unknown = await refusalOf(apply(manager.token, second.id, { lines: [{ lineId: second.lines[1]!.id, reference: 'WR-ZZZZZZ' }] }));
    expect(unknown).toMatchObject({ status: 422, answer: { code: 'statement_booking_unknown' } });
    const byHand = await apply(manager.token, second.id, { lines: [{ lineId: second.lines[1]!.id, reference: scribbled(other.reference) }] });
    expect(byHand.applied).toBe(1);
    expect(byHand.statement.lines[1]).toMatchObject({ state: 'applied', match: { bookingId: other.id, reference: other.reference } });
    expect(await bankPayments(other.id)).toEqual([{ amount: 3000, reference: 'X-2002' }]);
  });

  it('records a line once when two staff apply it at the same moment', async () => {
    const b = await booking('Tanya Reid');
    const statement = await uploaded(ofxSgml([{ fitId: 'C-3001', date: ago(1), amount: `${b.balance}`, name: `CASH DEP ${b.reference}` }]));
    const lineIds = [statement.lines[0]!.id];
    const [a, c] = await Promise.all([apply(owner.token, statement.id, { lineIds }), apply(manager.token, statement.id, { lineIds })]);
    expect(a.applied + c.applied).toBe(1);
    expect(await bankPayments(b.id)).toHaveLength(1);
    expect((await folio(b.id)).totals.balance).toBe(0);
  });

  it('moves a pending booking on: once paid its hold no longer runs out', async () => {
    const b = await booking('Omar Grant');
    const statement = await uploaded(ofxSgml([{ fitId: 'P-4001', date: ago(0), amount: `${b.balance}`, name: `${b.reference}` }]));
    await apply(manager.token, statement.id, { lineIds: [statement.lines[0]!.id] });
    await t.db.execute(sql`UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = ${b.id}`);
    await expireHolds(t.db, t.app.events);
    const [row] = await queryRows<{ status: string; paymentStatus: string }>(
      t.db,
      sql`SELECT status, payment_status AS "paymentStatus" FROM bookings WHERE id = ${b.id}`,
    );
    expect(row).toEqual({ status: 'pending', paymentStatus: 'paid' });
  });

  it('reads a bank CSV with a mapping chosen once from a preview, remembered for the account; re-uploads applied once', async () => {
    const b = await booking('Ricardo Palmer');
    const rows = [
      { date: ago(4), description: `LODGEMENT ${scribbled(b.reference)}`, credit: b.balance, balance: 50_000 + b.balance },
      { date: ago(3), description: 'SERVICE CHARGE', debit: 350, balance: 49_650 + b.balance },
    ];
    const csv = scotiaCsv(rows);
    const form = formData({ bankAccount: SCOTIA }, [{ name: 'file', bytes: Buffer.from(csv), filename: 'scotia.csv', type: 'text/csv' }]);
    const preview = await testApi(t.app, manager.token).call('previewStatement', { form });
    expect(preview).toMatchObject({ format: 'csv', headers: ['Transaction Date', 'Description', 'Withdrawals', 'Deposits', 'Balance'], remembered: false });
    expect(preview.rows[0]![1]).toContain('LODGEMENT');
    expect(preview.mapping).toMatchObject({ date: 'Transaction Date', credit: 'Deposits', debit: 'Withdrawals' });

    const needed = await refusalOf(upload(manager.token, csv, SCOTIA, undefined, 'scotia.csv'));
    expect(needed).toMatchObject({ status: 422, answer: { code: 'statement_mapping_needed' } });
    const unfit = await refusalOf(upload(manager.token, csv, SCOTIA, { ...SCOTIA_MAPPING, credit: 'Money In' }, 'scotia.csv'));
    expect(unfit).toMatchObject({ status: 422, answer: { code: 'statement_mapping_unfit' } });
    const wrongDates = await refusalOf(upload(manager.token, csv, SCOTIA, { ...SCOTIA_MAPPING, dateFormat: 'YYYY-MM-DD' }, 'scotia.csv'));
    expect(wrongDates.answer).toMatchObject({ code: 'statement_mapping_unfit' });

    const first = await uploaded(csv, SCOTIA, SCOTIA_MAPPING, 'scotia.csv');
    expect(first.lines.map((l) => [l.amount, l.state])).toEqual([
      [b.balance, 'open'],
      [-350, 'ignored'],
    ]);
    expect(first.lines[0]!.match).toMatchObject({ bookingId: b.id, confidence: 'certain' });
    await apply(manager.token, first.id, { lineIds: [first.lines[0]!.id] });

    // Remembered: the next file of the account needs no mapping; its first line is the same bank line.
    const remembered = await testApi(t.app, manager.token).call('previewStatement', { form });
    expect(remembered).toMatchObject({ remembered: true, mapping: SCOTIA_MAPPING });
    const more = scotiaCsv([...rows, { date: ago(1), description: 'LODGEMENT NO REF', credit: 1200, balance: 50_850 + b.balance }]);
    const second = await uploaded(more, SCOTIA, undefined, 'scotia2.csv');
    expect(second.lines.map((l) => l.state)).toEqual(['applied', 'ignored', 'open']);
    expect((await apply(manager.token, second.id, { lineIds: [second.lines[0]!.id] })).applied).toBe(0);
    expect(await bankPayments(b.id)).toHaveLength(1);
  });

  it("reads an NCB-like CSV: one signed amount column, the bank's reference, dates as 02-Nov-2026", async () => {
    const b = await booking('Patrice Morgan');
    const mon = (iso: string) =>
      `${iso.slice(8, 10)}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
    const csv = [
      'Date,Description,Reference,Amount,Balance',
      `${mon(ago(2))},"IB TRF ${b.reference.replace('-', ' ')}",FT2611020001,"${(b.balance - 2000).toLocaleString('en-US')}.00","90,000.00"`,
      `${mon(ago(1))},"POS PURCHASE HI-LO",FT2611030002,-1520.75,"88,479.25"`,
      ',Closing balance,,,"88,479.25"',
    ].join('\r\n');
    const mapping: StatementMapping = {
      date: 'Date',
      description: 'Description',
      amount: 'Amount',
      reference: 'Reference',
      balance: 'Balance',
      dateFormat: 'DD-MMM-YYYY',
    };
    const statement = await uploaded(csv, NCB, mapping, 'ncb.csv');
    expect(statement.lines).toHaveLength(2);
    expect(statement.lines[0]).toMatchObject({
      amount: b.balance - 2000,
      bankId: 'FT2611020001',
      state: 'open',
      match: { bookingId: b.id, confidence: 'certain' },
    });
    expect(statement.lines[1]).toMatchObject({ amount: -1521, state: 'ignored', match: null });
    const done = await apply(owner.token, statement.id, { lineIds: [statement.lines[0]!.id] });
    expect(done.applied).toBe(1);
    expect(await bankPayments(b.id)).toEqual([{ amount: b.balance - 2000, reference: 'FT2611020001' }]);
    expect((await folio(b.id)).totals.balance).toBe(2000);
  });

  it('refuses bad files in plain words with a code, and stores nothing', async () => {
    const before = await statementCount();
    const refused = async (file: string | Buffer, code: keyof typeof STATEMENT_REFUSALS, status = 422, bankAccount = NCB) => {
      const res = await refusalOf(upload(manager.token, file, bankAccount));
      expect(res.status, code).toBe(status);
      expect(res.answer, code).toMatchObject({ success: false, code });
      expect(String(res.answer!.message)).toContain(STATEMENT_REFUSALS[code]);
    };
    const good = ofxSgml([{ fitId: 'B-1', date: ago(1), amount: '100.00', name: 'X' }]);
    await refused('', 'statement_empty');
    await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'statement_unreadable');
    await refused(good.replace('</BANKTRANLIST>', '').replace('</OFX>', ''), 'statement_unreadable');
    await refused(good.replace('<TRNAMT>100.00', '<TRNAMT>ten'), 'statement_unreadable');
    await refused(ofxSgml([]), 'statement_no_lines');
    await refused(ofxSgml([{ fitId: 'B-2', date: ago(1), amount: '100.00', name: 'X' }], 'USD'), 'statement_currency');
    await refused(ofxXml([{ fitId: 'B-3', date: addDays(companyToday(), 2), amount: '100.00', name: 'X' }]), 'statement_future_dates');
    await refused(good, 'statement_bank_account_unknown', 422, '111 222 333');
    await refused(Buffer.alloc(6 * 1024 * 1024, 'a'), 'statement_too_large', 413);
    await refused(Buffer.alloc(50 * 1024 * 1024, 'a'), 'statement_too_large', 413);
    expect(await statementCount()).toBe(before);
  });

  it('is for owners and managers: a counter agent and a customer are refused', async () => {
    const agent = await createStaff(t.app, 'agent');
    const customer = await registerCustomer(t.app);
    const good = ofxSgml([{ fitId: 'A-1', date: ago(1), amount: '100.00', name: 'X' }]);
    const listed = await uploaded(good);
    for (const who of [agent, customer]) {
      expect((await refusalOf(upload(who.token, good))).status).toBe(403);
      expect((await refusalOf(testApi(t.app, who.token).call('statements'))).status).toBe(403);
      expect((await refusalOf(testApi(t.app, who.token).call('statement', { params: { id: listed.id } }))).status).toBe(403);
      expect((await refusalOf(apply(who.token, listed.id, { lineIds: [listed.lines[0]!.id] }))).status).toBe(403);
    }
  });
});
