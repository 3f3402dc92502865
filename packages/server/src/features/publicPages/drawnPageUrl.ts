/**
 * The address a public page is drawn for, and kept under: its path and only the parameters the
 * page itself reads, each kept only when the page would use it. Anything else in a query string
 * (a tracker's tag, a cache-buster, a typo) draws the same page as the bare path, so a stream of
 * made-up query strings is answered from one kept page instead of a fresh drawing each time.
 *
 * /cars reads the trip (pickupLocation, one of the company's `locations`, pickupDate, returnDate), the vehicle group
 * (category), the search (search, as the list takes it: trimmed, at most MAX_CAR_SEARCH_LENGTH characters) and the
 * page of the list (page, from 2: the first page is the bare address).
 * A date pair the booking rules refuse (malformed, past, reversed, too far ahead or too long) is
 * dropped whole: the page is drawn without dates, as the browser then shows it.
 */
import { CAR_CATEGORIES, MAX_CAR_SEARCH_LENGTH, rentalDatesProblem } from '@rental/contract';

const CARS_PAGE = '/cars';

const isOneOf = (list: readonly string[], value: string | null): value is string => value !== null && list.includes(value);

/** `url` (a path with its query string, as the request had it) reduced to what the page draws, in one order. */
export function drawnPageUrl(url: string, today: string, locations: readonly string[]): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (path !== CARS_PAGE || at < 0) return path;

  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  const location = given.get('pickupLocation');
  if (isOneOf(locations, location)) kept.set('pickupLocation', location);
  const pickupDate = given.get('pickupDate');
  const returnDate = given.get('returnDate');
  if (pickupDate !== null && returnDate !== null && rentalDatesProblem(pickupDate, returnDate, today) === null) {
    kept.set('pickupDate', pickupDate);
    kept.set('returnDate', returnDate);
  }
  const category = given.get('category');
  if (isOneOf(CAR_CATEGORIES, category)) kept.set('category', category);
  const search = (given.get('search') ?? '').trim().slice(0, MAX_CAR_SEARCH_LENGTH).trim();
  if (search) kept.set('search', search);
  const page = given.get('page') ?? '';
  if (/^\d{1,6}$/.test(page) && Number(page) > 1) kept.set('page', String(Number(page)));

  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
