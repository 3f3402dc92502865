/** The timeline's reads and the block writes, over the staff area's shared query cache. */
import type { CreateBlockInput } from '@rental/contract/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import { callApi, errorMessage } from '../../../api/client';
import { queryKeys } from '../../../lib/queryKeys';
import { backOfficeKeys } from '../backOfficeQueries';

export const timelineKey = (from: string, days: number) => ['owner', 'timeline', from, days] as const;

export function useTimeline(from: string, days: number) {
  return useQuery({
    queryKey: timelineKey(from, days),
    queryFn: () => callApi('timeline', { query: { from, days: String(days) } }),
    // Moving a week keeps the old weeks on screen until the new ones arrive.
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
