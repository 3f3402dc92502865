import { LIST_FILTER_CATEGORIES } from '@rental/contract/constants';
import type { Car } from '@rental/contract/schemas';

/** Search matches brand, model, category and transmission, ignoring case. */
export function matchesSearch(car: Car, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [car.brand, car.model, car.category, car.transmission].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function filterCars(cars: readonly Car[], search: string, category: string): Car[] {
  return cars.filter((car) => (!category || car.category === category) && matchesSearch(car, search));
}

/** The spec's buttons, then any other category the fleet (or the chosen filter) holds. */
export function filterCategories(cars: readonly Car[], selected: string): string[] {
  const list: string[] = [...LIST_FILTER_CATEGORIES];
  for (const c of [...cars.map((car) => car.category), selected]) {
    if (c && !list.includes(c)) list.push(c);
  }
  return list;
}
