import { CAR_CATEGORIES } from '@rental/contract/constants';
import { type CarsPageQuery, MAX_CAR_SEARCH_LENGTH } from '@rental/contract/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';

/** The highest page number an address may ask for (the server answers its last page past its end). */
const MAX_PAGE = 100_000;

/**
 * The page of the fleet /cars shows for its address: ?page=, ?search= and ?category=, each kept only
 * when the server would take it, so a typed or stale address draws a page rather than an error.
 * The server draws the page from the same function (entry-server), so both ask the same question.
 */
export function carsPageQueryOf(params: URLSearchParams): CarsPageQuery {
  const query: CarsPageQuery = {};
  const page = params.get('page') ?? '';
  if (/^\d{1,6}$/.test(page) && Number(page) > 1 && Number(page) <= MAX_PAGE) query.page = String(Number(page));
  const search = (params.get('search') ?? '').trim().slice(0, MAX_CAR_SEARCH_LENGTH).trim();
  if (search) query.search = search;
  const category = params.get('category') ?? '';
  if ((CAR_CATEGORIES as readonly string[]).includes(category)) query.category = category as CarsPageQuery['category'];
  return query;
}

/** A few cars for a page that shows some (the home page, under a car): the fleet's first `size`. */
export const firstCarsQuery = (size: number): CarsPageQuery => ({ size: String(size) });

/** One page of the fleet; while the next page loads, the one shown stays (no flash of empty grid). */
export function useCarsPage(query: CarsPageQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.carsPage(query),
    queryFn: () => callApi('carsPage', { query }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorToast: true },
  });
}
