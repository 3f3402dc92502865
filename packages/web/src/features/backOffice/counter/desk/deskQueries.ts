/** The desk's read and its one write (a no-show), over TanStack Query like the rest of the staff area. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../../api/client';
import { queryKeys } from '../../../../lib/queryKeys';
import { backOfficeKeys } from '../../backOfficeQueries';

export const deskKey = [...backOfficeKeys.all, 'desk'] as const;

export function useDesk() {
  return useQuery({
    queryKey: deskKey,
    queryFn: ({ signal }) => callApi('desk', { signal }),
    // A car may come back while the desk is open on a phone: read it again now and then.
    refetchInterval: 60_000,
  });
}

/** Marks a confirmed booking a no-show: its days are free again, everywhere the fleet is shown. */
export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => callApi('changeStatus', { body: { bookingId, status: 'no_show' } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}
