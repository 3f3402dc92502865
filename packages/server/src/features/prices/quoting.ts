/**
 * The server's side of the contract's quote: it reads the car, the rules, the extras and the
 * company's settings, and asks quote() (packages/contract/src/quote.ts) for the lines. The same
 * reading serves the quote call and the booking, which stores what it returns.
 */
import {
  type CompanySettings,
  type Extra,
  MESSAGES,
  type PriceRules,
  type Quote,
  quote,
  type QuoteCar,
  type QuoteRequest,
  REFUSAL_CODES,
} from '@rental/contract';
import { and, inArray, isNull } from 'drizzle-orm';
import { cars } from '../../db/schema';
import { queryRows, type Database, readTogether } from '../../db/types';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { getCompanySettings } from '../company';
import type { FleetVersion } from '../fleetCache';
import { getPriceRules, listExtras, pricesVersion } from './priceRules';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Everything a quote reads besides the car and the request: read once per batch of bookings. */
export interface PriceBook {
  rules: PriceRules;
  extras: Extra[];
  company: Pick<CompanySettings, 'gctPercent' | 'currency' | 'securityDeposit'>;
}

export async function readPriceBook(db: Database | Tx, company?: CompanySettings): Promise<PriceBook> {
  const [rules, extras, settings] = await readTogether(
    db,
    () => getPriceRules(db),
    () => listExtras(db),
    () => (company ? Promise.resolve(company) : getCompanySettings(db)),
  );
  return { rules, extras, company: settings };
}

const quoteCarColumns = { id: cars.id, brand: cars.brand, model: cars.model, category: cars.category, pricePerDay: cars.pricePerDay };

/** The cars of some requests, as a quote reads them (removed cars are left out). */
export async function quoteCars(db: Database | Tx, ids: readonly string[]): Promise<Map<string, QuoteCar>> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select(quoteCarColumns)
    .from(cars)
    .where(and(inArray(cars.id, wanted), isNull(cars.deletedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}

export function quoteWith(book: PriceBook, car: QuoteCar, request: QuoteRequest): { quote: Quote } | { problem: string } {
  const result = quote(car, request, book.rules, book.extras, book.company);
  return result.problem === undefined ? { quote: result.quote } : { problem: result.problem };
}

/**
 * The refusal when the total the customer saw (expectedTotal) is not the server's quote: a season
 * or an extra saved meanwhile, another driver... The new quote goes with it, so the screen shows it
 * and asks again; nothing was written. Without expectedTotal the server's quote stands.
 */
export function priceChangedRefusal(expectedTotal: number | undefined, quoted: Quote): HttpError | undefined {
  if (expectedTotal === undefined || expectedTotal === quoted.total) return undefined;
  return new HttpError(409, REFUSAL_CODES.price_changed, 'price_changed', { quote: quoted });
}

/** How long a known prices' version is trusted before it is read again (another instance's save is quoted within this). */
export const PRICES_RECHECK_MS = 500;

/**
 * What the quote call reads, kept in memory by each app instance, so a quote asks the database
 * nothing while nothing changed (on PGlite every query waits its turn in one thread, and the rules
 * are one JSON row of every season's rates: ~50 KB at 20 seasons of 50 cars' own rates).
 * - The rules and extras are kept under their version (pricesVersion). A save through this
 *   instance makes the next quote read the version again (pricesChanged); another instance's save
 *   is seen when the version, older than PRICES_RECHECK_MS, is read again before a quote.
 * - The cars and the company's GCT, currency and deposit are kept under the fleet's version
 *   (fleetCache, decision 070): triggers raise it with every change of a car or of the company's
 *   row, this instance's writes make its next read ask the database, and it is polled every 500 ms.
 * Bookings do not use it: they read everything in their own transaction (readPriceBook).
 */
export class QuoteCache {
  private prices: { version: string; readAt: number } | undefined;
  private dirty = true;
  private refreshing: Promise<string> | undefined;
  /** Reads may finish out of order: only a later-issued read may replace the version. */
  private issued = 0;
  private applied = 0;
  private book: { version: string; value: Promise<Pick<PriceBook, 'rules' | 'extras'>> } | undefined;
  private fleet: { version: string; company: Promise<PriceBook['company']>; cars: Map<string, Promise<QuoteCar | undefined>> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly fleetVersion: Pick<FleetVersion, 'current'>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The rules or extras were just saved through this instance: the next quote reads the version first. */
  pricesChanged(): void {
    this.dirty = true;
  }

  private async pricesVersion(): Promise<string> {
    const known = this.prices;
    if (this.dirty || !known || this.now() - known.readAt > PRICES_RECHECK_MS) {
      this.dirty = false;
      const ticket = ++this.issued;
      const readAt = this.now();
      const refresh = queryRows<{ version: string }>(this.db, pricesVersion)
        .then(([row]) => {
          if (ticket > this.applied) {
            this.applied = ticket;
            this.prices = { version: row!.version, readAt };
          }
          return this.prices!.version;
        })
        .catch((err: unknown) => {
          // Not known: the next quote asks again rather than trusting the old version.
          this.dirty = true;
          throw err;
        })
        .finally(() => {
          if (this.refreshing === refresh) this.refreshing = undefined;
        });
      this.refreshing = refresh;
    }
    // A quote that arrives while the version is on its way waits for it too, or it would use the old one.
    return this.refreshing ?? this.prices!.version;
  }

  /** What was read after the version was: as new as it, or newer (then the next version differs and it is read again). */
  private async priceBook(): Promise<Pick<PriceBook, 'rules' | 'extras'>> {
    const version = await this.pricesVersion();
    if (this.book?.version !== version) {
      const value = Promise.all([getPriceRules(this.db), listExtras(this.db)]).then(([rules, extras]) => ({ rules, extras }));
      const held = { version, value };
      this.book = held;
      value.catch(() => {
        if (this.book === held) this.book = undefined;
      });
    }
    return this.book.value;
  }

  private async fleetHeld() {
    const version = await this.fleetVersion.current();
    if (this.fleet?.version !== version) {
      const company = getCompanySettings(this.db).then(({ gctPercent, currency, securityDeposit }) => ({ gctPercent, currency, securityDeposit }));
      const held = { version, company, cars: new Map<string, Promise<QuoteCar | undefined>>() };
      this.fleet = held;
      company.catch(() => {
        if (this.fleet === held) this.fleet = undefined;
      });
    }
    return this.fleet;
  }

  /** A car of the fleet as a quote reads it; only cars found are kept (the fleet bounds them). */
  private async car(id: string): Promise<QuoteCar | undefined> {
    const held = await this.fleetHeld();
    let car = held.cars.get(id);
    if (!car) {
      car = quoteCars(this.db, [id]).then((found) => found.get(id));
      held.cars.set(id, car);
      const asked = car;
      car.then(
        (found) => {
          if (!found && held.cars.get(id) === asked) held.cars.delete(id);
        },
        () => {
          if (held.cars.get(id) === asked) held.cars.delete(id);
        },
      );
    }
    return car;
  }

  /** The quote call: 404 for a car that is not (or no longer) in the fleet, 422 for choices that cannot be sold. */
  async quote(carId: string, request: QuoteRequest): Promise<Quote> {
    if (!isId(carId)) throw new HttpError(404, MESSAGES.carNotFound);
    const [car, prices, fleet] = await Promise.all([this.car(carId), this.priceBook(), this.fleetHeld()]);
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    const result = quoteWith({ ...prices, company: await fleet.company }, car, request);
    if ('problem' in result) throw new HttpError(422, result.problem);
    return result.quote;
  }
}
