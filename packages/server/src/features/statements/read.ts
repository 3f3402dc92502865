/**
 * Reads an uploaded statement into lines, or refuses it with a code: OFX/QFX by ofx.ts, CSV by
 * csv-parse with the account's column mapping. Nothing here touches the database.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import {
  STATEMENT_PREVIEW_ROWS,
  STATEMENT_REFUSALS,
  type StatementDateFormat,
  type StatementFormat,
  type StatementMapping,
  type StatementRefusal,
} from '@rental/contract';
import { HttpError } from '../../http/errors';
import { OfxError, readOfx } from './ofx';

export interface ReadLine {
  /** The line's identity across uploads of the same account. */
  key: string;
  bankId: string;
  date: string;
  amount: number;
  description: string;
}

export interface ReadStatement {
  format: StatementFormat;
  /** Empty for a CSV: the account's currency is taken. */
  currency: string;
  lines: ReadLine[];
}

export function refusal(code: StatementRefusal, status = 422, detail?: string): HttpError {
  return new HttpError(status, detail ? `${STATEMENT_REFUSALS[code]} (${detail})` : STATEMENT_REFUSALS[code], code);
}

function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 127) return true;
  }
  return false;
}

/** Text, or a refusal: a file with NUL bytes or that is not UTF-8 (or Latin-1 text) is not a statement. */
export function statementText(file: Buffer): string {
  if (file.length === 0) throw refusal('statement_empty');
  if (file.includes(0)) throw refusal('statement_unreadable');
  // UTF-8, or else Windows-1252 (OFX 1.x files say CHARSET:1252; spreadsheets save CSV so too).
  let utf8: string;
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    utf8 = new TextDecoder('windows-1252').decode(file);
  }
  // Control characters other than tabs and line ends: a binary file.
  if (hasControlCharacters(utf8)) throw refusal('statement_unreadable');
  if (utf8.trim() === '') throw refusal('statement_empty');
  return utf8;
}

export function formatOf(text: string): StatementFormat {
  const head = text.slice(0, 2000);
  return /OFXHEADER|<OFX>|<\?OFX/i.test(head) ? 'ofx' : 'csv';
}

/** A decimal as the bank wrote it ("1,234.50", "(25.00)", "-25", "JMD 5,000") in whole dollars, or null. */
export function wholeDollars(value: string): number | null {
  let text = value
    .trim()
    .replace(/^[A-Z]{3}\s*/i, '')
    .replace(/\$/g, '')
    .replace(/,/g, '')
    .replace(/\s/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (/(CR)$/i.test(text)) text = text.slice(0, -2);
  else if (/(DR)$/i.test(text)) {
    sign = -sign;
    text = text.slice(0, -2);
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  // Whole dollars as the folio counts them: cents are rounded to the nearest dollar.
  return sign * Math.round(Number(text));
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A date in the mapping's format → YYYY-MM-DD, or null when it is not one. */
export function readDate(value: string, format: StatementDateFormat): string | null {
  const text = value
    .trim()
    .split(/[ T]\d{1,2}:\d{2}/)[0]!
    .trim();
  let d: string | undefined;
  let m: string | undefined;
  let y: string | undefined;
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
      if (match) [, y, m, d] = match;
      break;
    case 'DD/MM/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      if (match) [, d, m, y] = match;
      break;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      if (match) [, m, d, y] = match;
      break;
    case 'DD-MM-YYYY':
      match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
      if (match) [, d, m, y] = match;
      break;
    case 'DD-MMM-YYYY':
    case 'DD MMM YYYY':
      match = /^(\d{1,2})[ -]([A-Za-z]{3})[A-Za-z]*[ -](\d{4})$/.exec(text);
      if (match) {
        const month = MONTHS.indexOf(match[2]!.toUpperCase()) + 1;
        if (month > 0) [d, m, y] = [match[1], String(month), match[3]];
      }
      break;
  }
  if (!d || !m || !y) return null;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

// ---- OFX ----

function fromOfx(text: string): ReadStatement {
  let ofx;
  try {
    ofx = readOfx(text);
  } catch (err) {
    if (err instanceof OfxError) throw refusal('statement_unreadable', 422, `OFX: ${err.message}`);
    throw err;
  }
  const lines = ofx.transactions.map((trn): ReadLine => {
    const amount = wholeDollars(trn.amount);
    if (amount === null) throw refusal('statement_unreadable');
    const description = [trn.name, trn.memo]
      .filter((part) => part !== '')
      .join(' ')
      .slice(0, 500);
    return { key: `fitid:${trn.fitId}`.slice(0, 300), bankId: trn.fitId.slice(0, 200), date: trn.date, amount, description };
  });
  return { format: 'ofx', currency: ofx.currency, lines };
}

// ---- CSV ----

/** The rows of a CSV, its header first; a refusal when it is not one. */
export function csvRows(text: string): string[][] {
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, delimiter: [',', ';', '\t'] }) as string[][];
  } catch (err) {
    throw refusal('statement_unreadable', 422, err instanceof Error ? `CSV: ${err.message.slice(0, 120)}` : undefined);
  }
  // Some banks print the account's name and period above the table: the header is the first row
  // with a date-like column and at least three cells.
  const headerAt = rows.findIndex((row) => row.length >= 3 && row.some((cell) => /date/i.test(cell)));
  if (headerAt < 0) throw refusal('statement_unreadable', 422, 'no header row with a date column');
  return rows.slice(headerAt);
}

