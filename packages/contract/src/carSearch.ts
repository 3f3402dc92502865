/** The car list's search, one rule for the server's pages and the browser's list of free cars. */
import type { Car } from './schemas/cars';

/** Every word of the search appears in the make, model, vehicle group or gearbox, ignoring case. */
export function matchesCarSearch(car: Pick<Car, 'brand' | 'model' | 'category' | 'transmission'>, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [car.brand, car.model, car.category, car.transmission].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
