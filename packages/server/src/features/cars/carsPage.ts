/**
 * One page of the public fleet (GET /api/user/cars/page): the list the SPEC's call sends, narrowed
 * by the search and the vehicle group, then cut. Done in memory over the list the fleet cache
 * already keeps per fleet version and day: at 2,000 cars a pass is well under a millisecond, and
 * the list is the same one the SPEC's call answers, so both agree on every car and its order.
 */
import { CAR_CATEGORIES, CARS_PAGE_SIZE, type Car, type CarsPageQuery, type CarsPageResponse, matchesCarSearch } from '@rental/contract';

export function pageOfCars(fleet: readonly Car[], query: CarsPageQuery): CarsPageResponse {
  const size = query.size ? Number(query.size) : CARS_PAGE_SIZE;
  const search = query.search ?? '';
  const matching = fleet.filter((car) => (!query.category || car.category === query.category) && matchesCarSearch(car, search));
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const page = Math.min(pages, query.page ? Number(query.page) : 1);
  const present = new Set(fleet.map((car) => car.category));
  return {
    success: true,
    // A copy: the answer's picture URLs may be made absolute (PUBLIC_URL), the kept list must not change.
    cars: structuredClone(matching.slice((page - 1) * size, page * size)),
    total: matching.length,
    page,
    pages,
    pageSize: size,
    categories: CAR_CATEGORIES.filter((category) => present.has(category)),
  };
}
