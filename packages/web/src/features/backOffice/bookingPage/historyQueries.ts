/** What happened to a booking (its typed events), for staff; asked again whenever staff change anything of theirs. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export function useBookingHistory(bookingId: string) {
  return useQuery({
    queryKey: [...backOfficeKeys.all, 'history', bookingId] as const,
    queryFn: ({ signal }) => callApi('bookingHistory', { params: { id: bookingId }, signal }),
  });
}
