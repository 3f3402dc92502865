/**
 * The books' spreadsheets, written as every staff spreadsheet is (SPREADSHEET_CSV: a label or a
 * memo is staff's words, never run as a formula).
 */
import { type GctMonth, ledgerAmount } from '@rental/contract';
import { stringify } from 'csv-stringify/sync';
import { SPREADSHEET_CSV } from '../../http/spreadsheet';
import type { GctLine } from './gct';

/** A cell: words, or an amount in whole units (written with two decimals, and a minus that is never taken for a formula). */
export type Cell = string | number;

export function csvText(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header, ...rows], { ...SPREADSHEET_CSV, cast: { number: ledgerAmount } });
}

export const GCT_HEADER = ['Date', 'Reference', 'Kind', 'What', 'Amount before GCT', 'GCT', 'Voids a line', 'Reason'];

/** The month's lines, then its totals as the report gives them (a blank row between). */
export function gctCsvRows(lines: readonly GctLine[], report: GctMonth): Cell[][] {
  const total = (what: string, amount: number): Cell[] => ['', '', '', what, amount, '', '', ''];
  return [
    ...lines.map((line) => [line.day, line.reference, line.kind, line.label, line.amount, line.gct, line.voids ? 'yes' : '', line.reason]),
    ['', '', '', '', '', '', '', ''],
    total(`Taxable charges (${report.currency})`, report.taxableCharges),
    total('GCT charged', report.gctCharged),
    total('Taxable amounts given back (voids, discounts)', report.taxableCredits),
    total('GCT given back', report.gctCredited),
    total('Net GCT for the month', report.netGct),
    total('Charges without GCT', report.untaxedCharges),
    ['', '', '', `TRN ${report.trn || '(not given in company settings)'}`, '', '', '', ''],
  ];
}
