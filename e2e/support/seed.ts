/** The data every journey starts from, arranged once through the API by the global setup. */
import type { BankDetails, Car, CarFormInput } from './contractTypes';
import type { Rgb } from './png';

export type SeedCarKey = 'corolla' | 'civic' | 'xtrail' | 'mx5' | 'hilux' | 'noah' | 'swift' | 'hiace';

type SeedCar = { fields: CarFormInput; colour: Rgb };

const base = { location: 'Waterford, Portmore' } as const;

/** One car or more in every category, so every filter button of the list has something to show. */
export const SEED_FLEET: Record<SeedCarKey, SeedCar> = {
  corolla: {
    colour: [200, 30, 30],
    fields: {
      ...base,
      brand: 'Toyota',
      model: 'Corolla',
      year: 2022,
      pricePerDay: 6500,
      category: 'Sedan',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'A comfortable, economical sedan for town and country.',
    },
  },
  civic: {
    colour: [30, 30, 200],
    fields: {
      ...base,
      brand: 'Honda',
      model: 'Civic',
      year: 2021,
      pricePerDay: 6000,
      category: 'Sedan',
      transmission: 'Manual',
      fuel_type: 'Gas',
      seating_capacity: 5,
      description: 'Sporty sedan with a manual gear box.',
    },
  },
  xtrail: {
    colour: [30, 160, 60],
    fields: {
      ...base,
      brand: 'Nissan',
      model: 'X-Trail',
      year: 2023,
      pricePerDay: 9500,
      category: 'SUV',
      transmission: 'Automatic',
      fuel_type: 'Diesel',
      seating_capacity: 7,
      description: 'Seven seats for the whole family.',
    },
  },
  mx5: {
    colour: [230, 150, 20],
    fields: {
      ...base,
      brand: 'Mazda',
      model: 'MX-5',
      year: 2020,
      pricePerDay: 11000,
      category: 'Cabriolet',
      transmission: 'Manual',
      fuel_type: 'Petrol',
      seating_capacity: 2,
      description: 'Open-top driving along the coast.',
    },
  },
  hilux: {
    colour: [90, 90, 90],
    fields: {
      ...base,
      brand: 'Toyota',
      model: 'Hilux',
      year: 2022,
      pricePerDay: 10000,
      category: 'Pickup',
      transmission: 'Manual',
      fuel_type: 'Diesel',
      seating_capacity: 5,
      description: 'A strong pickup for work and play.',
    },
  },
  noah: {
    colour: [140, 40, 160],
    fields: {
      ...base,
      brand: 'Toyota',
      model: 'Noah',
      year: 2019,
      pricePerDay: 8500,
      category: 'Minivan',
      transmission: 'Automatic',
      fuel_type: 'Hybrid',
      seating_capacity: 8,
      description: 'Eight seats and sliding doors.',
    },
  },
  swift: {
    colour: [20, 170, 190],
    fields: {
      ...base,
      brand: 'Suzuki',
      model: 'Swift',
      year: 2021,
      pricePerDay: 4500,
      category: 'Hatchback',
      transmission: 'Semi-Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      description: 'Small, nimble and easy to park.',
    },
  },
  hiace: {
    colour: [240, 240, 40],
    fields: {
      ...base,
      brand: 'Toyota',
      model: 'Hiace',
      year: 2020,
      pricePerDay: 12000,
      category: 'Van',
      transmission: 'Manual',
      fuel_type: 'Diesel',
      seating_capacity: 15,
      description: 'Fifteen seats for groups and events.',
    },
  },
};

export type Account = { name: string; email: string; password: string; token: string };

export type Seed = {
  baseUrl: string;
  runId: string;
  resultsDir: string;
  owner: Account;
  /** A customer made through the API, who holds the reservation below. */
  customer: Account;
  cars: Record<SeedCarKey, Car>;
  /** Dates of the MX-5 that `customer` has booked: the detail page must warn about them. */
  reservation: { carKey: SeedCarKey; pickupDate: string; returnDate: string; reference: string };
  bankDetails: BankDetails;
};

declare module 'vitest' {
  export interface ProvidedContext {
    seed: Seed;
  }
}
