/**
 * What the company charges, as the server says it (GET /api/prices): seasons for the calendar,
 * extras, delivery places, GCT, whether cards are taken. The quote is useQuote.ts's, apart, so the
 * booking page (which reads only whether cards are taken) does not download the choices' code.
 */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';

/** The offer changes when staff save prices: a few times a season. */
export function usePrices(enabled = true) {
  return useQuery({
    queryKey: queryKeys.prices,
    queryFn: () => callApi('prices'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
