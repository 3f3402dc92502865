/**
 * Reading a bank's files (features/statements): our OFX reader takes 1.x SGML (leaves unclosed) and
 * 2.x XML alike; amounts become whole dollars, dates are read in the mapping's format, and a
 * reference is found in a description however it is written.
 */
import { describe, expect, it } from 'vitest';
import { referenceFrom, referencesIn } from '../src/features/statements/match';
import { OfxError, readOfx } from '../src/features/statements/ofx';
import { guessMapping, readDate, statementText, wholeDollars } from '../src/features/statements/read';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<BANKMSGSRSV1><STMTTRNRS><STMTRS>
<CURDEF>JMD
<BANKTRANLIST>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261102120000[-5:EST]
<TRNAMT>12500.00
<FITID>2026110200001
<NAME>JANE BROWN &amp; CO
<MEMO>wr 7k2 m9x
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261103
<TRNAMT>-350.00
<FITID>2026110300002
<NAME>SERVICE CHARGE
</STMTTRN>
</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;

describe('our OFX reader', () => {
  it('reads OFX 1.x SGML, its leaves unclosed', () => {
    const ofx = readOfx(SGML);
    expect(ofx.currency).toBe('JMD');
    expect(ofx.transactions).toEqual([
      { type: 'CREDIT', date: '2026-11-02', amount: '12500.00', fitId: '2026110200001', name: 'JANE BROWN & CO', memo: 'wr 7k2 m9x', checkNum: '', refNum: '' },
      { type: 'DEBIT', date: '2026-11-03', amount: '-350.00', fitId: '2026110300002', name: 'SERVICE CHARGE', memo: '', checkNum: '', refNum: '' },
    ]);
  });

  it('reads OFX 2.x XML, with entities, CDATA and comments', () => {
    const xml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><!-- bank export --><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKTRANLIST>
      <STMTTRN><TRNTYPE>DEP</TRNTYPE><DTPOSTED>20261001</DTPOSTED><TRNAMT>25.5</TRNAMT><FITID>A&lt;1</FITID><NAME><![CDATA[R&D <ltd>]]></NAME><MEMO/></STMTTRN>
      </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const ofx = readOfx(xml);
    expect(ofx.currency).toBe('USD');
    expect(ofx.transactions[0]).toMatchObject({ type: 'DEP', date: '2026-10-01', amount: '25.5', fitId: 'A<1', name: 'R&D <ltd>', memo: '' });
  });

  it('refuses what is not an OFX statement', () => {
    expect(() => readOfx('Date,Description\n')).toThrow(OfxError);
    expect(() => readOfx(SGML.replace('</OFX>', ''))).toThrow(OfxError);
    expect(() => readOfx(SGML.replace('</STMTRS>', '</NOPE>'))).toThrow(OfxError);
    expect(() => readOfx(SGML.replace('<FITID>2026110200001\n', ''))).toThrow(/FITID/);
    expect(() => readOfx(SGML.replace('<DTPOSTED>20261103', '<DTPOSTED>3 Nov'))).toThrow(/date/);
    expect(() => readOfx(SGML.replace('-350.00', 'minus'))).toThrow(/amount/);
  });
});

describe('a file as text', () => {
  it('reads UTF-8, or else Windows-1252 as OFX 1.x files and spreadsheets write it', () => {
    expect(statementText(Buffer.from('\uFEFFDate,Description\nJosé', 'utf8'))).toBe('Date,Description\nJosé');
    expect(statementText(Buffer.from([0x4a, 0x6f, 0x73, 0xe9]))).toBe('José');
  });

  it('refuses an empty or binary file', () => {
    expect(() => statementText(Buffer.alloc(0))).toThrow(expect.objectContaining({ code: 'statement_empty' }));
    expect(() => statementText(Buffer.from('  \n '))).toThrow(expect.objectContaining({ code: 'statement_empty' }));
    expect(() => statementText(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(expect.objectContaining({ code: 'statement_unreadable' }));
    expect(() => statementText(Buffer.from('abc\u0002def'))).toThrow(expect.objectContaining({ code: 'statement_unreadable' }));
  });
});

describe("a CSV's cells", () => {
  it('reads amounts as banks write them, in whole dollars', () => {
    expect(wholeDollars('12,500.00')).toBe(12500);
    expect(wholeDollars('JMD 5,000.49')).toBe(5000);
    expect(wholeDollars('$99.50')).toBe(100);
    expect(wholeDollars('(350.00)')).toBe(-350);
    expect(wholeDollars('350.00 DR')).toBe(-350);
    expect(wholeDollars('-25')).toBe(-25);
    expect(wholeDollars('')).toBeNull();
    expect(wholeDollars('n/a')).toBeNull();
  });

  it('reads dates in the format chosen, refusing days that do not exist', () => {
    expect(readDate('02/11/2026', 'DD/MM/YYYY')).toBe('2026-11-02');
    expect(readDate('11/02/2026', 'MM/DD/YYYY')).toBe('2026-11-02');
    expect(readDate('2026-11-02 14:05', 'YYYY-MM-DD')).toBe('2026-11-02');
    expect(readDate('2-Nov-2026', 'DD-MMM-YYYY')).toBe('2026-11-02');
    expect(readDate('02 November 2026', 'DD MMM YYYY')).toBe('2026-11-02');
    expect(readDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(readDate('2026-11-02', 'DD/MM/YYYY')).toBeNull();
  });

  it("guesses NCB's and Scotiabank's columns for the preview", () => {
    expect(guessMapping(['Date', 'Description', 'Debit', 'Credit', 'Balance'])).toEqual({
      date: 'Date',
      description: 'Description',
      credit: 'Credit',
      debit: 'Debit',
      balance: 'Balance',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(guessMapping(['Transaction Date', 'Narrative', 'Amount', 'Reference'])).toMatchObject({ amount: 'Amount', reference: 'Reference' });
    expect(guessMapping(['When', 'What'])).toBeNull();
  });
});

describe('a booking reference in words', () => {
  it('is found whatever the case, spaces or dashes', () => {
    expect(referencesIn('Cash dep wr 7k2 m9x thanks')).toEqual(['WR-7K2M9X']);
    expect(referencesIn('TRF/WR-7K2M9X/JANE')).toEqual(['WR-7K2M9X']);
    expect(referencesIn('WR7K2M9XWR-ABCDEF')).toEqual(['WR-7K2M9X', 'WR-ABCDEF']);
    expect(referencesIn('WRONG TRANSFER')).toEqual([]);
    expect(referenceFrom(' wr-7k2m9x ')).toBe('WR-7K2M9X');
    expect(referenceFrom('7K2M9X')).toBeNull();
  });
});
