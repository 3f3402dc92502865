/** A car of one journey's own, so its days are nobody else's: a small town car, named for this run. */
import type { Car } from '@rental/contract/schemas';
import { apiClient } from './api';
import { pngFile } from './png';
import type { Seed } from './seed';

export function addTownCar(
  seed: Seed,
  car: { brand: string; model: string; year: number; pricePerDay: number; colour: readonly [number, number, number] },
): Promise<Car> {
  return apiClient(seed.baseUrl).addCar(
    seed.owner.token,
    {
      brand: car.brand,
      model: `${car.model} ${seed.runId.slice(0, 4)}`,
      year: car.year,
      pricePerDay: car.pricePerDay,
      category: 'Hatchback',
      transmission: 'Automatic',
      fuel_type: 'Petrol',
      seating_capacity: 5,
      location: 'Waterford, Portmore',
      description: 'A small car for the town.',
    },
    pngFile(`${car.model.toLowerCase()}.png`, car.colour),
  );
}
