/** The new booking page's calls: the customer search (as staff type) and the booking itself. */
import type { StaffBookingBodyInput } from '@rental/contract/schemas';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';
import { useDebouncedValue } from '../useDebouncedValue';
import { searchWorthAsking } from './newBookingForm';

/** Typing pauses this long before the server is asked. */
const SEARCH_PAUSE_MS = 300;

export function useCustomerSearch(text: string) {
  const settled = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);
  const asked = searchWorthAsking(settled);
  return useQuery({
    queryKey: ['owner', 'customers', settled],
    queryFn: () => callApi('customerSearch', { query: { q: settled } }),
    select: (answer) => answer.customers,
    enabled: asked,
    placeholderData: keepPreviousData,
  });
}

/** Books, then refreshes the staff's lists (Manage Bookings, the desk, the timeline) that show it. */
export function useBookForCustomer() {
  const queryClient = useQueryClient();
  return async (body: StaffBookingBodyInput) => {
    const answer = await callApi('staffBooking', { body });
    await queryClient.invalidateQueries({ queryKey: backOfficeKeys.all });
    return answer;
  };
}
