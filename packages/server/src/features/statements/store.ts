/**
 * A statement's life in the database: read and matched as it is uploaded (nothing stored when it
 * is refused), read back, and applied: each line a bank deposit in its booking's folio, once per
 * bank line and account (bank_lines_applied's primary key), through the bookings feature's face.
 */
import {
  type ApplyStatementBody,
  companyToday,
  formatShortDate,
  type Statement,
  type StatementLine,
  type StatementMapping,
  statementMapping,
  STATEMENT_MESSAGES,
  type StatementSummary,
} from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { retryTransientConflicts } from '../../db/retry';
import { bankStatementMappings } from '../../db/schema';
import { type Database, queryRows } from '../../db/types';
import type { EventLog, RecordedEvent } from '../../events';
import { HttpError } from '../../http/errors';
import { lockBooking, recordBankDeposit } from '../bookings';
import { getBankDetails, getCompanySettings } from '../company';
import { type Match, matchLines, referenceFrom, textArray } from './match';
import { type ReadStatement, readStatement, refusal } from './read';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface BankAccount {
  /** The account number's digits: how statements and mappings name the account. */
  number: string;
  currency: string;
}

const digits = (text: string): string => text.replace(/\D/g, '');

/** One of the company's accounts by its number (spaces and dashes ignored), or a refusal. */
export async function bankAccountOf(db: Database | Tx, typed: unknown): Promise<BankAccount> {
  const wanted = typeof typed === 'string' ? digits(typed) : '';
  if (wanted === '') throw new HttpError(422, STATEMENT_MESSAGES.bankAccountRequired, 'statement_bank_account_unknown');
  const [details, company] = [await getBankDetails(db), await getCompanySettings(db)];
  const accounts = details ? [{ accountNumber: details.accountNumber, currency: undefined }, ...details.otherAccounts] : [];
  const found = accounts.find((a) => digits(a.accountNumber) === wanted);
  if (!found) throw refusal('statement_bank_account_unknown');
  return { number: wanted, currency: found.currency ?? company.currency };
}

export async function rememberedMapping(db: Database | Tx, account: string): Promise<StatementMapping | null> {
  const [row] = await db.select({ mapping: bankStatementMappings.mapping }).from(bankStatementMappings).where(eq(bankStatementMappings.bankAccount, account));
  return row?.mapping ?? null;
}

/** A mapping sent with the upload (JSON), checked; undefined when none was sent. */
export function sentMapping(value: unknown): StatementMapping | undefined {
  if (value === undefined || value === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw new HttpError(400, 'The column mapping could not be read. Please choose the columns again.');
  }
  const parsed = statementMapping.safeParse(json);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'The column mapping is not complete.');
  return parsed.data;
}

/** The statement's lines, checked as a whole: a refusal for a wrong currency, future dates, no lines. */
export function checkedStatement(read: ReadStatement, account: BankAccount): ReadStatement {
  if (read.lines.length === 0) throw refusal('statement_no_lines');
  if (read.format === 'ofx' && read.currency.toUpperCase() !== account.currency.toUpperCase())
    throw refusal('statement_currency', 422, `${read.currency || 'no currency'}, the account is in ${account.currency}`);
  const today = companyToday();
  const late = read.lines.find((line) => line.date > today);
  if (late) throw refusal('statement_future_dates', 422, `the first is dated ${formatShortDate(late.date)}`);
  return read;
}

export interface Upload {
  text: string;
  fileName: string;
  account: BankAccount;
  mapping: StatementMapping | undefined;
}

/** How long each step of an upload took, in ms (the answer's Server-Timing header, and the bench's figures). */
export interface UploadTimings {
  read: number;
  match: number;
  store: number;
}

