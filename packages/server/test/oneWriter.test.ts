/**
 * One writer: a booking's status, its payment state and its folio are written by the bookings
 * feature alone (its life.ts and folio.ts, and the database's own triggers). Every other module of
 * the server moves a booking through the bookings feature's face. This reads the server's source.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|sql)$/.test(name)) yield path;
  }
}

/** The writes of a booking's status or payment state, or of a folio row, in one file's text. */
export function bookingWrites(text: string): string[] {
  const found: string[] = [];
  // drizzle: .update(bookings).set({ ...status... }), the set read up to the statement's .where(
  // (a set may hold nested objects, so its first "})" is not its end).
  for (const match of text.matchAll(/\.update\(bookings\)\s*\.set\(([\s\S]*?)\.(where|returning)\(/g)) {
    if (/\b(status|statusReason|paymentStatus)\s*[:,}]/.test(match[1]!)) found.push(match[0].slice(0, 80));
  }
  for (const match of text.matchAll(/\.insert\((folioLines|folioPayments)\)/g)) found.push(match[0]);
  // SQL: UPDATE bookings SET status / payment_status, INSERT INTO folio_*.
  for (const match of text.matchAll(/UPDATE\s+bookings\s+SET\s+([^;]*?)(WHERE|;|`)/gi)) {
    if (/\b(status|status_reason|payment_status)\s*=/.test(match[1]!)) found.push(match[0].slice(0, 80));
  }
  for (const match of text.matchAll(/INSERT\s+INTO\s+folio_(lines|payments)/gi)) found.push(match[0]);
  return found;
}

describe('one writer of a booking’s status and money', () => {
  it('finds such a write where one is planted', () => {
    expect(bookingWrites("await tx.update(bookings).set({ status: 'on_rent', holdExpiresAt: null }).where(eq(bookings.id, id));")).toHaveLength(1);
    expect(bookingWrites("await tx.update(bookings).set({ paymentStatus: 'paid' }).where(x);")).toHaveLength(1);
    expect(bookingWrites('await tx.insert(folioPayments).values({ bookingId, amount });')).toHaveLength(1);
    expect(bookingWrites("sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${id}`")).toHaveLength(1);
    expect(
      bookingWrites("await tx.update(bookings).set({ drivers, ...(q ? { price: 1 } : {}), ...(again ? { status: 'pending' } : {}) }).where(x);"),
    ).toHaveLength(1);
    expect(bookingWrites('await tx.update(bookings).set({ carId, price: 10 }).where(eq(bookings.id, id));')).toHaveLength(0);
  });

  it('has none outside the bookings feature and the migrations', () => {
    const outside: string[] = [];
    for (const file of files(src)) {
      const path = relative(src, file).split(sep).join('/');
      if (path.startsWith('features/bookings/') || path.startsWith('db/migrations/')) continue;
      for (const write of bookingWrites(readFileSync(file, 'utf8'))) outside.push(`${path}: ${write}`);
    }
    expect(outside).toEqual([]);
  });
});
