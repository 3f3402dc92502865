import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../schemas';
import { carFormFields } from './cars';

const form = {
  brand: 'Toyota',
  model: 'Corolla',
  year: 2021,
  pricePerDay: 8500,
  category: 'Sedan',
  transmission: 'Automatic',
  fuel_type: 'Petrol',
  seating_capacity: 5,
  location: 'Waterford, Portmore',
  description: 'A quiet sedan.',
};

function priceMessage(pricePerDay: unknown): string | undefined {
  const result = carFormFields.safeParse({ ...form, pricePerDay });
  return result.success ? undefined : firstIssueMessage(result.error);
}

describe('the price per day', () => {
  it.each([0, -5, '0', '-5', ' -12 ', '-0'])('refuses %j as a price that must be more than 0', (price) => {
    expect(priceMessage(price)).toBe('Price per day must be more than 0.');
  });

  it.each([8.5, '8.5', '-2.5', 'cheap', '', '1e3', null])('refuses %j as not a whole number', (price) => {
    expect(priceMessage(price)).toBe('Price per day must be a whole number.');
  });

  it('refuses more than the most a day may cost, and takes a whole amount typed or sent', () => {
    expect(priceMessage(1_000_001)).toBe('Price per day must be at most 1,000,000.');
    for (const price of [1, '8500', ' 12000 ', 1_000_000]) expect(priceMessage(price)).toBeUndefined();
    expect(carFormFields.parse({ ...form, pricePerDay: ' 12000 ' }).pricePerDay).toBe(12000);
  });
});
