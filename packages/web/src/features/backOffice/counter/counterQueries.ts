/** One booking at the counter and its two writes (keys out, keys back), over TanStack Query like the rest of the staff area. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementPreviewBodyInput } from '@rental/contract/schemas';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

/** Check-out and check-in read the same answer: one booking at the counter is one entry in the cache. */
const counterBookingKey = (id: string) => [...backOfficeKeys.all, 'counter', id] as const;

export function useCounterBooking(id: string) {
  return useQuery({
    queryKey: counterBookingKey(id),
    queryFn: ({ signal }) => callApi('counterBooking', { params: { id }, signal }),
    select: (answer) => answer.booking,
    // Staff fill the form from this answer: a background refetch must not change it under them.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Sends the keys out; the desk, the bookings and the car's readings change with it. */
export function useCheckOut(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callApi('checkOut', { params: { id }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

/** Takes the keys back; the same changes follow. */
export function useCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => callApi('checkIn', { params: { id }, form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
  });
}

/** The agreement as it will be signed, worked out by the server from the form as it stands; nothing is kept. */
export function useAgreementPreview(id: string) {
  return useMutation({
    mutationFn: (body: AgreementPreviewBodyInput) => callApi('agreementPreview', { params: { id }, body }),
  });
}
