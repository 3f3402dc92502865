/**
 * Which address a public page is drawn for and kept under: made-up query strings must all land
 * on the page without them, and only a trip the booking rules accept makes a page of its own.
 */
import { describe, expect, it } from 'vitest';
import { drawnPageUrl } from '../src/features/publicPages/drawnPageUrl';

const TODAY = '2030-03-10';
/** The company's pickup locations, as its settings name them. */
const PLACES = ['Waterford, Portmore', 'Ocho Rios'];

describe('the address a public page is drawn for', () => {
  it('ignores any parameter the page does not read', () => {
    expect(drawnPageUrl('/?r=0.123', TODAY, PLACES)).toBe('/');
    expect(drawnPageUrl('/?pickupDate=2030-03-12&returnDate=2030-03-14', TODAY, PLACES)).toBe('/');
    expect(drawnPageUrl('/car-details/3f2a?utm_source=flyer', TODAY, PLACES)).toBe('/car-details/3f2a');
    expect(drawnPageUrl('/cars?r=1&fbclid=abc', TODAY, PLACES)).toBe('/cars');
    expect(drawnPageUrl('/cars?', TODAY, PLACES)).toBe('/cars');
  });

  it("keeps /cars' trip and vehicle group, in one order, whatever order and extras the link had", () => {
    const canonical = '/cars?pickupLocation=Waterford%2C+Portmore&pickupDate=2030-03-12&returnDate=2030-03-14&category=SUV';
    expect(drawnPageUrl('/cars?category=SUV&returnDate=2030-03-14&x=1&pickupDate=2030-03-12&pickupLocation=Waterford%2C%20Portmore', TODAY, PLACES)).toBe(
      canonical,
    );
    expect(drawnPageUrl(canonical, TODAY, PLACES)).toBe(canonical);
    expect(drawnPageUrl('/cars?pickupDate=2030-03-10&returnDate=2030-03-10', TODAY, PLACES)).toBe('/cars?pickupDate=2030-03-10&returnDate=2030-03-10');
  });

  it("keeps /cars' page and search as the list reads them: a page from 2, the search trimmed and cut", () => {
    expect(drawnPageUrl('/cars?page=3&search=%20Toyota%20%20rav4%20&utm=x', TODAY, PLACES)).toBe('/cars?search=Toyota++rav4&page=3');
    // The first page is the bare list; a page that is not a page number is no page at all.
    for (const page of ['1', '0', '007x', '-2', '1234567', '']) expect(drawnPageUrl(`/cars?page=${page}`, TODAY, PLACES), page).toBe('/cars');
    expect(drawnPageUrl('/cars?page=007', TODAY, PLACES)).toBe('/cars?page=7');
    expect(drawnPageUrl('/cars?search=%20%20', TODAY, PLACES)).toBe('/cars');
    expect(drawnPageUrl(`/cars?search=${'a'.repeat(150)}`, TODAY, PLACES)).toBe(`/cars?search=${'a'.repeat(100)}`);
  });

  it('draws a trip the booking rules refuse as the page without dates', () => {
    for (const [pickupDate, returnDate] of [
      ['2030-03-09', '2030-03-12'], // past
      ['2030-03-14', '2030-03-12'], // reversed
      ['2030-02-30', '2030-03-02'], // not a real date
      ['12/03/2030', '14/03/2030'], // not the calendar's format
      ['2031-06-01', '2031-06-02'], // beyond the days a booking may be made ahead
      ['2030-03-12', '2030-09-12'], // longer than a rental may last
      ['2030-03-12', ''],
    ]) {
      expect(drawnPageUrl(`/cars?pickupDate=${pickupDate}&returnDate=${returnDate}&category=Sedan`, TODAY, PLACES), `${pickupDate}..${returnDate}`).toBe(
        '/cars?category=Sedan',
      );
    }
    expect(drawnPageUrl('/cars?pickupDate=2030-03-12', TODAY, PLACES)).toBe('/cars');
  });

  it('drops a place or a vehicle group the company does not have', () => {
    expect(drawnPageUrl('/cars?pickupLocation=Kingston&category=Spaceship', TODAY, PLACES)).toBe('/cars');
    expect(drawnPageUrl('/cars?category=suv', TODAY, PLACES)).toBe('/cars');
    // A place is the company's only while its settings list it.
    expect(drawnPageUrl('/cars?pickupLocation=Ocho+Rios', TODAY, PLACES)).toBe('/cars?pickupLocation=Ocho+Rios');
    expect(drawnPageUrl('/cars?pickupLocation=Ocho+Rios', TODAY, ['Negril'])).toBe('/cars');
  });

  it('takes the first of a repeated parameter, as the page does', () => {
    expect(drawnPageUrl('/cars?category=Van&category=SUV', TODAY, PLACES)).toBe('/cars?category=Van');
  });
});
