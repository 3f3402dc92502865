/**
 * Online check-in's calls: the booking and the state of each step (under the booking's key, so paying
 * or signing refreshes them), the code, the signing; each through the session checking in (checkInAccess.ts).
 */
import type { ApiClient } from '@rental/contract/client';
import type { CompleteCheckInBodyInput } from '@rental/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../lib/queryKeys';
import { useCheckInAccess } from './checkInAccess';

/** Under ['booking', …]: whatever refreshes the booking (a payment, a cancel) refreshes its check-in too. */
export const onlineCheckInKey = (bookingId: string) => ['booking', 'online-check-in', bookingId] as const;

/** The booking in full: the account's under its usual key (the booking page shares it), a link's session under its own. */
export function useCheckInBooking(reference: string) {
  const { api, bookingSession } = useCheckInAccess();
  return useQuery({
    queryKey: bookingSession ? ['booking', 'link-session', reference.toUpperCase()] : queryKeys.userBooking(reference),
    queryFn: () => api.call('userBooking', { params: { reference } }),
    select: (data) => data.booking,
    enabled: reference !== '',
  });
}

export function useOnlineCheckIn(bookingId: string | undefined) {
  const { api } = useCheckInAccess();
  return useQuery({
    queryKey: onlineCheckInKey(bookingId ?? ''),
    queryFn: ({ signal }) => api.call('onlineCheckIn', { params: { id: bookingId ?? '' }, signal }),
    select: (answer) => answer.checkIn,
    enabled: bookingId !== undefined,
  });
}

export function sendCheckInCode(api: ApiClient, bookingId: string) {
  return api.call('sendCheckInCode', { params: { id: bookingId } });
}

/** Signs, then refreshes the booking (its onlineCheckIn, wherever it shows) and the check-in's state. */
export function useCompleteCheckIn(bookingId: string) {
  const queryClient = useQueryClient();
  const { api } = useCheckInAccess();
  return useCallback(
    async (body: CompleteCheckInBodyInput) => {
      const answer = await api.call('completeCheckIn', { params: { id: bookingId }, body });
      await queryClient.invalidateQueries({ queryKey: ['booking'] });
      return answer;
    },
    [api, bookingId, queryClient],
  );
}

/** After a refusal that changes what the server holds (a try used, the window closed): read the state again. */
export function useRefreshCheckIn(bookingId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: onlineCheckInKey(bookingId) }), [bookingId, queryClient]);
}
