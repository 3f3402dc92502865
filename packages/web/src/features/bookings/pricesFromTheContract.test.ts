/**
 * Every price a customer sees is the server's: the car page, the payment step and the booking page
 * show the quote's lines (POST /api/bookings/quote, or the quote a booking stored), and only the
 * calendar works out a day's price itself, with the contract's dayRate. A page that multiplies or
 * divides a rate by days, or adds GCT, on its own can drift from what the booking will cost.
 */
import { describe, expect, it } from 'vitest';

// The browser's own code, as text (tests and the staff area, which sums stored prices, left out).
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**', '!../backOffice/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A rate or a price multiplied or divided by days, or days by a rate, written in a component. */
const PRICE_ARITHMETIC = /\b(pricePerDay|price|days)\s*[*/]\s*[\w(]|[\w)]\s*[*/]\s*(pricePerDay|price|days)\b/;

function inlinePriceLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && PRICE_ARITHMETIC.test(line));
}

describe('prices on screen', () => {
  it('finds the arithmetic the pages once had', () => {
    // What PriceBreakdown, the payment step and the booking page computed before they used the contract.
    expect(inlinePriceLines('  <dd>{money(pricePerDay * days)}</dd>')).toHaveLength(1);
    expect(inlinePriceLines('  const total = car && !datesProblem ? car.pricePerDay * days : 0;')).toHaveLength(1);
    expect(inlinePriceLines('  <PriceBreakdown pricePerDay={booking.price / days} days={days} />')).toHaveLength(1);
    expect(inlinePriceLines('  const price = rentalPrice(car.pricePerDay, pickupDate, returnDate);')).toHaveLength(0);
  });

  it('on the car page, the payment step and the booking page are the quote’s lines, never worked out there', () => {
    const pages = Object.entries(sources).filter(([file]) =>
      /\/(CarBookingForm|ConfirmBooking|BookingDetail|DateRangeCalendar|QuoteLines|ExtrasPicker)\.tsx$/.test(file),
    );
    expect(pages).toHaveLength(6);
    for (const [file, text] of pages) {
      // storedRentalPrice stays for bookings made before quotes (their stored total as days × rate).
      // (A method named quote, such as queryKeys.quote, is not the contract's quote function.)
      expect([file, /\brentalPrice\(|\bbookingPrice\(|(?<!\.)\bquote\(|\bgctOn\(|\bwithGct\(/.test(text)]).toEqual([file, false]);
    }
  });

  it('are computed only by the contract, never in a page or component', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const found = Object.entries(sources).flatMap(([file, text]) => inlinePriceLines(text).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});
