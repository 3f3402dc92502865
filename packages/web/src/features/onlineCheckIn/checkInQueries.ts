/** Online check-in's calls: the state of each step (under the booking's key, so paying or signing refreshes it), the code, the signing. */
import type { CompleteCheckInBodyInput } from '@rental/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../api/client';

/** Under ['booking', …]: whatever refreshes the booking (a payment, a cancel) refreshes its check-in too. */
export const onlineCheckInKey = (bookingId: string) => ['booking', 'online-check-in', bookingId] as const;

export function useOnlineCheckIn(bookingId: string | undefined) {
  return useQuery({
    queryKey: onlineCheckInKey(bookingId ?? ''),
    queryFn: ({ signal }) => callApi('onlineCheckIn', { params: { id: bookingId ?? '' }, signal }),
    select: (answer) => answer.checkIn,
    enabled: bookingId !== undefined,
  });
}

export function sendCheckInCode(bookingId: string) {
  return callApi('sendCheckInCode', { params: { id: bookingId } });
}

/** Signs, then refreshes the booking (its onlineCheckIn) and the check-in's state. */
export function useCompleteCheckIn(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: CompleteCheckInBodyInput) => {
      const answer = await callApi('completeCheckIn', { params: { id: bookingId }, body });
      await queryClient.invalidateQueries({ queryKey: ['booking'] });
      return answer;
    },
    [bookingId, queryClient],
  );
}

/** After a refusal that changes what the server holds (a try used, the window closed): read the state again. */
export function useRefreshCheckIn(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: onlineCheckInKey(bookingId) }), [bookingId, queryClient]);
}
