/** The customer's bookings, one booking in full, and cancelling: shared query keys so every view refreshes together (the bank account: bankDetailsQuery.ts). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import toast from '../../lib/toast';
import { callApi, errorMessage } from '../../api/client';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from '../../session/useSession';

export function useMyBookings() {
  const { token } = useSession();
  const bookings = useQuery({
    queryKey: queryKeys.userBookings,
    queryFn: () => callApi('userBookings'),
    select: (data) => data.bookings,
    enabled: token !== null,
    meta: { errorToast: true },
  });
  return bookings;
}

export function useMyBooking(reference: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: queryKeys.userBooking(reference),
    queryFn: () => callApi('userBooking', { params: { reference } }),
    select: (data) => data.booking,
    enabled: token !== null && reference !== '',
  });
}

/** Under the booking's own key: cancelling or paying refreshes ['booking', …], and this with it. */
export const customerFolioKey = (bookingId: string) => ['booking', 'folio', bookingId] as const;

/** The booking's folio: the statement of charges and payments, and what is still to pay. */
export function useCustomerFolio(bookingId: string) {
  return useQuery({
    queryKey: customerFolioKey(bookingId),
    queryFn: ({ signal }) => callApi('folio', { params: { id: bookingId }, signal }),
    select: (answer) => answer.folio,
  });
}

/**
 * Cancels one of the customer's bookings; every list and the car's free days are refreshed.
 * A plain async call rather than useMutation: that hook would add 1 KB to the public pages' budget.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const cancel = useCallback(
    async (bookingId: string) => {
      setPending(true);
      try {
        const answer = await callApi('cancelBooking', { body: { bookingId } });
        toast.success(answer.message);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.userBookings }),
          queryClient.invalidateQueries({ queryKey: ['booking'] }),
          queryClient.invalidateQueries({ queryKey: queryKeys.car(answer.booking.car._id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
          queryClient.invalidateQueries({ queryKey: ['availability'] }),
        ]);
      } catch (error) {
        toast.error(errorMessage(error));
        // The booking may have changed meanwhile (staff, the hold's end): show it as it is now.
        await queryClient.invalidateQueries({ queryKey: ['booking'] });
      } finally {
        setPending(false);
      }
    },
    [queryClient],
  );
  return { cancel, isPending };
}
