/**
 * Which booking a statement's credit pays (docs/decisions/113). In bulk: every line's candidate
 * references are looked up in one query, and every renter whose surname is a word of some line in
 * one more, whatever the number of lines; each booking's balance is read in the same queries.
 */
import { formatMoney, type MatchConfidence } from '@rental/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/types';

/** A list as one parameter (drizzle spreads an array into a list of parameters). */
export const textArray = (values: readonly string[]): SQL => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface Match {
  bookingId: string;
  reference: string;
  confidence: MatchConfidence;
  reason: string;
}

export interface MatchableLine {
  amount: number;
  description: string;
}

/** "WR-" and six of the 32 characters a reference is made of (0004_booking_lifecycle.sql). */
const REFERENCE_IN_TEXT = /(?=WR([2-9A-HJ-NP-Z]{6}))/g;

/** Case, spaces, dashes and other marks removed, as customers write a reference as they like. */
export const squeezed = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The booking references a description may hold ("wr 7k2 m9x", "WR-7K2M9X deposit"). */
export function referencesIn(description: string): string[] {
  return [...squeezed(description).matchAll(REFERENCE_IN_TEXT)].map((m) => `WR-${m[1]}`);
}

/** A reference as typed by staff, in the stored form, or null when it cannot be one. */
export function referenceFrom(typed: string): string | null {
  const s = squeezed(typed);
  return /^WR[2-9A-HJ-NP-Z]{6}$/.test(s) ? `WR-${s.slice(2)}` : null;
}

const words = (text: string): string[] =>
  text
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 2);

interface Candidate {
  id: string;
  reference: string;
  name: string;
  balance: number;
}

/** The balance of each booking found: charges less payments plus refunds, one query for them all. */
const BALANCE = sql`(SELECT coalesce(sum(l.amount + l.gct), 0) FROM folio_lines l WHERE l.booking_id = b.id)
  - (SELECT coalesce(sum(CASE WHEN p.kind = 'payment' THEN p.amount ELSE -p.amount END), 0) FROM folio_payments p WHERE p.booking_id = b.id)`;

async function byReference(db: Database | Tx, references: string[]): Promise<Map<string, Candidate>> {
  if (references.length === 0) return new Map();
  const rows = await queryRows<Candidate & { balance: string }>(
    db,
    sql`SELECT b.id, b.reference, u.name, ${BALANCE} AS balance
          FROM bookings b JOIN users u ON u.id = b.user_id
         WHERE b.reference = ANY(${textArray(references)})`,
  );
  return new Map(rows.map((r) => [r.reference, { ...r, balance: Number(r.balance) }]));
}

/**
 * Bookings still going (not long past their return) and owing, whose renter's surname is one of
 * these words: the renters a line may name. Their balances are read afterwards, for those named only.
 */
async function bySurname(db: Database | Tx, surnames: string[]): Promise<Omit<Candidate, 'balance'>[]> {
  if (surnames.length === 0) return [];
  return queryRows<Omit<Candidate, 'balance'>>(
    db,
    sql`SELECT b.id, b.reference, u.name
          FROM bookings b JOIN users u ON u.id = b.user_id
         WHERE b.status IN ('pending', 'confirmed', 'on_rent') AND b.payment_status IN ('unpaid', 'part_paid')
           AND b.return_date >= current_date - ${NAME_MATCH_DAYS}::int
           AND upper(regexp_replace(trim(u.name), '^.*[^A-Za-z]', '')) = ANY(${textArray(surnames)})`,
  );
}