export function csvPreview(text: string): { headers: string[]; rows: string[][] } {
  const [headers, ...rows] = csvRows(text);
  return { headers: headers!, rows: rows.slice(0, STATEMENT_PREVIEW_ROWS) };
}

/** A mapping guessed from a header's words (NCB's, Scotiabank's and the like), for the preview. */
export function guessMapping(headers: readonly string[]): StatementMapping | null {
  const find = (...words: RegExp[]) => headers.find((h) => words.some((w) => w.test(h)));
  const date = find(/^(transaction |posting |value )?date$/i, /date/i);
  const description = find(/description/i, /narrative/i, /details/i, /particulars/i, /memo/i);
  const credit = find(/^credit/i, /deposit/i, /money in/i, /^cr\b/i);
  const debit = find(/^debit/i, /withdrawal/i, /money out/i, /^dr\b/i);
  const amount = find(/^amount/i);
  const reference = find(/reference/i, /^ref/i, /transaction id/i);
  const balance = find(/balance/i);
  if (!date || !description || (!credit && !amount)) return null;
  return {
    date,
    description,
    ...(credit ? { credit, ...(debit && { debit }) } : { amount: amount! }),
    ...(reference && { reference }),
    ...(balance && { balance }),
    dateFormat: 'DD/MM/YYYY',
  };
}

function fromCsv(text: string, mapping: StatementMapping): ReadStatement {
  const [headers, ...rows] = csvRows(text);
  const column = (name: string | undefined): number | undefined => {
    if (name === undefined) return undefined;
    const at = headers!.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase());
    if (at < 0) throw refusal('statement_mapping_unfit', 422, `no column "${name}"`);
    return at;
  };
  const at = {
    date: column(mapping.date)!,
    description: column(mapping.description)!,
    amount: column(mapping.amount),
    credit: column(mapping.credit),
    debit: column(mapping.debit),
    reference: column(mapping.reference),
    balance: column(mapping.balance),
  };
  const seen = new Map<string, number>();
  const lines: ReadLine[] = [];
  rows.forEach((row, n) => {
    const cell = (i: number | undefined) => (i === undefined ? '' : (row[i] ?? '').trim());
    const rowNumber = n + 2;
    const date = readDate(cell(at.date), mapping.dateFormat);
    // A closing line ("Balance carried forward") has no date: it is not a transaction.
    if (date === null) {
      if (cell(at.date) === '' || !/\d/.test(cell(at.date))) return;
      throw refusal('statement_mapping_unfit', 422, `row ${rowNumber}: the date "${cell(at.date).slice(0, 20)}" is not ${mapping.dateFormat}`);
    }
    let amount: number | null;
    if (at.amount !== undefined) {
      amount = wholeDollars(cell(at.amount));
    } else {
      const credit = cell(at.credit) === '' ? 0 : wholeDollars(cell(at.credit));
      const debit = cell(at.debit) === '' ? 0 : wholeDollars(cell(at.debit));
      amount = credit === null || debit === null ? null : Math.abs(credit) - Math.abs(debit);
    }
    if (amount === null) throw refusal('statement_mapping_unfit', 422, `row ${rowNumber}: the amount is not a number`);
    const description = cell(at.description).slice(0, 500);
    const bankRef = cell(at.reference);
    const balance = cell(at.balance);
    // The same date, amount, description and running balance twice in a file are two lines: the
    // occurrence counts in the key, so an overlapping upload finds each again.
    const base = [date, amount, description, balance, bankRef].join('\u001F');
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    const key = `csv:${createHash('sha256').update(`${base}\u001F${occurrence}`).digest('hex')}`;
    lines.push({ key, bankId: (bankRef || key.slice(4, 16)).slice(0, 200), date, amount, description });
  });
  return { format: 'csv', currency: '', lines };
}

/** The statement's lines; a refusal when the file is not one or the mapping does not fit it. */
export function readStatement(text: string, mapping: StatementMapping | null): ReadStatement {
  if (formatOf(text) === 'ofx') return fromOfx(text);
  if (!mapping) throw refusal('statement_mapping_needed');
  return fromCsv(text, mapping);
}
