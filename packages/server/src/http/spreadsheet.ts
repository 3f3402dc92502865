/**
 * How every spreadsheet the staff download is written, so each opens as is in Excel and Google
 * Sheets: UTF-8 with a byte order mark, CRLF, every field quoted (empty ones too), and a cell that
 * starts with = + - or @ given an apostrophe, so a name or a memo is shown as text, never run as a
 * formula.
 */
import type { Options } from 'csv-stringify';

export const SPREADSHEET_CSV = {
  bom: true,
  record_delimiter: 'windows',
  quoted: true,
  quoted_empty: true,
  escape_formulas: true,
} as const satisfies Options;
