import { DEFAULT_PRICE_RULES, type Extra, type PriceRules } from '@rental/contract/quote';
import { describe, expect, it } from 'vitest';
import {
  emptyExtra,
  emptySeason,
  formFromPrices,
  type PricesForm,
  pricesFromForm,
  problemsUnder,
  SUGGESTED_EXTRAS,
  suggestedExtra,
  validatePricesForm,
} from './pricesForm';

const CAR = '0b7c6f0e-2f1e-4a43-9d1f-4c2b8a1e5d77';
const OTHER_CAR = '5d3a8c44-9f0e-4b6a-8e1c-2a7d9b0c3e11';
const EXTRA_ID = '9e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

const RULES: PriceRules = {
  seasons: [
    { name: 'Christmas', startDate: '2026-12-20', endDate: '2027-01-02', priority: 2, minDays: 3, carRates: { [CAR]: 9000 }, categoryPercents: { SUV: 20 } },
  ],
  weeklyPercentOff: 10,
  monthlyPercentOff: 25,
  additionalDriverPerDay: 500,
  delivery: { airport: 3000, portmore: 0, kingston: null },
};
const EXTRAS: Extra[] = [{ id: EXTRA_ID, name: 'Child seat', description: 'For a young child.', charge: 'per_day', price: 800, maxPerBooking: 2, stock: 4 }];

const form = (): PricesForm => formFromPrices(RULES, EXTRAS);

describe('the prices form', () => {
  it('holds what the server has as text, and sends it back unchanged', () => {
    const values = form();
    expect(values.seasons[0]).toMatchObject({ name: 'Christmas', priority: '2', minDays: '3', categoryPercents: { SUV: '20' } });
    expect(values.seasons[0]?.carRates).toEqual([expect.objectContaining({ carId: CAR, rate: '9000' })]);
    expect(values.delivery).toEqual({ airport: '3000', portmore: '0', kingston: '' });
    expect(values.extras[0]).toMatchObject({ id: EXTRA_ID, price: '800', stock: '4' });
    expect(validatePricesForm(values)).toEqual({});
    expect(pricesFromForm(values)).toEqual({ ...RULES, extras: EXTRAS });
  });

  it('reads empty boxes as "none": fewest days, stock, a delivery place not offered, no discount', () => {
    const values = formFromPrices(DEFAULT_PRICE_RULES, []);
    expect(values).toMatchObject({ weeklyPercentOff: '0', delivery: { airport: '', portmore: '', kingston: '' } });
    values.weeklyPercentOff = '';
    values.additionalDriverPerDay = ' ';
    values.extras.push({ ...emptyExtra(), name: 'Cooler box', price: '1500', charge: 'per_rental' });
    const body = pricesFromForm(values);
    expect(body).toMatchObject({ weeklyPercentOff: 0, additionalDriverPerDay: 0, delivery: { airport: null, portmore: null, kingston: null } });
    expect(body.extras).toEqual([{ name: 'Cooler box', description: '', charge: 'per_rental', price: 1500, maxPerBooking: 1, stock: null }]);
  });

  it('names each problem under its box, in the form’s words', () => {
    const values = form();
    const season = values.seasons[0]!;
    season.name = '';
    season.endDate = '2026-12-01';
    season.priority = '';
    season.categoryPercents.Van = '-95';
    values.monthlyPercentOff = '120';
    values.delivery.kingston = 'lots';
    values.extras[0]!.price = '';
    values.extras[0]!.maxPerBooking = '0';
    expect(validatePricesForm(values)).toEqual({
      'seasons.0.name': 'Season name is required.',
      'seasons.0.priority': 'Priority is required.',
      'seasons.0.categoryPercents.Van': 'A category’s change can take at most 90% off.',
      monthlyPercentOff: 'Monthly rate (percent off) must be at most 90.',
      'delivery.kingston': 'Delivery in Kingston must be a whole number.',
      'extras.0.price': 'Extra price is required.',
      'extras.0.maxPerBooking': 'Most per booking must be at least 1.',
    });
  });

  it('says when a season ends before it starts, or changes no price', () => {
    const values = form();
    values.seasons[0]!.endDate = '2026-12-01';
    expect(validatePricesForm(values)).toEqual({ 'seasons.0.endDate': 'The last day of Christmas cannot be before its first day.' });

    values.seasons.push({ ...emptySeason(), name: 'Easter', startDate: '2027-03-26', endDate: '2027-03-29' });
    expect(validatePricesForm(values)['seasons.1']).toBe('Easter changes no price. Give a rate for a car or a percentage for a category.');
  });

  it('puts a car’s rate problem on its own line, and asks for a car on a line without one', () => {
    const values = form();
    const season = values.seasons[0]!;
    season.carRates.push({ key: 'a', carId: OTHER_CAR, rate: '' }, { key: 'b', carId: '', rate: '7000' }, { key: 'c', carId: CAR, rate: '1' });
    const errors = validatePricesForm(values);
    expect(errors['seasons.0.carRates.1.rate']).toBe('The car’s daily rate in the season is required.');
    expect(errors['seasons.0.carRates.2.car']).toBe('Please choose a car, or remove this line.');
    expect(errors['seasons.0.carRates.3.car']).toMatch(/^This car has a rate in this season already/);
    expect(problemsUnder(errors, 'seasons.0')).toBe(3);
    expect(problemsUnder(errors, 'extras.0')).toBe(0);
  });

  it('puts "needs its own name" on the second of two seasons or extras with one name', () => {
    const values = form();
    values.seasons.push({ ...emptySeason(), name: 'christmas', startDate: '2027-12-20', endDate: '2027-12-31', categoryPercents: { Sedan: '10' } });
    values.extras.push({ ...emptyExtra(), name: 'CHILD SEAT ', price: '900' });
    expect(validatePricesForm(values)).toEqual({ 'seasons.1.name': 'Each season needs its own name.', 'extras.1.name': 'Each extra needs its own name.' });
  });

  it('suggests a collision damage waiver and a child seat (4 in stock), their prices left to the company', () => {
    expect(SUGGESTED_EXTRAS.map((s) => s.name)).toEqual(['Collision damage waiver', 'Child seat']);
    const seat = suggestedExtra(SUGGESTED_EXTRAS[1]!);
    expect(seat).toMatchObject({ stock: '4', price: '' });
    expect(seat.id).toBeUndefined();
  });
});