async function balancesOf(db: Database | Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; balance: string }>(
    db,
    sql`SELECT b.id, ${BALANCE} AS balance FROM bookings b WHERE b.id = ANY(${textArray(ids)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.balance)]));
}

/** A payment by name alone is looked for among bookings returned at most this long ago (older ones are paid by reference). */
export const NAME_MATCH_DAYS = 60;

/**
 * `owed`: each found booking's balance less what the certain lines above this one in the statement
 * pay, so two deposits of the whole balance are not both certain (together they would pay it twice).
 */
function byItsReference(line: MatchableLine, found: Map<string, Candidate>, owed: Map<string, number>, currency: string): Match | null {
  for (const reference of referencesIn(line.description)) {
    const booking = found.get(reference);
    if (!booking) continue;
    const left = owed.get(booking.id) ?? booking.balance;
    const earlier = left < booking.balance ? ' after the lines above in this statement' : '';
    const balance = formatMoney(left, currency);
    const of = { bookingId: booking.id, reference: booking.reference };
    if (left <= 0)
      return {
        ...of,
        confidence: 'likely',
        reason: `The reference ${reference} is in the description, but this booking owes nothing${earlier || ' now'}: check before applying.`,
      };
    if (line.amount <= left) owed.set(booking.id, left - line.amount);
    if (line.amount === left)
      return {
        ...of,
        confidence: 'certain',
        reason: `The reference ${reference} is in the description and the amount is the booking's balance${earlier} (${balance}).`,
      };
    if (line.amount < left)
      return {
        ...of,
        confidence: 'certain',
        reason: `The reference ${reference} is in the description; the amount pays part of the balance${earlier} of ${balance}.`,
      };
    return {
      ...of,
      confidence: 'likely',
      reason: `The reference ${reference} is in the description, but the amount is more than the balance${earlier} of ${balance}: check before applying.`,
    };
  }
  return null;
}

/** Among the bookings of renters the line names (and owing): the one whose balance it is, or the only one it pays part of. */
function byNameAndAmount(line: MatchableLine, candidates: Candidate[], currency: string): Match | null {
  const named = candidates;
  const exact = named.filter((c) => c.balance === line.amount);
  if (exact.length === 1) {
    const booking = exact[0]!;
    return {
      bookingId: booking.id,
      reference: booking.reference,
      confidence: 'likely',
      reason: `No booking reference, but the renter's name (${booking.name}) is in the description and the amount is the balance of ${booking.reference} (${formatMoney(booking.balance, currency)}).`,
    };
  }
  if (exact.length === 0 && named.length === 1 && line.amount < named[0]!.balance) {
    const booking = named[0]!;
    return {
      bookingId: booking.id,
      reference: booking.reference,
      confidence: 'likely',
      reason: `No booking reference, but the renter's name (${booking.name}) is in the description and the amount is part of the balance of ${booking.reference} (${formatMoney(booking.balance, currency)}).`,
    };
  }
  return null;
}

/** Each credit's match (null: none found; debits are never matched), in the lines' order. */
export async function matchLines(db: Database | Tx, lines: readonly MatchableLine[], currency: string): Promise<(Match | null)[]> {
  const credits = lines.map((line) => line.amount > 0);
  const references = new Set<string>();
  lines.forEach((line, i) => {
    if (credits[i]) for (const ref of referencesIn(line.description)) references.add(ref);
  });
  const found = await byReference(db, [...references]);
  const owed = new Map<string, number>();
  const matches: (Match | null)[] = lines.map((line, i) => (credits[i] ? byItsReference(line, found, owed, currency) : null));

  // The rest by the renter's name: a surname must be one of the line's words, and every word of the name in it.
  const surnames = new Set<string>();
  lines.forEach((line, i) => {
    if (credits[i] && !matches[i]) for (const w of words(line.description)) surnames.add(w);
  });
  const renters = await bySurname(db, [...surnames]);
  if (renters.length === 0) return matches;
  const bySurnameWord = new Map<string, { renter: Omit<Candidate, 'balance'>; words: string[] }[]>();
  for (const renter of renters) {
    const nameWords = words(renter.name);
    const surname = nameWords.at(-1);
    if (!surname) continue;
    const list = bySurnameWord.get(surname) ?? [];
    list.push({ renter, words: nameWords });
    bySurnameWord.set(surname, list);
  }
  const named = new Map<number, Omit<Candidate, 'balance'>[]>();
  lines.forEach((line, i) => {
    if (!credits[i] || matches[i]) return;
    const said = new Set(words(line.description));
    const mine = [...said].flatMap((w) => bySurnameWord.get(w) ?? []).filter((c) => c.words.every((w) => said.has(w)));
    if (mine.length > 0)
      named.set(
        i,
        mine.map((c) => c.renter),
      );
  });
  const balances = await balancesOf(db, [...new Set([...named.values()].flat().map((c) => c.id))]);
  for (const [i, namedRenters] of named) {
    const candidates = namedRenters.map((c) => ({ ...c, balance: balances.get(c.id) ?? 0 })).filter((c) => c.balance > 0);
    matches[i] = byNameAndAmount(lines[i]!, candidates, currency);
  }
  return matches;
}
