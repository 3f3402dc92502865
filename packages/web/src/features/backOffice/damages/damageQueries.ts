/** A car's damages (read when staff open them) and marking one repaired. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../../../lib/toast';
import type { RepairDamageBodyInput } from '@rental/contract/schemas';
import { callApi, errorMessage } from '../../../api/client';

/** Under the owner's key, so a change to the fleet reads them again too. */
export const damagesKey = (carId: string) => ['owner', 'car-damages', carId] as const;

export function useCarDamages(carId: string) {
  return useQuery({
    queryKey: damagesKey(carId),
    queryFn: () => callApi('carDamages', { params: { id: carId } }),
    select: (data) => data.damages,
  });
}

/**
 * Owners and managers: the repair's day and cost (left out: today, cost not known). Toasts the
 * server's sentence on success; a refusal is toasted too, and handed to the form that sent it.
 */
export function useRepairDamage(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ damageId, repair }: { damageId: string; repair: RepairDamageBodyInput }) =>
      callApi('repairDamage', { params: { id: damageId }, body: repair }),
    onSuccess: (data) => {
      toast.success(data.message);
      return queryClient.invalidateQueries({ queryKey: damagesKey(carId) });
    },
    onError: (error: unknown) => {
      toast.error(errorMessage(error));
      // Repaired meanwhile by someone else: the list shows it as it is now.
      return queryClient.invalidateQueries({ queryKey: damagesKey(carId) });
    },
  });
}
