/** A car's damages (read when staff open them) and marking one repaired. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
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

/** Toasts the server's sentence either way, like the rest of Manage Cars. */
export function useRepairDamage(carId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (damageId: string) => callApi('repairDamage', { params: { id: damageId } }),
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
