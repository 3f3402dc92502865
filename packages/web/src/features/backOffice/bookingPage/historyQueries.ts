/** What happened to a booking (its typed events), for staff; asked again whenever staff change anything of theirs. */
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { ownerKeys } from '../ownerQueries';

export function useBookingHistory(bookingId: string) {
  return useQuery({
    queryKey: [...ownerKeys.all, 'history', bookingId] as const,
    queryFn: ({ signal }) => callApi('bookingHistory', { params: { id: bookingId }, signal }),
  });
}
