/**
 * What each car of a list costs for the days asked (issue 32 item 6): the quote of the car alone
 * (no extras), seasons and GCT included, so /cars and the SPEC's check-availability answer say
 * what the booking will cost. A season's fewest days is one sentence for the whole list: said once,
 * and the cars then carry no price for days that cannot be booked.
 */
import { minimumDaysProblem, type TripPrice } from '@rental/contract';
import type { Database } from '../../db/types';
import { quoteWith, readPriceBook } from './quoting';

export interface TripPrices {
  /** The days cannot be booked as asked (a season's fewest days): one sentence, for the page to say once. */
  priceNote?: string;
  priceOf: (car: { _id: string; brand: string; model: string; category: string; pricePerDay: number }) => TripPrice | null;
}

export async function tripPrices(db: Database, pickupDate: string, returnDate: string): Promise<TripPrices> {
  const book = await readPriceBook(db);
  const note = minimumDaysProblem(pickupDate, returnDate, book.rules);
  if (note) return { priceNote: note, priceOf: () => null };
  return {
    priceOf: (car) => {
      const priced = quoteWith(
        book,
        { id: car._id, brand: car.brand, model: car.model, category: car.category, pricePerDay: car.pricePerDay },
        { pickupDate, returnDate },
      );
      if ('problem' in priced) return null;
      const { days, total, currency, gctPercent } = priced.quote;
      return { days, total, currency, gctPercent };
    },
  };
}
