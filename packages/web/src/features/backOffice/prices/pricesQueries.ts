/** The price rules and extras staff edit, in the staff area's one cache. */
import type { PricesBody } from '@rental/contract/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export const pricesKey = [...backOfficeKeys.all, 'prices'] as const;

export function useStaffPrices() {
  return useQuery({
    queryKey: pricesKey,
    queryFn: ({ signal }) => callApi('ownerPrices', { signal }),
    // The form is filled once; a background refetch must not overwrite what the owner typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const savePrices = (body: PricesBody) => callApi('savePrices', { body });

/**
 * A save changes what customers are quoted: the public prices (queryKeys.prices), the quotes and
 * every car's page are read again. Written as the keys' first words, which name them all.
 */
export const refreshPrices = (queryClient: QueryClient) =>
  Promise.all(['prices', 'quote', 'car'].map((first) => queryClient.invalidateQueries({ queryKey: [first] })));
