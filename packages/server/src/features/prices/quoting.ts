/**
 * The server's side of the contract's quote: it reads the car, the rules, the extras and the
 * company's settings, and asks quote() (packages/contract/src/quote.ts) for the lines. The same
 * reading serves the quote call and the booking, which stores what it returns.
 */
import { type CompanySettings, type Extra, MESSAGES, type PriceRules, type Quote, quote, type QuoteCar, type QuoteRequest } from '@rental/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { cars } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../cars/ids';
import { getCompanySettings } from '../company/settings';
import { getPriceRules, listExtras } from './priceRules';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Everything a quote reads besides the car and the request: read once per batch of bookings. */
export interface PriceBook {
  rules: PriceRules;
  extras: Extra[];
  company: Pick<CompanySettings, 'gctPercent' | 'currency' | 'securityDeposit'>;
}

export async function readPriceBook(db: Database | Tx, company?: CompanySettings): Promise<PriceBook> {
  const [rules, extras, settings] = await Promise.all([getPriceRules(db), listExtras(db), company ?? getCompanySettings(db)]);
  return { rules, extras, company: settings };
}

const quoteCarColumns = { id: cars.id, brand: cars.brand, model: cars.model, category: cars.category, pricePerDay: cars.pricePerDay };

/** The cars of some requests, as a quote reads them (removed cars are left out). */
export async function quoteCars(db: Database | Tx, ids: readonly string[]): Promise<Map<string, QuoteCar>> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(quoteCarColumns).from(cars).where(and(inArray(cars.id, wanted), isNull(cars.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

export function quoteWith(book: PriceBook, car: QuoteCar, request: QuoteRequest): { quote: Quote } | { problem: string } {
  const result = quote(car, request, book.rules, book.extras, book.company);
  return result.problem === undefined ? { quote: result.quote } : { problem: result.problem };
}

/** The quote call: 404 for a car that is not (or no longer) in the fleet, 422 for choices that cannot be sold. */
export async function quoteFor(db: Database, carId: string, request: QuoteRequest): Promise<Quote> {
  if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
  const [book, found] = await Promise.all([readPriceBook(db), db.select(quoteCarColumns).from(cars).where(and(eq(cars.id, carId), isNull(cars.deletedAt)))]);
  const car = found[0];
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  const result = quoteWith(book, car, request);
  if ('problem' in result) throw new HttpError(422, result.problem);
  return result.quote;
}