/** Reads, matches and stores a statement in one transaction; answers it as the page shows it. */
export async function uploadStatement(db: Database, actorId: string, upload: Upload, timings?: UploadTimings): Promise<Statement> {
  let started = performance.now();
  const lap = (step: keyof UploadTimings) => {
    const now = performance.now();
    if (timings) timings[step] = now - started;
    started = now;
  };
  const mapping = upload.mapping ?? (await rememberedMapping(db, upload.account.number));
  const read = checkedStatement(readStatement(upload.text, mapping), upload.account);
  lap('read');
  const id = await db.transaction(async (tx) => {
    await actAs(tx, actorId);
    const matches = await matchLines(tx, read.lines, upload.account.currency);
    lap('match');
    const [made] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO bank_statements (bank_account, format, file_name, currency, uploaded_by)
          VALUES (${upload.account.number}, ${read.format}, ${upload.fileName.slice(0, 200)}, ${(read.currency || upload.account.currency).toUpperCase()}, ${actorId})
          RETURNING id`,
    );
    const rows = read.lines.map((line, position) => ({
      position,
      key: line.key,
      bankId: line.bankId,
      date: line.date,
      amount: line.amount,
      description: line.description,
      bookingId: matches[position]?.bookingId ?? null,
      confidence: matches[position]?.confidence ?? null,
      reason: matches[position]?.reason ?? null,
    }));
    // One statement for the lines, whatever their number (a query's parameters are limited).
    await tx.execute(sql`INSERT INTO bank_statement_lines (statement_id, position, line_key, bank_id, posted_on, amount, description, booking_id, confidence, reason)
      SELECT ${made!.id}, position, key, "bankId", date, amount, description, "bookingId", confidence, reason
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(position integer, key text, "bankId" text, date date, amount integer, description text, "bookingId" uuid, confidence text, reason text)`);
    if (read.format === 'csv' && mapping) {
      await tx
        .insert(bankStatementMappings)
        .values({ bankAccount: upload.account.number, mapping, updatedBy: actorId })
        .onConflictDoUpdate({ target: bankStatementMappings.bankAccount, set: { mapping, updatedBy: actorId, updatedAt: sql`now()` } });
    }
    return made!.id;
  });
  lap('store');
  return statementById(db, id);
}

interface LineRow {
  id: string;
  date: string;
  amount: number;
  description: string;
  bankId: string;
  bookingId: string | null;
  reference: string | null;
  confidence: Match['confidence'] | null;
  reason: string | null;
  appliedTo: string | null;
  appliedReference: string | null;
}

function lineOf(row: LineRow): StatementLine {
  const state = row.amount <= 0 ? 'ignored' : row.appliedTo ? 'applied' : 'open';
  let match: StatementLine['match'] = null;
  if (row.appliedTo && row.appliedTo !== row.bookingId) {
    match = { bookingId: row.appliedTo, reference: row.appliedReference ?? '', confidence: 'certain', reason: `Assigned by hand to ${row.appliedReference}.` };
  } else if (row.bookingId && row.confidence) {
    match = { bookingId: row.bookingId, reference: row.reference ?? '', confidence: row.confidence, reason: row.reason ?? '' };
  }
  return { id: row.id, date: row.date, amount: row.amount, description: row.description, bankId: row.bankId, match, state };
}

const SUMMARY = sql`s.id, s.bank_account AS "bankAccount", s.format, s.file_name AS "fileName", s.currency,
  to_char(s.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "uploadedAt",
  (SELECT count(*) FROM bank_statement_lines l WHERE l.statement_id = s.id)::int AS "lineCount",
  (SELECT count(*) FROM bank_statement_lines l
     WHERE l.statement_id = s.id AND l.amount > 0
       AND NOT EXISTS (SELECT 1 FROM bank_lines_applied a WHERE a.bank_account = s.bank_account AND a.line_key = l.line_key))::int AS "openCredits"`;

export async function statementById(db: Database | Tx, id: unknown): Promise<Statement> {
  if (!isId(id)) throw new HttpError(404, STATEMENT_MESSAGES.notFound);
  const [summary] = await queryRows<StatementSummary>(db, sql`SELECT ${SUMMARY} FROM bank_statements s WHERE s.id = ${id}`);
  if (!summary) throw new HttpError(404, STATEMENT_MESSAGES.notFound);
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT l.id, l.posted_on::text AS date, l.amount, l.description, l.bank_id AS "bankId", l.booking_id AS "bookingId", b.reference,
               l.confidence, l.reason, a.booking_id AS "appliedTo", ab.reference AS "appliedReference"
          FROM bank_statement_lines l
          JOIN bank_statements s ON s.id = l.statement_id
          LEFT JOIN bookings b ON b.id = l.booking_id
          LEFT JOIN bank_lines_applied a ON a.bank_account = s.bank_account AND a.line_key = l.line_key
          LEFT JOIN bookings ab ON ab.id = a.booking_id
         WHERE l.statement_id = ${id}
         ORDER BY l.position`,
  );
  return { ...summary, lines: rows.map(lineOf) };
}

export async function listStatements(db: Database): Promise<StatementSummary[]> {
  return queryRows<StatementSummary>(db, sql`SELECT ${SUMMARY} FROM bank_statements s ORDER BY s.seq DESC LIMIT 200`);
}

interface ToApply {
  lineId: string;
  lineKey: string;
  bankId: string;
  amount: number;
  date: string;
  bookingId: string;
  byHand: boolean;
}

/**
 * Records the lines chosen as bank deposits, in one transaction: a refusal for any line refuses the
 * call. The bookings are locked in one order, then each line is claimed (bank_lines_applied): a
 * line claimed already, by an earlier upload or by a colleague applying at the same moment, is
 * skipped, so its money is recorded once.
 */
export async function applyLines(db: Database, events: EventLog, actorId: string, statementId: unknown, body: ApplyStatementBody): Promise<number> {
  if (!isId(statementId)) throw new HttpError(404, STATEMENT_MESSAGES.notFound);
  return retryTransientConflicts(() =>
    db.transaction(async (tx) => {
      await actAs(tx, actorId);
      const [statement] = await queryRows<{ bankAccount: string }>(
        tx,
        sql`SELECT bank_account AS "bankAccount" FROM bank_statements WHERE id = ${statementId}`,
      );
      if (!statement) throw new HttpError(404, STATEMENT_MESSAGES.notFound);
      const byHand = new Map((body.lines ?? []).map((l) => [l.lineId, l.reference]));
      const ids = [...new Set([...(body.lineIds ?? []), ...byHand.keys()])];
      if (ids.some((id) => !isId(id))) throw new HttpError(404, 'A line chosen is not on this statement.');
      const lines = await queryRows<{ id: string; lineKey: string; bankId: string; amount: number; date: string; bookingId: string | null }>(
        tx,
        sql`SELECT id, line_key AS "lineKey", bank_id AS "bankId", amount, posted_on::text AS date, booking_id AS "bookingId"
              FROM bank_statement_lines WHERE statement_id = ${statementId} AND id = ANY(${textArray(ids)}::uuid[])`,
      );
      if (lines.length !== ids.length) throw new HttpError(404, 'A line chosen is not on this statement.');

      const references = [...byHand.values()].map((typed) => {
        const reference = referenceFrom(typed);
        if (reference === null) throw refusal('statement_booking_unknown', 422, typed);
        return reference;
      });
      const found =
        references.length === 0
          ? []
          : await queryRows<{ id: string; reference: string }>(tx, sql`SELECT id, reference FROM bookings WHERE reference = ANY(${textArray(references)})`);
      const bookingOf = new Map(found.map((b) => [b.reference, b.id]));

      const toApply: ToApply[] = lines.map((line) => {
        if (line.amount <= 0) throw refusal('statement_line_debit', 409);
        const typed = byHand.get(line.id);
        const bookingId = typed === undefined ? line.bookingId : bookingOf.get(referenceFrom(typed)!);
        if (typed !== undefined && !bookingId) throw refusal('statement_booking_unknown', 422, typed);
        if (!bookingId) throw refusal('statement_line_unmatched', 409);
        return { lineId: line.id, lineKey: line.lineKey, bankId: line.bankId, amount: line.amount, date: line.date, bookingId, byHand: typed !== undefined };
      });
      // The usual order: bookings first, always in the same order, so two calls never wait on each other in a circle.
      toApply.sort((a, b) => (a.bookingId === b.bookingId ? a.lineKey.localeCompare(b.lineKey) : a.bookingId.localeCompare(b.bookingId)));
      for (const bookingId of new Set(toApply.map((l) => l.bookingId))) await lockBooking(tx, bookingId);

      const happened: RecordedEvent[] = [];
      for (const line of toApply) {
        const claimed = await queryRows<{ lineKey: string }>(
          tx,
          sql`INSERT INTO bank_lines_applied (bank_account, line_key, line_id, booking_id, applied_by)
              VALUES (${statement.bankAccount}, ${line.lineKey}, ${line.lineId}, ${line.bookingId}, ${actorId})
              ON CONFLICT DO NOTHING RETURNING line_key AS "lineKey"`,
        );
        if (claimed.length === 0) continue;
        const { payment, event } = await recordBankDeposit(tx, line.bookingId, {
          amount: line.amount,
          reference: line.bankId,
          note: `Bank statement line of ${line.date}${line.byHand ? ', assigned by hand' : ''}`,
          by: actorId,
        });
        await tx.execute(
          sql`UPDATE bank_lines_applied SET payment_id = ${payment.id} WHERE bank_account = ${statement.bankAccount} AND line_key = ${line.lineKey}`,
        );
        happened.push(event);
      }
      await events.record(tx, happened);
      return happened.length;
    }),
  );
}
