/** The check-in's read and its one write, over TanStack Query like the rest of the staff area. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../api/client';
import { ownerKeys } from '../../ownerQueries';

/** The same key as the check-out's read: one booking at the counter is one answer in the cache. */
export const counterBookingKey = (id: string) => [...ownerKeys.all, 'counter', id] as const;

export function useCheckInBooking(id: string) {
  return useQuery({
    queryKey: counterBookingKey(id),
    queryFn: ({ signal }) => callApi('counterBooking', { params: { id }, signal }),
    select: (answer) => answer.booking,
    // Staff fill the form from this answer: a background refetch must not change it under them.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Takes the keys back; the desk, the bookings and the car's readings change with it. */
export function useCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callApi('checkIn', { params: { id }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
  });
}
