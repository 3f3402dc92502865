import { matchesCarSearch } from '@rental/contract/carSearch';
import { LIST_FILTER_CATEGORIES } from '@rental/contract/constants';
import type { Car } from '@rental/contract/schemas';

/** The free cars of a trip narrowed in the browser, by the rule the server's pages use. */
export function filterCars<C extends Car>(cars: readonly C[], search: string, category: string): C[] {
  return cars.filter((car) => (!category || car.category === category) && matchesCarSearch(car, search));
}

/** The spec's buttons, then any other category the fleet (or the chosen filter) holds. */
export function filterCategories(present: readonly string[], selected: string): string[] {
  const list: string[] = [...LIST_FILTER_CATEGORIES];
  for (const c of [...present, selected]) {
    if (c && !list.includes(c)) list.push(c);
  }
  return list;
}
