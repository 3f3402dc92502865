/** The timeline's reads and the block writes, over the staff area's shared query cache. */
import { type CreateBlockInput, TIMELINE_CARS_PAGE } from '@rental/contract/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';
import { queryKeys } from '../../../lib/queryKeys';
import { backOfficeKeys } from '../backOfficeQueries';

/** Where staff are in the fleet: cars before the page, and the words searched for (empty: none). */
export interface FleetPlace {
  carsFrom: number;
  search: string;
}

export const timelineKey = (from: string, days: number, place: FleetPlace) => ['owner', 'timeline', from, days, place.carsFrom, place.search] as const;

/** A page of the fleet (TIMELINE_CARS_PAGE cars): the whole fleet's answer was 400 KB at 1,000 cars. */
export function useTimeline(from: string, days: number, place: FleetPlace) {
  return useQuery({
    queryKey: timelineKey(from, days, place),
    queryFn: () =>
      callApi('timeline', {
        query: {
          from,
          days: String(days),
          carsFrom: String(place.carsFrom),
          cars: String(TIMELINE_CARS_PAGE),
          ...(place.search ? { search: place.search } : {}),
        },
      }),
    // Moving a week or a page keeps the old one on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A block changes what customers may book: the owner's lists and the public cars are refreshed too. */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: backOfficeKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
      queryClient.invalidateQueries({ queryKey: ['car'] }),
      queryClient.invalidateQueries({ queryKey: ['availability'] }),
    ]);
}

export function useCreateBlock() {
  const refresh = useRefreshAfterBlock();
  return useMutation({ mutationFn: (body: CreateBlockInput) => callApi('createBlock', { body }), onSuccess: refresh });
}

/**
 * Says so here rather than in the panel that asked: the refreshed timeline no longer has the block,
 * so its panel is gone before a caller's own callbacks would run.
 */
export function useDeleteBlock() {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: (id: string) => callApi('deleteBlock', { params: { id } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return refresh();
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
